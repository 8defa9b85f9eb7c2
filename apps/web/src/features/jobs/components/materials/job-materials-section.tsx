import type { TActor } from '@loupe/domain/auth/roles';
import type { TJobKind } from '@loupe/domain/jobs/job-views';
import {
  canMoveMaterials,
  canRecordIntake,
  PICKUP_FROM_STATUS,
  type TMaterialMovementInput,
} from '@loupe/domain/jobs/materials';
import { useJobMaterials } from '../../api/get-job-materials';
import type { TJobOf } from '../../api/job-endpoints';
import { useMoveMaterial } from '../../api/move-material';
import { usePickUpJob } from '../../api/pick-up-job';
import { useRecordMaterialsIntake } from '../../api/record-materials-intake';
import { capitalized } from '../../job-noun';
import { JOB_KINDS } from '../../kinds/job-kinds';
import { EnvelopePrintDialog } from '../envelope/envelope-print-dialog';
import { ZplDownloadButton } from '../envelope/zpl-download-button';
import { MaterialsCard } from './materials-card';
import { PickupDialog } from './pickup-dialog';

const MOVE_TYPES: readonly TMaterialMovementInput['type'][] = ['issued', 'returned', 'used', 'added'];

/** The job page's Materials card with its envelope and pickup check, wired to the API. */
export function JobMaterialsSection<K extends TJobKind>({
  kind,
  job,
  user,
  canWrite,
}: {
  kind: K;
  job: TJobOf<K>;
  user: TActor | null;
  canWrite: boolean;
}) {
  const ui = JOB_KINDS[kind];
  const materials = useJobMaterials(kind, job.id);
  const intake = useRecordMaterialsIntake(kind, job.id);
  const move = useMoveMaterial(kind, job.id);
  const pickup = usePickUpJob(kind, job.id);
  const number = ui.detail.numberOf(job);
  const canIntake = canRecordIntake(user);
  const data = materials.data;
  const epc = job.tracking?.epc ?? null;
  const envelope = {
    kindLabel: capitalized(ui.noun.one),
    number,
    customerName: job.customer.name,
    customerPhone: job.customer.phone,
    promisedDate: job.promisedDate,
    isRush: job.isRush,
    description: ui.detail.ticket(job).description,
    jobUrl: new URL(ui.paths.detail(job.id), window.location.origin).href,
    epc,
    photos: job.photos,
    ...ui.detail.envelope(job),
  };
  return (
    <MaterialsCard
      materials={data}
      error={materials.error}
      onRetry={() => void materials.refetch()}
      customerName={job.customer.name}
      canIntake={canIntake}
      moveTypes={MOVE_TYPES.filter((type) => canMoveMaterials(user, type))}
      onIntake={(input) => intake.mutateAsync(input)}
      onMove={(lineId, movement) => move.mutateAsync({ lineId, movement })}
      actions={
        data ? (
          <>
            <EnvelopePrintDialog
              envelope={envelope}
              materials={data}
              extraActions={<ZplDownloadButton number={number} customerName={job.customer.name} epc={epc} />}
            />
            {canIntake && canWrite && ui.detail.statusOf(job) === PICKUP_FROM_STATUS ? (
              <PickupDialog
                number={number}
                customerName={job.customer.name}
                materials={data}
                onPickup={(input) => pickup.mutateAsync(input)}
              />
            ) : null}
          </>
        ) : null
      }
    />
  );
}
