import { isAllowed } from '@loupe/domain/auth/permissions';
import {
  TRANSFER_ACCESS,
  TRANSFER_STATUS_LABELS,
  type TTransferListQuery,
  ZTransferStatusSchema,
} from '@loupe/domain/transfers/transfers';
import { PackageIcon } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { QueryLoadError } from '@/components/load-error';
import { LoadingSpinner } from '@/components/loading-spinner';
import { PageHeader } from '@/components/page-header';
import { SelectField } from '@/components/select-field';
import { Card, CardContent } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAuth } from '@/lib/auth/auth-context';
import { useLocations } from '@/lib/registry-api/get-locations';
import { useTransfers } from '../api/get-transfers';
import { homeLocationOf } from '../components/home-location';
import { ALL_LOCATIONS, LocationSelect } from '../components/location-select';
import { NewTransferDialog } from '../components/new-transfer-dialog';
import { TransferTable } from '../components/transfer-table';

type TDirection = TTransferListQuery['direction'];
const DIRECTIONS = [
  ['incoming', 'Incoming'],
  ['outgoing', 'Outgoing'],
  ['all', 'All'],
] as const satisfies readonly (readonly [TDirection, string])[];

/** Radix items cannot have '' as a value: "any status" has one of its own. */
const ANY_STATUS = 'any';
const STATUS_OPTIONS = [
  { value: 'open', label: 'Open (packing or on the way)' },
  ...ZTransferStatusSchema.unwrap().options.map((status) => ({
    value: status,
    label: TRANSFER_STATUS_LABELS[status],
  })),
  { value: ANY_STATUS, label: 'Any status' },
];

function directionOf(value: string | null): TDirection {
  return value === 'incoming' || value === 'outgoing' ? value : 'all';
}

function statusOf(value: string | null): TTransferListQuery['status'] {
  if (value === ANY_STATUS) return undefined;
  const parsed = ZTransferStatusSchema.safeParse(value);
  return parsed.success ? parsed.data : 'open';
}

function BagList({
  query,
  isOpenOnly,
}: {
  readonly query: ReturnType<typeof useTransfers>;
  readonly isOpenOnly: boolean;
}) {
  if (query.isPending) return <LoadingSpinner label="Loading the bags" />;
  if (query.isError) return <QueryLoadError title="Could not load the bags" query={query} />;
  if (query.data.items.length === 0) {
    return (
      <EmptyState
        icon={PackageIcon}
        title="No bags here"
        text={
          isOpenOnly
            ? 'No bag is packing or on its way for this choice. Sent and received bags are under another status.'
            : 'No bag matches this choice.'
        }
      />
    );
  }
  return <TransferTable transfers={query.data.items} label="Bags" />;
}

/**
 * /transfers (everyone signed in): the bags into and out of a location — the user's home location first —
 * open ones by default; the people who pack bags start one here. The server decides who may do what.
 */
export function TransfersRoute() {
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const locations = useLocations();
  const locationParam = params.get('location') ?? homeLocationOf(user) ?? ALL_LOCATIONS;
  const direction = directionOf(params.get('direction'));
  const statusParam = params.get('status') ?? 'open';
  const status = statusOf(statusParam);
  const locationId = locationParam === ALL_LOCATIONS ? undefined : locationParam;
  const query = useTransfers({ locationId, direction, status });
  const canPack = isAllowed(user, TRANSFER_ACCESS.pack);

  const setParam = (name: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(name, value);
        return next;
      },
      { replace: true },
    );
  const locationOptions = locations.data?.items ?? [];

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <PageHeader
        title="Transfers"
        description="Bags of envelopes between the workshop, the stores and outside vendors: what is on its way, what arrived and what is missing."
        actions={
          canPack && locations.data ? (
            <NewTransferDialog locations={locationOptions} defaultFromId={locationId} />
          ) : null
        }
      />
      <Tabs
        value={direction}
        onValueChange={(value) => setParam('direction', value)}
        className="flex min-w-0 flex-col gap-6"
      >
        <div className="flex flex-col gap-4 md:flex-row md:items-end">
          <LocationSelect
            label="Location"
            className="w-full md:w-64"
            locations={locationOptions}
            value={locationParam}
            onChange={(value) => setParam('location', value)}
            allLabel="All locations"
            disabled={locations.isPending}
          />
          <SelectField
            label="Status"
            className="w-full md:w-64"
            value={status === undefined ? ANY_STATUS : statusParam}
            onValueChange={(value) => setParam('status', value)}
            options={STATUS_OPTIONS}
          />
          <TabsList aria-label="Direction">
            {DIRECTIONS.map(([value, label]) => (
              <TabsTrigger key={value} value={value}>
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        {locations.isError ? <QueryLoadError title="Could not load the locations" query={locations} /> : null}
        {/* Every tab's panel is in the page (hidden but the chosen one), so each tab names a panel that exists. */}
        {DIRECTIONS.map(([value]) => (
          <TabsContent key={value} value={value} forceMount className="min-w-0 data-[state=inactive]:hidden">
            {value === direction ? (
              <Card className="min-w-0">
                <CardContent className="min-w-0">
                  <BagList query={query} isOpenOnly={status === 'open'} />
                </CardContent>
              </Card>
            ) : null}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
