import {
  isReadyAwayFromPickup,
  JOB_LOCATION_LABELS,
  JOB_LOCATION_MESSAGES,
} from '@loupe/domain/jobs/job-locations';
import { TriangleAlert } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { useLocations } from '@/lib/registry-api/get-locations';
import { locationNameOf } from '@/lib/registry-api/location-names';
import { Fact } from './job-facts';

type TJobPlaces = {
  readonly status: string;
  readonly intakeLocationId: string;
  readonly pickupLocationId: string;
  readonly currentLocationId: string | null;
};

/** "Taken in at" and "Pickup at" among a job's details (issue 39 §2). */
export function JobLocationFacts({ job }: { job: TJobPlaces }) {
  const locations = useLocations().data?.items;
  return (
    <>
      <Fact label={JOB_LOCATION_LABELS.intakeLocationId}>
        {locationNameOf(locations, job.intakeLocationId)}
      </Fact>
      <Fact label={JOB_LOCATION_LABELS.pickupLocationId}>
        {locationNameOf(locations, job.pickupLocationId)}
      </Fact>
    </>
  );
}

/** A ready job that is not where its customer will come for it: say where it is and where it must go. */
export function ReadyAwayWarning({ job }: { job: TJobPlaces }) {
  const locations = useLocations().data?.items;
  if (!isReadyAwayFromPickup(job) || job.currentLocationId === null) return null;
  return (
    <Alert variant="destructive">
      <TriangleAlert aria-hidden="true" />
      <AlertDescription>
        {JOB_LOCATION_MESSAGES.readyAway(
          locationNameOf(locations, job.currentLocationId),
          locationNameOf(locations, job.pickupLocationId),
        )}
      </AlertDescription>
    </Alert>
  );
}
