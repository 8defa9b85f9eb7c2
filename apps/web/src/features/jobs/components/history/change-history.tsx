import type { TItemChange } from '@loupe/domain/history/item-change';
import { Button } from '@/components/ui/button';
import { formatDateTime, formatRelativeTime } from '@/lib/date-format';
import { describeChange, type TChangeFormatter } from './describe-change';

export type TChangeHistoryProps = {
  readonly changes: readonly TItemChange[];
  readonly formatter: TChangeFormatter;
  readonly now: Date;
  readonly hasMore: boolean;
  readonly isLoadingMore: boolean;
  readonly onLoadMore: () => void;
};

/** Every change of an order or repair with who made it and when (issue 5 §3), newest first. */
export function ChangeHistory({
  changes,
  formatter,
  now,
  hasMore,
  isLoadingMore,
  onLoadMore,
}: TChangeHistoryProps) {
  if (changes.length === 0) return <p className="text-sm text-muted-foreground">No changes recorded yet.</p>;
  return (
    <div className="grid gap-3">
      <ol className="grid gap-3" aria-label="Change history">
        {changes.map((change) => {
          const { headline, lines } = describeChange(change, formatter);
          return (
            <li key={change.id} className="grid gap-1 rounded-md border p-3 text-sm">
              <p>
                <span className="font-medium">{headline}</span>
                <span className="text-muted-foreground">
                  {' '}
                  by {change.actor?.name ?? 'Loupe'},{' '}
                  <time dateTime={change.at} title={formatDateTime(change.at)}>
                    {formatRelativeTime(change.at, now)}
                  </time>
                </span>
              </p>
              {lines.length > 0 ? (
                <ul className="grid gap-0.5 text-muted-foreground">
                  {lines.map((line) => (
                    <li key={line} className="break-words">
                      {line}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ol>
      {hasMore ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={onLoadMore}
          disabled={isLoadingMore}
        >
          {isLoadingMore ? 'Loading…' : 'Show older changes'}
        </Button>
      ) : null}
    </div>
  );
}
