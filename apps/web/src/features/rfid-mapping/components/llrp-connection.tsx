import {
  LLRP_CONNECTION_STATE_LABELS,
  type TLlrpConnectionState,
  type TLlrpReader,
} from '@loupe/domain/registry/llrp';
import { Badge } from '@/components/ui/badge';
import { formatDateTime, formatRelativeTime } from '@/lib/date-format';

export const LLRP_NOT_SET_UP = 'Not set up: open its LLRP settings';
export const LLRP_LOADING = 'Loading…';
export const LLRP_LOAD_FAILED = 'Could not load its connection';

function variantOf(state: TLlrpConnectionState) {
  switch (state) {
    case 'connected':
      return 'default';
    case 'connecting':
      return 'outline';
    case 'disconnected':
      return 'secondary';
    case 'error':
      return 'destructive';
    default: {
      const unreachable: never = state;
      throw new Error(`unknown LLRP connection state ${String(unreachable)}`);
    }
  }
}

/** Loupe's connection to an LLRP reader, in place of the status a reader that calls Loupe reports. */
export function LlrpConnectionBadge({ state }: { state: TLlrpConnectionState }) {
  return <Badge variant={variantOf(state)}>{LLRP_CONNECTION_STATE_LABELS[state]}</Badge>;
}

function Time({ at, now }: { at: string; now: number }) {
  return (
    <time dateTime={at} title={formatDateTime(at)}>
      {formatRelativeTime(at, new Date(now))}
    </time>
  );
}

/**
 * The card's lines for an LLRP reader (Loupe calls it: no API key): where it is, what it is, the connection's
 * last error and when it last reported. `llrp` is undefined while it loads or when it could not be loaded.
 */
export function LlrpReaderRows({
  llrp,
  isError,
  now,
}: {
  llrp: TLlrpReader | undefined;
  isError: boolean;
  now: number;
}) {
  if (!llrp) {
    return (
      <>
        <dt className="text-muted-foreground">Connection</dt>
        <dd className={isError ? 'text-destructive' : undefined}>
          {isError ? LLRP_LOAD_FAILED : LLRP_LOADING}
        </dd>
      </>
    );
  }
  const { settings, connection } = llrp;
  const identity = [connection.manufacturer, connection.model].filter(Boolean).join(' ');
  return (
    <>
      <dt className="text-muted-foreground">Address</dt>
      <dd className="break-all">
        {settings ? `${settings.host}:${settings.port}${settings.useTls ? ' (TLS)' : ''}` : LLRP_NOT_SET_UP}
      </dd>
      {identity ? (
        <>
          <dt className="text-muted-foreground">Reader</dt>
          <dd>
            {identity}
            {connection.firmware ? `, firmware ${connection.firmware}` : ''}
          </dd>
        </>
      ) : null}
      <dt className="text-muted-foreground">Last report</dt>
      <dd>{connection.lastReportAt ? <Time at={connection.lastReportAt} now={now} /> : 'never'}</dd>
      {connection.lastError ? (
        <>
          <dt className="text-muted-foreground">Last error</dt>
          <dd className="break-words text-destructive">{connection.lastError}</dd>
        </>
      ) : null}
    </>
  );
}
