import type { TReader } from '@loupe/domain/registry/readers';
import { PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateTime, formatRelativeTime } from '@/lib/date-format';
import { toast } from '@/lib/toast';
import { useUnmapAntenna } from '../api/unmap-antenna';
import { antennaKey, type TLastReads } from '../hooks/use-last-reads';
import {
  mappingLabel,
  NOT_MAPPED_LABEL,
  STATION_GONE_LABEL,
  TAG_ASSIGNMENT_LABEL,
} from './antenna-mapping-label';
import { antennasToShow } from './reader-ingest';

export const NO_READ_YET = 'No read yet';

export type TAntennaTableProps = {
  readonly reader: TReader;
  /** Null without a live connection: the last-read column is left out. */
  readonly lastReads: TLastReads | null;
  readonly now: number;
  readonly onEdit: (antenna: number) => void;
};

/** A reader's antennas: what each is mapped to, the tag it read last (live), and editing or removing it. */
export function AntennaTable({ reader, lastReads, now, onEdit }: TAntennaTableProps) {
  const unmap = useUnmapAntenna();
  const readAntennas: number[] = [];
  if (lastReads) {
    for (const key of lastReads.keys()) {
      const [readerId, antenna] = key.split('/');
      if (readerId === reader.id && antenna !== undefined) readAntennas.push(Number(antenna));
    }
  }
  const antennas = antennasToShow(reader.antennas, readAntennas);

  return (
    <Table aria-label={`Antennas of ${reader.name}`}>
      <TableHeader>
        <TableRow>
          <TableHead className="w-24">Antenna</TableHead>
          <TableHead>Mapped to</TableHead>
          {lastReads ? <TableHead>Last read</TableHead> : null}
          <TableHead className="text-right">
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {antennas.map((antenna) => {
          const mapping = reader.antennas.find((candidate) => candidate.antenna === antenna);
          const label = mappingLabel(mapping);
          const lastRead = lastReads?.get(antennaKey(reader.id, antenna));
          const of = `antenna ${antenna} of ${reader.name}`;
          return (
            <TableRow key={antenna} aria-label={`Antenna ${antenna}`}>
              <TableCell className="font-medium tabular-nums">{antenna}</TableCell>
              <TableCell>
                {label === TAG_ASSIGNMENT_LABEL ? (
                  <Badge variant="secondary">{label}</Badge>
                ) : label === NOT_MAPPED_LABEL ? (
                  <span className="text-muted-foreground">{label}</span>
                ) : label === STATION_GONE_LABEL ? (
                  <span className="text-destructive">{label}</span>
                ) : (
                  label
                )}
              </TableCell>
              {lastReads ? (
                <TableCell>
                  {lastRead ? (
                    <span className="flex flex-wrap items-baseline gap-x-2">
                      <code className="font-mono text-xs break-all">{lastRead.epc}</code>
                      <time
                        dateTime={lastRead.timestamp}
                        title={formatDateTime(lastRead.timestamp)}
                        className="text-xs text-muted-foreground"
                      >
                        {formatRelativeTime(lastRead.timestamp, new Date(now))}
                      </time>
                    </span>
                  ) : (
                    <span className="text-muted-foreground">{NO_READ_YET}</span>
                  )}
                </TableCell>
              ) : null}
              <TableCell>
                <div className="flex justify-end gap-2">
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    onClick={() => onEdit(antenna)}
                    aria-label={`${mapping ? 'Edit' : 'Map'} ${of}`}
                  >
                    {mapping ? <PencilIcon aria-hidden="true" /> : <PlusIcon aria-hidden="true" />}
                    {mapping ? 'Edit' : 'Map'}
                  </Button>
                  {mapping ? (
                    <ConfirmDialog
                      trigger={
                        <Button
                          type="button"
                          variant="ghost"
                          size="sm"
                          aria-label={`Remove mapping of ${of}`}
                        >
                          <Trash2Icon aria-hidden="true" />
                          Remove
                        </Button>
                      }
                      title={`Remove the mapping of ${of}?`}
                      description={`Its reads will no longer move items to ${label}; they are counted as unmapped.`}
                      confirmLabel="Remove mapping"
                      pendingLabel="Removing…"
                      onConfirm={async () => {
                        await unmap.mutateAsync({ readerId: reader.id, antenna });
                        toast({ title: `Antenna ${antenna} of ${reader.name} is no longer mapped` });
                      }}
                    />
                  ) : null}
                </div>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
