import type { TPredictedCompletion } from '@loupe/domain/analytics/analytics-api';
import type { ReactNode } from 'react';
import { DetailSection } from '@/components/detail-section';
import { PredictedCompletion } from '@/components/prediction/predicted-completion';
import { formatCalendarDate, formatDateTime } from '@/lib/date-format';

/** One labelled value of a job's details; a wide one spans both columns. */
export function Fact({
  label,
  children,
  wide = false,
}: {
  label: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={wide ? 'grid gap-1 sm:col-span-2' : 'grid gap-1'}>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

export type TJobFactsProps = {
  readonly customer: { readonly name: string; readonly phone: string | null; readonly email: string | null };
  readonly promisedDate: string | null;
  /** When it will likely be done (issue 13); absent for a finished job. */
  readonly prediction?: TPredictedCompletion | null | undefined;
  /** What the job was made of, as facts, between the promise and the dates. */
  readonly children: ReactNode;
  /** 'Created' for an order, 'Taken in' for a repair. */
  readonly createdLabel: string;
  readonly createdAt: string;
  readonly updatedAt: string;
};

/** The "Details" card: the customer and the promise first, the kind's own facts, then when it began and last changed. */
export function JobFacts({
  customer,
  promisedDate,
  prediction,
  children,
  createdLabel,
  createdAt,
  updatedAt,
}: TJobFactsProps) {
  return (
    <DetailSection title="Details">
      <dl className="grid gap-4 text-sm sm:grid-cols-2">
        <Fact label="Customer">
          <span className="font-medium">{customer.name}</span>
          {customer.phone ? <span className="block">{customer.phone}</span> : null}
          {customer.email ? <span className="block">{customer.email}</span> : null}
        </Fact>
        <Fact label="Promised">{promisedDate ? formatCalendarDate(promisedDate) : 'Not set'}</Fact>
        {prediction ? (
          <Fact label="Predicted completion">
            <PredictedCompletion prediction={prediction} />
          </Fact>
        ) : null}
        {children}
        <Fact label={createdLabel}>{formatDateTime(createdAt)}</Fact>
        <Fact label="Last changed">{formatDateTime(updatedAt)}</Fact>
      </dl>
    </DetailSection>
  );
}
