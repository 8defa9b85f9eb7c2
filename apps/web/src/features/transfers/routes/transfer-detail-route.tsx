import { isAllowed } from '@loupe/domain/auth/permissions';
import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import { TRANSFER_ACCESS, type TTransferDetail } from '@loupe/domain/transfers/transfers';
import { ArrowLeftIcon, PackageOpenIcon, PrinterIcon } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { QueryLoadError } from '@/components/load-error';
import { LoadingSpinner } from '@/components/loading-spinner';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessageOf } from '@/lib/api-error';
import { useAuth } from '@/lib/auth/auth-context';
import { formatDateTime } from '@/lib/date-format';
import { paths } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { useAddTransferItem } from '../api/add-transfer-item';
import { useTransfer } from '../api/get-transfer';
import { useRemoveTransferItem } from '../api/remove-transfer-item';
import { JobAdder } from '../components/job-adder';
import { ManifestTable } from '../components/manifest-table';
import { ReceiveScanBox } from '../components/receive-scan-box';
import { SendTransferDialog } from '../components/send-transfer-dialog';
import { CancelTransferButton, CloseTransferButton } from '../components/transfer-actions';
import { OverdueBadge, TransferStatusBadge } from '../components/transfer-badges';
import { TransferPrint } from '../components/transfer-print';
import { carrierText, countsText, expectedText, TransferRoute } from '../components/transfer-summary';

const failed = (title: string) => (error: unknown) =>
  toast({ title, description: errorMessageOf(error, ERROR_MESSAGES.generic), variant: 'destructive' });

function Facts({ transfer }: { readonly transfer: TTransferDetail }) {
  const who = (person: TTransferDetail['createdBy']) => (person ? ` by ${person.name}` : '');
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]" aria-label="Bag details">
      <dt className="text-muted-foreground">Route</dt>
      <dd>
        <TransferRoute transfer={transfer} />
      </dd>
      <dt className="text-muted-foreground">Carrier</dt>
      <dd data-testid="transfer-carrier">{carrierText(transfer)}</dd>
      <dt className="text-muted-foreground">
        {transfer.toLocationKind === 'vendor' ? 'Expected back' : 'Expected'}
      </dt>
      <dd className="flex flex-wrap items-center gap-2">
        {expectedText(transfer)}
        {transfer.overdue ? <OverdueBadge /> : null}
      </dd>
      <dt className="text-muted-foreground">Envelopes</dt>
      <dd data-testid="transfer-counts">{countsText(transfer.counts)}</dd>
      <dt className="text-muted-foreground">Packed</dt>
      <dd>
        {formatDateTime(transfer.createdAt)}
        {who(transfer.createdBy)}
      </dd>
      {transfer.sentAt ? (
        <>
          <dt className="text-muted-foreground">Sent</dt>
          <dd>
            {formatDateTime(transfer.sentAt)}
            {who(transfer.sentBy)}
          </dd>
        </>
      ) : null}
      {transfer.receivedAt ? (
        <>
          <dt className="text-muted-foreground">Closed</dt>
          <dd>
            {formatDateTime(transfer.receivedAt)}
            {who(transfer.receivedBy)}
          </dd>
        </>
      ) : null}
    </dl>
  );
}

/**
 * /transfers/:transferId: one bag and its manifest, live as reads come in ('transfer:changed' refetches it).
 * What can be done follows the bag's status: pack and send it, then receive and close it.
 */
export function TransferDetailRoute() {
  const { transferId = '' } = useParams();
  const { user } = useAuth();
  const query = useTransfer(transferId);
  const add = useAddTransferItem();
  const remove = useRemoveTransferItem();
  if (query.isPending) return <LoadingSpinner label="Loading the bag" />;
  if (query.isError) return <QueryLoadError title="Could not load this bag" query={query} />;
  const transfer = query.data;
  const canPack = isAllowed(user, TRANSFER_ACCESS.pack);
  const isPacking = transfer.status === 'packing';
  const isInTransit = transfer.status === 'in_transit';

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <div>
        <Button asChild variant="ghost" size="sm">
          <Link to={paths.transfers}>
            <ArrowLeftIcon aria-hidden="true" />
            All bags
          </Link>
        </Button>
      </div>
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            Bag {transfer.number}
            <TransferStatusBadge status={transfer.status} />
            {transfer.overdue ? <OverdueBadge /> : null}
          </span>
        }
        description={transfer.bagLabel ? `Label: ${transfer.bagLabel}` : undefined}
        actions={
          <>
            {canPack && isPacking ? <SendTransferDialog transfer={transfer} /> : null}
            {canPack && isInTransit ? <CloseTransferButton transfer={transfer} /> : null}
            <Button type="button" variant="outline" onClick={() => window.print()}>
              <PrinterIcon aria-hidden="true" />
              Print manifest
            </Button>
            {isPacking ? <CancelTransferButton transfer={transfer} /> : null}
          </>
        }
      />
      <Card>
        <CardContent>
          <Facts transfer={transfer} />
        </CardContent>
      </Card>
      {canPack && isPacking ? (
        <Card>
          <CardContent>
            <JobAdder
              hint="Or read the envelope at this location’s shipping station."
              disabled={add.isPending}
              onAdd={(job) =>
                add.mutate(
                  { transferId: transfer.id, item: { itemKind: job.itemKind, itemId: job.itemId } },
                  { onError: failed(`Could not add ${job.label}`) },
                )
              }
            />
          </CardContent>
        </Card>
      ) : null}
      {canPack && isInTransit ? (
        <Card>
          <CardContent>
            <ReceiveScanBox transfer={transfer} />
          </CardContent>
        </Card>
      ) : null}
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>Manifest</CardTitle>
        </CardHeader>
        <CardContent className="min-w-0">
          {transfer.items.length === 0 ? (
            <EmptyState
              icon={PackageOpenIcon}
              title="The bag is empty"
              text={
                isPacking
                  ? 'Add jobs by their number, or read their envelopes at the shipping station.'
                  : 'No envelope went in this bag.'
              }
            />
          ) : (
            <ManifestTable
              items={transfer.items}
              isRemoving={remove.isPending}
              onRemove={
                canPack && isPacking
                  ? (item) =>
                      remove.mutate(
                        { transferId: transfer.id, item: { itemKind: item.itemKind, itemId: item.itemId } },
                        { onError: failed(`Could not take ${item.itemNumber} out`) },
                      )
                  : undefined
              }
            />
          )}
        </CardContent>
      </Card>
      <TransferPrint transfer={transfer} />
    </div>
  );
}
