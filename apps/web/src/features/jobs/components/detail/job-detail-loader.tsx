import type { UseQueryResult } from '@tanstack/react-query';
import { SearchXIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { QueryLoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/api-error';
import { capitalized, type TJobNoun } from '../../job-noun';

export type TJobDetailLoaderProps<TJob> = {
  readonly noun: TJobNoun;
  readonly query: UseQueryResult<TJob>;
  /** The list the not-found state leads back to. */
  readonly listPath: string;
  readonly children: (job: TJob) => ReactNode;
};

/** A job's detail page until its query answers: a skeleton, "not found" for a 404, a retryable error otherwise. */
export function JobDetailLoader<TJob>({ noun, query, listPath, children }: TJobDetailLoaderProps<TJob>) {
  if (query.isPending) return <DetailSkeleton noun={noun} />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) {
      return (
        <EmptyState
          icon={SearchXIcon}
          title={`${capitalized(noun.one)} not found`}
          text="It may have been mistyped, or the link is old."
          action={
            <Button asChild variant="outline">
              <Link to={listPath}>{`Back to ${noun.other}`}</Link>
            </Button>
          }
        />
      );
    }
    return <QueryLoadError title={`Could not load the ${noun.one}`} query={query} />;
  }
  return children(query.data);
}

function DetailSkeleton({ noun }: { noun: TJobNoun }) {
  return (
    <div role="status" aria-label={`Loading the ${noun.one}`} className="grid gap-6">
      <Skeleton className="h-8 w-48" />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Skeleton className="h-80 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    </div>
  );
}
