import { canCreateAndManageRepairs, canManageRepairOffsite } from '@loupe/domain/auth/permissions';
import { REPAIR_STATUS_LABELS, REPAIR_STATUS_TRANSITIONS, type TRepair } from '@loupe/domain/repairs/repair';
import { useAuth } from '@/lib/auth/auth-context';
import { formatCents } from '@/lib/money-format';
import { paths, pathTo } from '@/lib/paths';
import { useScanToastsFor } from '@/lib/realtime/scan-toast-interest';
import { JobDetailLayout } from '../../../components/detail/job-detail-layout';
import { JobDetailLoader } from '../../../components/detail/job-detail-loader';
import { Fact, JobFacts } from '../../../components/detail/job-facts';
import { JobHistory } from '../../../components/detail/job-history';
import { JobPhotos } from '../../../components/detail/job-photos';
import { JobTracking } from '../../../components/detail/job-tracking';
import { QuickStatusActions } from '../../../components/detail/quick-status-actions';
import type { TJobTicketData } from '../../../components/ticket/job-ticket';
import { useRepair } from '../api/get-repair';
import { useRepairHistory } from '../api/get-repair-history';
import { useRepairLocationHistory } from '../api/get-repair-location-history';
import { useRepairTracking } from '../api/get-repair-tracking';
import { useDeleteRepairPhoto, useUploadRepairPhoto } from '../api/repair-photos';
import {
  useAssignRepairEpc,
  useReturnRepairFromOffsite,
  useSetRepairExpectedOffsite,
  useStopRepairTracking,
} from '../api/repair-tracking-mutations';
import { useUpdateRepair } from '../api/update-repair';
import { REPAIR_NOUN, RepairStatusBadge, repairChangeFormatter, repairTypesText } from './repair-labels';

export type TRepairDetailProps = { readonly repairId: string; readonly now?: () => Date };

/** /repairs/:repairId: the repair, where it is, its photos and everything that happened to it. */
export function RepairDetail({ repairId, now = () => new Date() }: TRepairDetailProps) {
  const query = useRepair(repairId);
  return (
    <JobDetailLoader noun={REPAIR_NOUN} query={query} listPath={paths.repairs}>
      {(repair) => <LoadedRepair repair={repair} now={now()} />}
    </JobDetailLoader>
  );
}

function LoadedRepair({ repair, now }: { repair: TRepair; now: Date }) {
  const { user } = useAuth();
  useScanToastsFor([repair.id]);
  const canManage = canCreateAndManageRepairs(user);
  return (
    <JobDetailLayout
      noun={REPAIR_NOUN}
      listPath={paths.repairs}
      number={repair.repairNumber}
      customerName={repair.customer.name}
      ticket={ticketOf(repair)}
      publicLink={{ kind: 'repair', id: repair.id }}
      canMessageCustomer={canManage}
      editPath={canManage ? pathTo(paths.repairEdit, { repairId: repair.id }) : null}
      statusBadge={<RepairStatusBadge status={repair.status} />}
      isRush={repair.isRush}
      statusActions={canManage ? <RepairStatusActions repair={repair} /> : null}
      state={repair.state}
      now={now}
      main={
        <>
          <RepairFacts repair={repair} />
          <RepairPhotos repair={repair} canEdit={canManage} />
          <RepairHistory repairId={repair.id} now={now} />
        </>
      }
      aside={
        <RepairTracking
          repair={repair}
          canManage={canManage}
          canManageOffsite={canManageRepairOffsite(user)}
          now={now}
        />
      }
    />
  );
}

function ticketOf(repair: TRepair): TJobTicketData {
  return {
    kindLabel: 'Repair',
    number: repair.repairNumber,
    customerName: repair.customer.name,
    customerPhone: repair.customer.phone,
    promisedDate: repair.promisedDate,
    isRush: repair.isRush,
    description: repair.itemDescription,
    details: [{ label: 'Work', value: repairTypesText(repair.repairTypes) }],
    epc: repair.tracking?.epc ?? null,
  };
}

function RepairFacts({ repair }: { repair: TRepair }) {
  return (
    <JobFacts
      customer={repair.customer}
      promisedDate={repair.promisedDate}
      prediction={repair.predictedCompletion}
      createdLabel="Taken in"
      createdAt={repair.createdAt}
      updatedAt={repair.updatedAt}
    >
      <Fact label="Item" wide>
        {repair.itemDescription}
      </Fact>
      <Fact label="Repair types" wide>
        {repairTypesText(repair.repairTypes) || 'None'}
      </Fact>
      <Fact label="Declared value">{formatCents(repair.declaredValueCents)}</Fact>
      <Fact label="Estimate">
        <span className="font-semibold">{formatCents(repair.estimateCents)}</span>
      </Fact>
      <Fact label="Condition notes" wide>
        <span className="whitespace-pre-wrap">{repair.conditionNotes || 'No notes'}</span>
      </Fact>
    </JobFacts>
  );
}

function RepairPhotos({ repair, canEdit }: { repair: TRepair; canEdit: boolean }) {
  const upload = useUploadRepairPhoto();
  const remove = useDeleteRepairPhoto();
  return (
    <JobPhotos
      photos={repair.photos}
      canEdit={canEdit}
      upload={(file, onProgress) => upload.mutateAsync({ repairId: repair.id, file, onProgress })}
      remove={(photo) => remove.mutateAsync({ repairId: repair.id, photoId: photo.id })}
    />
  );
}

function RepairHistory({ repairId, now }: { repairId: string; now: Date }) {
  const history = useRepairHistory(repairId);
  return <JobHistory history={history} formatter={repairChangeFormatter} now={now} />;
}

function RepairTracking({
  repair,
  canManage,
  canManageOffsite,
  now,
}: {
  repair: TRepair;
  canManage: boolean;
  canManageOffsite: boolean;
  now: Date;
}) {
  const tracking = useRepairTracking(repair.id);
  const pastLocations = useRepairLocationHistory(repair.id, { enabled: tracking.data === null });
  const assign = useAssignRepairEpc();
  const expected = useSetRepairExpectedOffsite();
  const stop = useStopRepairTracking();
  const giveBack = useReturnRepairFromOffsite();
  const repairId = repair.id;
  return (
    <JobTracking
      itemNoun={REPAIR_NOUN.one}
      number={repair.repairNumber}
      summary={repair.tracking}
      offsiteSince={repair.state?.offsiteSince ?? null}
      tracking={tracking}
      pastLocations={pastLocations}
      isAtNewest={(record) => record.status === 'active' && record.currentLocation !== null}
      now={now}
      canManage={canManage}
      canManageOffsite={canManageOffsite}
      actions={{
        assign: (epc) => assign.mutateAsync({ repairId, epcCode: epc, repairNumber: repair.repairNumber }),
        stop: () => stop.mutateAsync({ repairId }),
        setExpectedOffsite: (expectedOffsite) => expected.mutateAsync({ repairId, expectedOffsite }),
        returnFromOffsite: () => giveBack.mutateAsync({ repairId }),
      }}
    />
  );
}

function RepairStatusActions({ repair }: { repair: TRepair }) {
  const update = useUpdateRepair();
  return (
    <QuickStatusActions
      itemNoun={REPAIR_NOUN.one}
      number={repair.repairNumber}
      status={repair.status}
      transitions={REPAIR_STATUS_TRANSITIONS}
      labels={REPAIR_STATUS_LABELS}
      onChange={(status) => update.mutateAsync({ repairId: repair.id, changes: { status } })}
    />
  );
}
