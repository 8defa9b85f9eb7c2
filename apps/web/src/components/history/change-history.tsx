import type { TItemChange, TItemChangeAction } from '@loupe/domain/history/item-change';
import { Button } from '@/components/ui/button';
import { formatDateTime, formatRelativeTime } from '@/lib/date-format';

export const ITEM_CHANGE_ACTION_LABELS: Readonly<Record<TItemChangeAction, string>> = {
  created: 'Created',
  updated: 'Edited',
  'status-changed': 'Status changed',
  'photo-added': 'Photo added',
  'photo-removed': 'Photo removed',
  'epc-assigned': 'Tag assigned',
  'tracking-stopped': 'Tracking stopped',
  'expected-offsite-changed': 'Expected offsite changed',
  'returned-from-offsite': 'Returned from offsite',
};

/** How one feature reads its own fields: a label, and a value as text (null: the value is not worth showing). */
export type TChangeFormatter = {
  readonly fieldLabel: (field: string) => string;
  readonly formatValue: (field: string, value: unknown) => string | null;
};

const EMPTY_VALUE = '—';

/** A value the feature has no special rule for: text, numbers, yes/no, lists. */
export function plainValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? EMPTY_VALUE : value.map(plainValue).join(', ');
  return JSON.stringify(value);
}

/** 'Price: $100.00 → $120.00', or 'Customer changed' when the values are ids nobody can read. */
export function describeFieldChange(
  field: string,
  change: { from: unknown; to: unknown },
  formatter: TChangeFormatter,
): string {
  const label = formatter.fieldLabel(field);
  const from = formatter.formatValue(field, change.from);
  const to = formatter.formatValue(field, change.to);
  if (from === null || to === null) return `${label} changed`;
  return `${label}: ${from} → ${to}`;
}

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
          const fields = Object.entries(change.changes);
          return (
            <li key={change.id} className="grid gap-1 rounded-md border p-3 text-sm">
              <p>
                <span className="font-medium">{ITEM_CHANGE_ACTION_LABELS[change.action]}</span>
                <span className="text-muted-foreground">
                  {' '}
                  by {change.actor?.name ?? 'Loupe'},{' '}
                  <time dateTime={change.at} title={formatDateTime(change.at)}>
                    {formatRelativeTime(change.at, now)}
                  </time>
                </span>
              </p>
              {fields.length > 0 ? (
                <ul className="grid gap-0.5 text-muted-foreground">
                  {fields.map(([field, fieldChange]) => (
                    <li key={field} className="break-words">
                      {describeFieldChange(field, fieldChange, formatter)}
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
