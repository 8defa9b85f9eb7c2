import type { TJobState } from '@loupe/domain/jobs/job-views';
import { ArrowLeftIcon, PencilIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { JobStateBadges, RushBadge } from '@/components/job-state/job-state-badges';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { type TPublicLinkJob, useTrackingLink } from '../../api/get-tracking-link';
import type { TJobNoun } from '../../job-noun';
import type { TJobTicketData } from '../ticket/job-ticket';
import { PrintTicketDialog } from '../ticket/print-ticket-dialog';
import { CustomerMessageDialog } from './customer-message-dialog';
import { PublicLinkPanel } from './public-link-panel';

export type TJobDetailLayoutProps = {
  readonly noun: TJobNoun;
  readonly listPath: string;
  readonly number: string;
  readonly customerName: string;
  readonly ticket: TJobTicketData;
  /** The job whose public tracking link the page offers and the ticket prints as a QR code. */
  readonly publicLink: TPublicLinkJob;
  /** Whether the caller may send the customer a message about the job (those who change its status). */
  readonly canMessageCustomer: boolean;
  /** The edit page, or null for a role that may not edit the job. */
  readonly editPath: string | null;
  readonly statusBadge: ReactNode;
  readonly isRush: boolean;
  /** Overdue, at risk, over its phase target, offsite, as the job read model says; null once finished. */
  readonly state: TJobState | null;
  /** Now, for how long an offsite piece has been gone. */
  readonly now: Date;
  /** One-click status changes, for a role that may change the job's status. */
  readonly statusActions?: ReactNode;
  /** The wide column: facts, photos, history. */
  readonly main: ReactNode;
  /** The narrow column: tracking. On a phone it comes first: where the piece is matters most there. */
  readonly aside: ReactNode;
};

/** A loaded job's page: the way back, its number and customer, print and edit, its badges and two columns. */
export function JobDetailLayout(props: TJobDetailLayoutProps) {
  const { noun } = props;
  const trackingLink = useTrackingLink(props.publicLink);
  const ticket = { ...props.ticket, trackingUrl: trackingLink.data?.url ?? null };
  return (
    <div className="flex flex-col gap-6">
      <Link
        to={props.listPath}
        className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeftIcon className="size-4" aria-hidden="true" />
        {`All ${noun.other}`}
      </Link>
      <PageHeader
        title={<span className="font-mono">{props.number}</span>}
        description={props.customerName}
        actions={
          <>
            <PrintTicketDialog ticket={ticket} />
            {props.canMessageCustomer ? <CustomerMessageDialog job={props.publicLink} /> : null}
            {props.editPath ? (
              <Button asChild>
                <Link to={props.editPath}>
                  <PencilIcon aria-hidden="true" />
                  {`Edit ${noun.one}`}
                </Link>
              </Button>
            ) : null}
          </>
        }
      />
      <div className="flex flex-wrap gap-2">
        {props.statusBadge}
        {props.isRush ? <RushBadge /> : null}
        <JobStateBadges state={props.state} withRush={false} now={props.now} />
      </div>
      {props.statusActions}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid content-start gap-6">{props.main}</div>
        <div className="order-first grid content-start gap-6 lg:order-none">
          {props.aside}
          <PublicLinkPanel job={props.publicLink} />
        </div>
      </div>
    </div>
  );
}
