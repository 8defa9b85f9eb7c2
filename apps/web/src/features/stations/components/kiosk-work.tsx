import type { TStationWork } from '@loupe/domain/workflow/work-time';
import { TimerIcon } from 'lucide-react';
import { QueryLoadError } from '@/components/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { RunningTime } from '@/components/work-time/running-time';
import { WorkTimerControls } from '@/components/work-time/work-timer-controls';
import { useRealtimeRoom } from '@/lib/realtime/use-realtime-room';
import { useStationWork } from '@/lib/work-time-api/get-station-work';

/**
 * The kiosk's pieces (issue 37 §3): each piece at the station, who is working on it now with a ticking time,
 * and, where a step of it is mine, Start / Pause / Done in one tap with the same undo toast as My Tasks. The
 * timer runs at this station: a read elsewhere stops it.
 */
export function KioskWork({ stationId, stationName }: { stationId: string; stationName: string }) {
  const work = useStationWork(stationId);
  return (
    <section aria-labelledby="kiosk-work-heading" className="grid gap-3">
      <h2 id="kiosk-work-heading" className="text-2xl font-semibold">
        Pieces here{work.isSuccess ? ` (${work.data.pieces.length})` : ''}
      </h2>
      {work.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : work.isError ? (
        <QueryLoadError title="Could not load the pieces here" query={work} />
      ) : work.data.pieces.length === 0 ? (
        <p className="text-xl text-muted-foreground">
          Nothing at {stationName} right now. Check a piece in to work on it here.
        </p>
      ) : (
        <ul className="grid gap-3" aria-label={`Pieces at ${stationName}`}>
          {work.data.pieces.map((piece) => (
            <KioskPiece key={`${piece.kind}:${piece.itemId}`} piece={piece} stationId={stationId} />
          ))}
        </ul>
      )}
    </section>
  );
}

function KioskPiece({ piece, stationId }: { piece: TStationWork['pieces'][number]; stationId: string }) {
  const { mine } = piece;
  // A colleague's timer on this piece reaches the job's room: the kiosk follows it, not only its own person's.
  useRealtimeRoom({ kind: piece.kind, id: piece.itemId });
  return (
    <li
      aria-label={piece.number}
      className="flex flex-col gap-3 rounded-2xl border-2 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="min-w-0 space-y-1">
        <p className="font-mono text-2xl font-bold">{piece.number}</p>
        <p className="text-lg text-muted-foreground break-words">
          {[piece.customerName, mine?.phaseName].filter(Boolean).join(' · ')}
        </p>
        {piece.running.length > 0 ? (
          <ul aria-label="Working on it now" className="flex flex-wrap gap-x-4 gap-y-1 text-lg">
            {piece.running.map((timer) => (
              <li
                key={`${timer.person.id}:${timer.startedAt}`}
                className="flex items-center gap-2 font-semibold text-emerald-700 dark:text-emerald-400"
              >
                <TimerIcon aria-hidden className="size-5" />
                <span>{timer.person.name}</span>
                <RunningTime startedAt={timer.startedAt} className="tabular-nums" />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {mine ? (
        <WorkTimerControls
          assignmentId={mine.assignmentId}
          label={`${mine.phaseName} of ${piece.number}`}
          timer={mine}
          stationId={stationId}
          isKiosk
        />
      ) : (
        <p className="text-lg text-muted-foreground">No step of yours on it</p>
      )}
    </li>
  );
}
