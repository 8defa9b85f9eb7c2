import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useEffect, useRef } from 'react';
import { LoadingSpinner } from '@/components/loading-spinner';
import { cn } from '@/lib/cn';

/** Rows rendered beyond the visible ones, so a fast scroll never shows a blank gap. */
const OVERSCAN_ROWS = 6;
/** Start loading the next page this many rows before the end. */
const LOAD_AHEAD_ROWS = 10;

export type TVirtualListProps<T> = {
  readonly items: readonly T[];
  /** Every row is this tall (px): fixed heights keep scrolling through 100,000 rows cheap. */
  readonly rowHeight: number;
  readonly getKey: (item: T) => string;
  readonly renderRow: (item: T, index: number) => ReactNode;
  /** The accessible name of the list: 'Orders'. */
  readonly label: string;
  /** The size of the whole (server-side) list, announced as each row's set size. */
  readonly totalCount: number;
  readonly hasNextPage: boolean;
  readonly isFetchingNextPage: boolean;
  /** Asked for when the user nears the end of what is loaded. */
  readonly onLoadMore: () => void;
  readonly className?: string;
};

/**
 * A scrolling list that keeps only the visible rows (plus a few) in the DOM, loading further pages as the
 * end comes into view. Rows are list items; render a link inside for click and Enter.
 */
export function VirtualList<T>({
  items,
  rowHeight,
  getKey,
  renderRow,
  label,
  totalCount,
  hasNextPage,
  isFetchingNextPage,
  onLoadMore,
  className,
}: TVirtualListProps<T>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // One extra row at the end holds the "loading more" spinner while pages remain.
  const count = items.length + (hasNextPage ? 1 : 0);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: OVERSCAN_ROWS,
    getItemKey: (index) => {
      const item = items[index];
      return item === undefined ? '__loading-more__' : getKey(item);
    },
  });

  // A new row height (a phone turned, a window resized past the breakpoint) re-lays the rows out.
  // biome-ignore lint/correctness/useExhaustiveDependencies: rowHeight is the trigger; measure() reads it through estimateSize.
  useEffect(() => {
    virtualizer.measure();
  }, [rowHeight, virtualizer]);

  const virtualRows = virtualizer.getVirtualItems();
  const lastIndex = virtualRows.at(-1)?.index ?? -1;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= items.length - LOAD_AHEAD_ROWS) onLoadMore();
  }, [hasNextPage, isFetchingNextPage, lastIndex, items.length, onLoadMore]);

  return (
    <div
      ref={scrollRef}
      data-slot="virtual-list"
      className={cn('relative overflow-y-auto overscroll-contain rounded-md border', className)}
    >
      <ul
        aria-label={label}
        className="relative w-full"
        style={{ height: `${virtualizer.getTotalSize()}px` }}
      >
        {virtualRows.map((row) => {
          const item = items[row.index];
          return (
            <li
              key={row.key}
              aria-setsize={item === undefined ? undefined : totalCount}
              aria-posinset={item === undefined ? undefined : row.index + 1}
              className="absolute top-0 left-0 w-full border-b last:border-b-0"
              style={{ height: `${row.size}px`, transform: `translateY(${row.start}px)` }}
            >
              {item === undefined ? (
                <LoadingSpinner label="Loading more" className="h-full p-0" />
              ) : (
                renderRow(item, row.index)
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
