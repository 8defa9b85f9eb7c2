import type { TRealtimeConnectionState } from '@loupe/domain/realtime/events';
import { cn } from '@/lib/cn';
import { useRealtime } from './realtime-context';

const LABELS: Readonly<Record<TRealtimeConnectionState, string>> = {
  connected: 'Live',
  reconnecting: 'Reconnecting…',
  disconnected: 'Offline',
  failed: 'Live updates stopped',
};

const DOT: Readonly<Record<TRealtimeConnectionState, string>> = {
  connected: 'bg-emerald-500',
  reconnecting: 'bg-amber-500 animate-pulse',
  disconnected: 'bg-muted-foreground',
  failed: 'bg-destructive',
};

/** Spec §7 user:online-count-changed, as the header shows it. */
export function onlineCountText(count: number): string {
  return `${count} online`;
}

/**
 * The connection state in the header (spec §4 "Realtime connection"), with how many people are online while
 * connected; after failing, a reload retries.
 */
export function RealtimeStatus() {
  const realtime = useRealtime();
  if (!realtime) return null;
  const { state, failure, onlineCount } = realtime;
  return (
    <output
      aria-live="polite"
      title={
        failure
          ? `${failure.message} (${failure.attempts} attempts). Reload the page to try again.`
          : undefined
      }
      className="flex items-center gap-1.5 rounded-md px-2 text-xs text-muted-foreground"
    >
      <span aria-hidden className={cn('size-2 rounded-full', DOT[state])} />
      <span>{LABELS[state]}</span>
      {state === 'connected' && onlineCount !== null ? (
        <span className="hidden sm:inline">· {onlineCountText(onlineCount)}</span>
      ) : null}
    </output>
  );
}
