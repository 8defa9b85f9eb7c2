import { decodeCursor, encodeCursor } from '@loupe/domain/api/list';
import { isAllowed } from '@loupe/domain/auth/permissions';
import type { TActor } from '@loupe/domain/auth/roles';
import { AppError } from '@loupe/domain/errors/errors';
import {
  EPCIS_EXPORT_MAX_EVENTS,
  EPCIS_READER_ROLES,
  type TEpcisEventQuery,
  type TEpcisExportQuery,
  type TEpcisJson,
} from '@loupe/domain/integrations/epcis';
import {
  epcHexOf,
  epcisDocument,
  epcisEventOf,
  epcisQueryDocument,
  epcisUris,
  matchesEpcisQuery,
  type TEpcisSourceRow,
} from '@loupe/domain/integrations/epcis-events';
import type { TClock } from '../../lib/clock.ts';
import { forbidden } from '../../lib/service-errors.ts';
import type { TEpcisRepository, TEpcisRowFilter, TEpcisRowKey } from './repository.ts';

export type TEpcisServiceOptions = {
  readonly epcis: TEpcisRepository;
  readonly clock: TClock;
  /** PUBLIC_URL: Loupe's identifiers (read points, locations, event ids) are URIs under it. */
  readonly publicUrl: string;
};

type TFound = { readonly row: TEpcisSourceRow; readonly event: TEpcisJson };

/** History rows read per round while looking for events that pass a filter SQL cannot apply (bizStep). */
const SCAN_BATCH = 500;

function queryInvalid(field: string, message: string): AppError {
  return new AppError('EPCIS_QUERY_INVALID', `${field}: ${message}`, {
    details: { issues: [{ field: `query.${field}`, message }] },
  });
}

function tokenOf(row: TEpcisSourceRow): string {
  return encodeCursor({ value: row.at.toISOString(), id: `${row.source}-${row.id}` });
}

/** A page token this API made, as the row key it holds; anything else is refused. */
function keyOf(token: string): TEpcisRowKey {
  const cursor = decodeCursor(token);
  const match = /^(move|change)-(\d+)$/.exec(cursor?.id ?? '');
  const at = typeof cursor?.value === 'string' ? new Date(cursor.value) : null;
  if (!match?.[1] || !match[2] || at === null || Number.isNaN(at.getTime())) {
    throw queryInvalid('nextPageToken', 'This page token is not one this query made.');
  }
  return { at, source: match[1] as TEpcisRowKey['source'], id: Number(match[2]) };
}

/**
 * EPCIS 2.0 out of Loupe (issue 41): the query interface of the REST binding (GET /epcis/events) and a document
 * export, over events derived from the history (repository.ts reads it, the domain maps it). Admins and managers
 * read them: the events carry every job's whereabouts, like the tracking views managers already see.
 */
export function createEpcisService(options: TEpcisServiceOptions) {
  const { epcis: repository, clock } = options;
  const uris = epcisUris(options.publicUrl);

  function assertReader(actor: TActor): void {
    if (!isAllowed(actor, EPCIS_READER_ROLES)) throw forbidden('Only admins and managers read EPCIS events.');
  }

  /**
   * The events after `filter.after` that pass `query`, at most `max` and one more (to tell whether another page
   * follows). Rows are read in batches: a filter on the mapped event (bizStep) may skip many of them.
   */
  async function collect(
    filter: Omit<TEpcisRowFilter, 'limit'>,
    query: TEpcisEventQuery | null,
    max: number,
  ) {
    const found: TFound[] = [];
    let after = filter.after ?? null;
    const batch = Math.min(Math.max(max + 1, 50), SCAN_BATCH);
    for (;;) {
      const rows = await repository.rows({ ...filter, after, limit: batch });
      for (const row of rows) {
        const event = epcisEventOf(row, uris);
        if (event === null || (query !== null && !matchesEpcisQuery(event, query))) continue;
        found.push({ row, event });
        if (found.length > max) return { found: found.slice(0, max), more: true };
      }
      const last = rows.at(-1);
      if (rows.length < batch || !last) return { found, more: false };
      after = { at: last.at, source: last.source, id: last.id };
    }
  }

  /** The filters SQL can apply: time range, EPCs, stations and departments (URIs not Loupe's match nothing). */
  function rowFilter(query: TEpcisEventQuery): Omit<TEpcisRowFilter, 'limit'> {
    const ids = (values: readonly string[] | undefined, idOf: (uri: string) => string | null) =>
      values?.flatMap((value) => {
        const id = idOf(value);
        return id === null ? [] : [id];
      });
    return {
      from: query.GE_eventTime === undefined ? undefined : new Date(query.GE_eventTime),
      to: query.LT_eventTime === undefined ? undefined : new Date(query.LT_eventTime),
      epcs: ids(query.MATCH_epc ?? query.MATCH_anyEPC, epcHexOf),
      stationIds: ids(query.EQ_readPoint, uris.stationIdOf),
      departmentIds: ids(query.EQ_bizLocation, uris.departmentIdOf),
      after: query.nextPageToken === undefined ? null : keyOf(query.nextPageToken),
    };
  }

  return {
    uris,

    /** GET /epcis/events: one page of events as an EPCISQueryDocument, and the token of the next page. */
    async queryEvents(
      actor: TActor,
      query: TEpcisEventQuery,
    ): Promise<{ document: TEpcisJson; nextPageToken: string | null }> {
      assertReader(actor);
      if (
        query.GE_eventTime !== undefined &&
        query.LT_eventTime !== undefined &&
        Date.parse(query.GE_eventTime) > Date.parse(query.LT_eventTime)
      ) {
        throw queryInvalid('LT_eventTime', 'LT_eventTime comes before GE_eventTime.');
      }
      const { found, more } = await collect(rowFilter(query), query, query.perPage);
      const last = found.at(-1);
      return {
        document: epcisQueryDocument({ events: found.map((f) => f.event), uris, createdAt: clock() }),
        nextPageToken: more && last ? tokenOf(last.row) : null,
      };
    },

    /** GET /epcis/documents: one job's events, or a time range's, as one EPCISDocument. */
    async exportDocument(actor: TActor, query: TEpcisExportQuery): Promise<TEpcisJson> {
      assertReader(actor);
      const from = query.from === undefined ? undefined : new Date(query.from);
      const to = query.to === undefined ? undefined : new Date(query.to);
      if (from && to && from > to) throw queryInvalid('to', 'to comes before from.');
      const { found, more } = await collect({ itemId: query.jobId, from, to }, null, EPCIS_EXPORT_MAX_EVENTS);
      if (more) {
        throw new AppError(
          'EPCIS_EXPORT_TOO_LARGE',
          `More than ${EPCIS_EXPORT_MAX_EVENTS} events in this range: export a shorter one, or page through GET /epcis/events.`,
        );
      }
      return epcisDocument({ events: found.map((f) => f.event), uris, createdAt: clock() });
    },

    /** The events of history rows after `after` (capture): at most `max`, with the last row read. */
    collect,
  };
}

export type TEpcisService = ReturnType<typeof createEpcisService>;
