import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryLoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import type { TJobNoun } from '../../job-noun';

export type TJobEditPageProps<TJob extends { readonly customer: { readonly name: string } }> = {
  readonly noun: TJobNoun;
  readonly query: UseQueryResult<TJob>;
  /** The job's number, for the title once it has loaded: 'Edit ORD-00042'. */
  readonly numberOf: (job: TJob) => string;
  readonly canEdit: boolean;
  /** Shown instead of the form to a role that may not edit. */
  readonly notAllowed: ReactNode;
  /** The form, once the job has loaded. */
  readonly children: (job: TJob) => ReactNode;
};

/** A job's edit page: its number and customer as the header, then the form once the job has loaded. */
export function JobEditPage<TJob extends { readonly customer: { readonly name: string } }>({
  noun,
  query,
  numberOf,
  canEdit,
  notAllowed,
  children,
}: TJobEditPageProps<TJob>) {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <PageHeader
        title={query.data ? `Edit ${numberOf(query.data)}` : `Edit ${noun.one}`}
        description={query.data?.customer.name}
      />
      {!canEdit ? (
        notAllowed
      ) : query.isPending ? (
        <div role="status" aria-label={`Loading the ${noun.one}`} className="grid gap-4">
          <Skeleton className="h-32 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : query.isError ? (
        <QueryLoadError title={`Could not load the ${noun.one}`} query={query} />
      ) : (
        children(query.data)
      )}
    </div>
  );
}
