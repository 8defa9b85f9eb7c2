import type { TLocationHistoryEntry } from '@loupe/domain/tracking/location-history';
import { Link } from 'react-router';
import { formatDateTime, formatDurationMinutes, minutesSince } from '@/lib/date-format';
import { paths, pathTo } from '@/lib/paths';

export type TLocationTimelineProps = {
  /** Newest first (spec §3). */
  readonly entries: readonly TLocationHistoryEntry[];
  readonly now: Date;
  /** The newest entry is where the item still is (tracked and not offsite). */
  readonly isAtNewest: boolean;
};

/**
 * The stations an item went through, newest first. Each history entry records an arrival, and its
 * `duration` is the time spent at the place it left, i.e. at the entry below it: so entry i's stay is
 * entries[i - 1].duration, and the newest stay is still running.
 */
export function LocationTimeline({ entries, now, isAtNewest }: TLocationTimelineProps) {
  if (entries.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        No moves yet. The timeline starts when a reader first sees the tag.
      </p>
    );
  }
  return (
    <ol className="grid gap-0" aria-label="Location timeline">
      {entries.map((entry, index) => {
        const newer = entries[index - 1];
        const stay =
          newer !== undefined
            ? `${formatDurationMinutes(newer.duration)} at `
            : isAtNewest
              ? `${formatDurationMinutes(minutesSince(entry.timestamp, now))} so far at `
              : 'Last at ';
        return (
          <li
            key={`${entry.timestamp}-${entry.location}`}
            className="relative border-l-2 pb-4 pl-4 last:pb-0"
          >
            <span
              aria-hidden="true"
              className="absolute top-1 -left-[7px] size-3 rounded-full border-2 border-background"
              style={{ background: index === 0 && isAtNewest ? 'var(--primary)' : 'var(--muted-foreground)' }}
            />
            <p className="text-sm font-medium">
              {stay}
              <Link
                to={pathTo(paths.stationDetail, {
                  departmentId: entry.currentDepartment.id,
                  stationId: entry.currentStation.id,
                })}
                className="underline-offset-4 hover:underline"
              >
                {entry.location}
              </Link>
            </p>
            <p className="text-xs text-muted-foreground">
              Arrived <time dateTime={entry.timestamp}>{formatDateTime(entry.timestamp)}</time>
            </p>
          </li>
        );
      })}
    </ol>
  );
}
