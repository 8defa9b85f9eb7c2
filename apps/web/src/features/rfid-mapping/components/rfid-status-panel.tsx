import type { TReader } from '@loupe/domain/registry/readers';
import { PlusIcon } from 'lucide-react';
import { QueryLoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateTime } from '@/lib/date-format';
import { type TRfidStatus, type TUnmappedReads, useRfidStatus } from '../api/get-rfid-status';
import { PassedOverReadsCard } from './passed-over-reads-card';

export const UNMAPPED_READS_TITLE = 'Unmapped reads';
export const PIPELINE_TITLE = 'Read pipeline';
export const NO_UNMAPPED_READS = 'Every antenna that read a tag is mapped.';

/** The pipeline counters shown, in the order a read passes through them. */
export const PIPELINE_COUNTERS: readonly (readonly [
  keyof Omit<TRfidStatus, 'unmapped' | 'unknownTags' | 'rejections' | 'passedOver'>,
  string,
])[] = [
  ['received', 'Received'],
  ['fresh', 'New'],
  ['repeats', 'Repeats'],
  ['rejected', 'Rejected'],
  ['ignored', 'Ignored'],
  ['moved', 'Moved items'],
  ['tagAssignment', 'Tag assignment'],
  ['unknownTag', 'Unknown tags'],
  ['batches', 'Batches'],
];

export type TRfidStatusPanelProps = {
  /** The readers listed, to name them and to drop antennas mapped since their reads were counted. */
  readonly readers: readonly TReader[];
  readonly onMap: (reader: TReader, antenna: number) => void;
};

/** Antennas still unmapped that read tags, with a way to map them, and the read pipeline's counters. */
export function RfidStatusPanel({ readers, onMap }: TRfidStatusPanelProps) {
  const query = useRfidStatus();
  return (
    <div className="flex flex-col gap-4">
      {query.data ? <PassedOverReadsCard passedOver={query.data.passedOver} /> : null}
      <Card aria-labelledby="rfid-unmapped-title" role="region">
        <CardHeader>
          <CardTitle id="rfid-unmapped-title">{UNMAPPED_READS_TITLE}</CardTitle>
          <CardDescription>
            Tags read by antennas that are not mapped, counted by every server and kept across restarts: these
            reads moved nothing.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {query.isPending ? (
            <div role="status" aria-label="Loading the unmapped reads">
              <Skeleton className="h-24 w-full" />
            </div>
          ) : query.isError ? (
            <QueryLoadError title="Could not load the RFID status" query={query} />
          ) : (
            <UnmappedReadsTable unmapped={query.data.unmapped} readers={readers} onMap={onMap} />
          )}
        </CardContent>
      </Card>
      {query.data ? (
        <Card aria-labelledby="rfid-pipeline-title" role="region">
          <CardHeader>
            <CardTitle id="rfid-pipeline-title">{PIPELINE_TITLE}</CardTitle>
            <CardDescription>
              Reads this server handled since it started; unknown tags are counted by every server, for good.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-3 gap-3 text-sm">
              {PIPELINE_COUNTERS.map(([key, label]) => (
                <div key={key}>
                  <dt className="text-xs text-muted-foreground">{label}</dt>
                  <dd className="text-lg font-semibold tabular-nums">{query.data[key]}</dd>
                </div>
              ))}
            </dl>
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}

function UnmappedReadsTable({
  unmapped,
  readers,
  onMap,
}: {
  unmapped: readonly TUnmappedReads[];
  readers: readonly TReader[];
  onMap: (reader: TReader, antenna: number) => void;
}) {
  // An antenna mapped since its reads were counted needs nothing more.
  const rows = unmapped
    .map((entry) => ({ entry, reader: readers.find((reader) => reader.id === entry.readerId) }))
    .filter(({ entry, reader }) => !reader?.antennas.some((mapping) => mapping.antenna === entry.antenna))
    .sort((a, b) => b.entry.reads - a.entry.reads);
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">{NO_UNMAPPED_READS}</p>;
  return (
    <Table aria-label={UNMAPPED_READS_TITLE}>
      <TableHeader>
        <TableRow>
          <TableHead>Reader</TableHead>
          <TableHead>Antenna</TableHead>
          <TableHead className="text-right">Reads</TableHead>
          <TableHead>Last read</TableHead>
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map(({ entry, reader }) => (
          <TableRow
            key={`${entry.readerId}/${entry.antenna}`}
            aria-label={`${reader?.name ?? entry.readerId} antenna ${entry.antenna}`}
          >
            <TableCell className="break-all">{reader?.name ?? entry.readerId}</TableCell>
            <TableCell className="tabular-nums">{entry.antenna}</TableCell>
            <TableCell className="text-right tabular-nums">{entry.reads}</TableCell>
            <TableCell className="text-xs text-muted-foreground">
              <time dateTime={entry.lastSeenAt} title={`First ${formatDateTime(entry.firstSeenAt)}`}>
                {formatDateTime(entry.lastSeenAt)}
              </time>
              <span className="block font-mono">{entry.lastEpc}</span>
            </TableCell>
            <TableCell className="text-right">
              {reader ? (
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  onClick={() => onMap(reader, entry.antenna)}
                  aria-label={`Map antenna ${entry.antenna} of ${reader.name}`}
                >
                  <PlusIcon aria-hidden="true" />
                  Map
                </Button>
              ) : (
                <span className="text-xs text-muted-foreground">Reader deleted</span>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
