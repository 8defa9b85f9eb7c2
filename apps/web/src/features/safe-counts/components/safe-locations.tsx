import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import { SAFE_COUNT_MESSAGES, type TSafeLocation } from '@loupe/domain/safe-counts/safe-counts';
import { PlayIcon, VaultIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { QueryLoadError } from '@/components/load-error';
import { LoadingSpinner } from '@/components/loading-spinner';
import { SelectField } from '@/components/select-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessageOf } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useChooseSafe } from '../api/choose-safe';
import { useSafeLocations } from '../api/get-safe-locations';
import { useStartSafeCount } from '../api/start-safe-count';

/** Radix items cannot have '' as a value. */
const NO_SAFE = '__none__';

const failed = (title: string) => (error: unknown) =>
  toast({ title, description: errorMessageOf(error, ERROR_MESSAGES.generic), variant: 'destructive' });

function LocationCard({
  location,
  onOpenCount,
}: {
  readonly location: TSafeLocation;
  readonly onOpenCount: (id: string) => void;
}) {
  const choose = useChooseSafe();
  const start = useStartSafeCount();
  const options = [
    { value: NO_SAFE, label: 'No safe' },
    ...location.stations.map((station) => ({
      value: station.id,
      label: `${station.name} (${station.departmentName})`,
    })),
  ];
  const onStart = () =>
    start.mutate(location.locationId, {
      onSuccess: (count) => {
        toast({ title: SAFE_COUNT_MESSAGES.started(count.locationName) });
        onOpenCount(count.id);
      },
      onError: failed('Could not start the count'),
    });
  return (
    <Card data-testid={`safe-location-${location.locationId}`}>
      <CardHeader>
        <CardTitle>{location.locationName}</CardTitle>
        <CardDescription>
          {location.safe
            ? `Its safe is ${location.safe.stationName}: closing counts every open piece there.`
            : 'No safe chosen yet: choose the station whose antennas read the safe.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <SelectField
          label="Safe"
          value={location.safe?.stationId ?? NO_SAFE}
          options={options}
          disabled={choose.isPending}
          onValueChange={(value) =>
            choose.mutate(
              { locationId: location.locationId, stationId: value === NO_SAFE ? null : value },
              { onError: failed('Could not save the safe') },
            )
          }
        />
      </CardContent>
      <CardFooter className="flex flex-wrap gap-2">
        {location.runningCountId ? (
          <Button type="button" onClick={() => onOpenCount(location.runningCountId ?? '')}>
            Open the running count
          </Button>
        ) : (
          <Button type="button" onClick={onStart} disabled={location.safe === null || start.isPending}>
            <PlayIcon aria-hidden="true" />
            Start count
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}

/** Each location, its safe and the button that starts a count there. */
export function SafeLocations({ onOpenCount }: { readonly onOpenCount: (id: string) => void }) {
  const query = useSafeLocations();
  if (query.isPending) return <LoadingSpinner label="Loading the locations" />;
  if (query.isError) return <QueryLoadError title="Could not load the locations" query={query} />;
  if (query.data.length === 0)
    return <EmptyState icon={VaultIcon} title="No locations yet" text="Add a location in Settings first." />;
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      {query.data.map((location) => (
        <LocationCard key={location.locationId} location={location} onOpenCount={onOpenCount} />
      ))}
    </div>
  );
}
