import type { ZEpcisEventQuerySchema } from '@loupe/domain/integrations/epcis';
import type { z } from 'zod';
import { CopyableValue } from './copyable-value';

type TEpcisQueryParameter = keyof z.input<typeof ZEpcisEventQuerySchema>;

/** Each filter GET /epcis/events takes (the schema's keys, so a new one must be described here). */
const PARAMETER_HELP: Readonly<Record<TEpcisQueryParameter, string>> = {
  GE_eventTime: 'events at or after this time (ISO 8601 with offset)',
  LT_eventTime: 'events before this time',
  MATCH_epc: 'these EPCs (tag URNs), separated by |',
  MATCH_anyEPC: 'the same as MATCH_epc',
  EQ_bizStep: 'these business steps, e.g. arriving|departing',
  EQ_readPoint: 'these read points (stations)',
  EQ_bizLocation: 'these business locations (departments)',
  perPage: 'events per page (30 unless given)',
  nextPageToken: 'the next page, from the Link header (rel="next")',
};

/** The EPCIS 2.0 REST binding's events query, for another system to read Loupe's events itself. */
export function EpcisQueryHelp({ origin = window.location.origin }: { readonly origin?: string }) {
  const url = new URL('/api/v1/epcis/events', origin).toString();
  return (
    <div className="grid gap-2 text-sm">
      <p className="text-muted-foreground">
        Another system can query the events itself (EPCIS 2.0 REST binding, answered as an
        EPCISQueryDocument), signed in as an admin or a manager with a bearer token.
      </p>
      <CopyableValue label="Query endpoint" value={url} copiedMessage="Address copied." />
      <dl aria-label="Query filters" className="grid gap-1 sm:grid-cols-[max-content_1fr] sm:gap-x-4">
        {Object.entries(PARAMETER_HELP).map(([name, help]) => (
          <div key={name} className="contents">
            <dt className="font-mono text-xs">{name}</dt>
            <dd className="text-muted-foreground">{help}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-muted-foreground">
        Example:{' '}
        <code className="break-all">{`${url}?EQ_bizStep=arriving&GE_eventTime=2026-01-01T00:00:00Z`}</code>
      </p>
    </div>
  );
}
