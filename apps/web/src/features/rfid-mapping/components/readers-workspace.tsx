import type { TReader } from '@loupe/domain/registry/readers';
import { PlusIcon, RadioTowerIcon } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { QueryLoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCount } from '@/lib/number-format';
import { useNow } from '@/lib/use-now';
import type { TReaderWithKey } from '../api/create-reader';
import { useReaders } from '../api/get-readers';
import { useRfidStatus } from '../api/get-rfid-status';
import { useLastReads } from '../hooks/use-last-reads';
import { AddReaderDialog } from './add-reader-dialog';
import { AntennaMappingDialog, type TMappingTarget } from './antenna-mapping-dialog';
import { ReaderCard } from './reader-card';
import { ReaderKeyDialog } from './reader-key-dialog';
import { RfidStatusPanel } from './rfid-status-panel';

export const NO_READERS = 'No readers yet';

// Relative times ("2 minutes ago") are renewed this often.
const CLOCK_TICK_MS = 15_000;

export function AddReaderButton() {
  return (
    <AddReaderDialog
      trigger={
        <Button type="button">
          <PlusIcon aria-hidden="true" />
          Add reader
        </Button>
      }
    />
  );
}

/** The readers with their antenna mappings, the live last read per antenna, and reads nobody mapped. */
export function ReadersWorkspace() {
  const query = useReaders();
  const lastReads = useLastReads();
  const status = useRfidStatus();
  const now = useNow(CLOCK_TICK_MS);
  const [target, setTarget] = useState<TMappingTarget | null>(null);
  const [revealed, setRevealed] = useState<TReaderWithKey | null>(null);

  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading the readers" className="flex flex-col gap-3">
        {[0, 1].map((key) => (
          <Skeleton key={key} className="h-64 w-full rounded-lg" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return <QueryLoadError title="Could not load the readers" query={query} />;
  }

  const readers = query.data.items;
  // The editor is given the reader as it is now, so a mapping saved meanwhile shows in it.
  const current = (reader: TReader) => readers.find((candidate) => candidate.id === reader.id) ?? reader;
  const onEditAntenna = (reader: TReader, antenna: number | null) =>
    setTarget({ reader: current(reader), antenna });

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      {readers.length === 0 ? (
        <EmptyState
          icon={RadioTowerIcon}
          title={NO_READERS}
          text="Add each fixed RFID reader, give it its API key, then map its antennas to stations."
          action={<AddReaderButton />}
        />
      ) : (
        <div className="flex min-w-0 flex-col gap-2">
          <ul className="flex flex-col gap-4" aria-label="Readers">
            {readers.map((reader) => (
              <ReaderCard
                key={reader.id}
                reader={reader}
                lastReads={lastReads}
                rejection={status.data?.rejections.find((rejection) => rejection.readerId === reader.id)}
                now={now}
                onEditAntenna={onEditAntenna}
                onKeyRotated={setRevealed}
              />
            ))}
          </ul>
          {query.data.nextCursor ? (
            <p className="text-sm text-muted-foreground">
              Showing {readers.length} of {formatCount(query.data.total)} readers.
            </p>
          ) : null}
        </div>
      )}
      <RfidStatusPanel readers={readers} onMap={onEditAntenna} />
      <AntennaMappingDialog target={target} onClose={() => setTarget(null)} />
      <ReaderKeyDialog revealed={revealed} onClose={() => setRevealed(null)} />
    </div>
  );
}
