import type { TListPage } from '@loupe/domain/api/list';
import type { TItemChange } from '@loupe/domain/history/item-change';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { DetailSection } from '@/components/detail-section';
import { QueryLoadError } from '@/components/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { ChangeHistory } from '../history/change-history';
import type { TChangeFormatter } from '../history/describe-change';

export type TJobHistoryProps = {
  /** The job's change history, a page at a time. */
  readonly history: UseInfiniteQueryResult<InfiniteData<TListPage<TItemChange>, unknown>>;
  readonly formatter: TChangeFormatter;
  readonly now: Date;
};

/** The "Change history" card: who changed what on the job and when, newest first. */
export function JobHistory({ history, formatter, now }: TJobHistoryProps) {
  return (
    <DetailSection title="Change history">
      {history.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : history.isError && !history.data ? (
        <QueryLoadError title="Could not load the history" query={history} />
      ) : (
        <ChangeHistory
          changes={history.data.pages.flatMap((page) => page.items)}
          formatter={formatter}
          now={now}
          hasMore={history.hasNextPage}
          isLoadingMore={history.isFetchingNextPage}
          onLoadMore={() => void history.fetchNextPage()}
        />
      )}
    </DetailSection>
  );
}
