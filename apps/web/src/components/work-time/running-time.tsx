import { formatTimerClock } from '@loupe/domain/workflow/work-time';
import { useNow } from '@/lib/use-now';

/** A running timer's elapsed time, ticking each second (the kiosk and the station TV). */
export function RunningTime({ startedAt, className }: { startedAt: string; className?: string }) {
  const now = useNow(1_000);
  const seconds = (now - Date.parse(startedAt)) / 1000;
  return (
    <time className={className} dateTime={`PT${Math.max(0, Math.floor(seconds))}S`}>
      {formatTimerClock(seconds)}
    </time>
  );
}
