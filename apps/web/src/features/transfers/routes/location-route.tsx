import { canSeeRoute } from '@loupe/domain/navigation/sidebar';
import type { TLocation } from '@loupe/domain/registry/locations';
import { LOCATION_KIND_LABELS, type TTransfer } from '@loupe/domain/transfers/transfers';
import { ArrowDownToLineIcon, ArrowUpFromLineIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { QueryLoadError } from '@/components/load-error';
import { LoadingSpinner } from '@/components/loading-spinner';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useAuth } from '@/lib/auth/auth-context';
import { paths } from '@/lib/paths';
import { useViewedLocation } from '../api/get-location';
import { useLocationToday } from '../api/get-location-today';
import { ReadyForPickup } from '../components/ready-for-pickup';
import { TransferTable } from '../components/transfer-table';

function Bags({
  title,
  icon,
  transfers,
  empty,
}: {
  readonly title: string;
  readonly icon: ReactNode;
  readonly transfers: readonly TTransfer[];
  readonly empty: string;
}) {
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          {icon}
          {title} <span className="text-muted-foreground">({transfers.length})</span>
        </CardTitle>
      </CardHeader>
      <CardContent className="min-w-0">
        {transfers.length === 0 ? (
          <p className="text-sm text-muted-foreground">{empty}</p>
        ) : (
          <TransferTable transfers={transfers} label={title} />
        )}
      </CardContent>
    </Card>
  );
}

function LocationDay({ locationId }: { readonly locationId: string }) {
  const today = useLocationToday(locationId);
  if (today.isPending) return <LoadingSpinner label="Loading the bags and pickups" />;
  if (today.isError) return <QueryLoadError title="Could not load this location’s day" query={today} />;
  return (
    <>
      <div className="grid min-w-0 gap-6 xl:grid-cols-2">
        <Bags
          title="Coming in"
          icon={<ArrowDownToLineIcon aria-hidden="true" className="size-4" />}
          transfers={today.data.incoming}
          empty="No bag is on its way here."
        />
        <Bags
          title="Going out"
          icon={<ArrowUpFromLineIcon aria-hidden="true" className="size-4" />}
          transfers={today.data.outgoing}
          empty="No bag is packing or on its way from here."
        />
      </div>
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>
            Ready for pickup here{' '}
            <span className="text-muted-foreground">({today.data.readyForPickup.length})</span>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ReadyForPickup jobs={today.data.readyForPickup} />
        </CardContent>
      </Card>
    </>
  );
}

export type TLocationRouteProps = {
  /** The location's departments and stations, from the departments feature (composed in app/). */
  readonly departments?: (location: TLocation) => ReactNode;
};

/**
 * /locations/:locationId: one location's day — its departments and stations, the bags coming in and going
 * out, and the jobs ready for pickup here, with those still elsewhere called out.
 */
export function LocationRoute({ departments }: TLocationRouteProps) {
  const { locationId = '' } = useParams();
  const query = useViewedLocation(locationId);
  const { user } = useAuth();
  if (query.isPending) return <LoadingSpinner label="Loading the location" />;
  if (query.isError) return <QueryLoadError title="Could not load this location" query={query} />;
  const location = query.data;
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            {location.name}
            <Badge variant="secondary">{LOCATION_KIND_LABELS[location.kind]}</Badge>
          </span>
        }
        description={location.address || location.description || undefined}
        actions={
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline">
              <Link to={`${paths.transfers}?location=${encodeURIComponent(location.id)}`}>All its bags</Link>
            </Button>
            {/* Its jobs: collected here or standing here (the lists' location filter), as far as the role sees them. */}
            {[
              { path: paths.orders, label: 'Its orders' },
              { path: paths.repairs, label: 'Its repairs' },
            ]
              .filter(({ path }) => canSeeRoute(user, path))
              .map(({ path, label }) => (
                <Button asChild variant="outline" key={path}>
                  <Link to={`${path}?location=${encodeURIComponent(location.id)}`}>{label}</Link>
                </Button>
              ))}
          </div>
        }
      />
      <LocationDay locationId={location.id} />
      {departments ? departments(location) : null}
    </div>
  );
}
