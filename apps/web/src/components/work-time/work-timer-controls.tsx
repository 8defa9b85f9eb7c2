import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import {
  formatLabour,
  type TMyWorkTime,
  type TWorkActionResult,
  WORK_TIME_MESSAGES,
  WORK_UNDO_TOAST_MS,
} from '@loupe/domain/workflow/work-time';
import { CheckIcon, PauseIcon, PlayIcon, Undo2Icon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { errorMessageOf } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { useFinishWork } from '@/lib/work-time-api/finish-work';
import { useHandBackWork } from '@/lib/work-time-api/hand-back-work';
import { usePauseWork } from '@/lib/work-time-api/pause-work';
import { useStartWork } from '@/lib/work-time-api/start-work';
import { useUndoWorkAction } from '@/lib/work-time-api/undo-work-action';

/** A step's timer as My Tasks and the kiosk know it. */
export type TTimer = TMyWorkTime['byAssignment'][number];

/** The "Undo" button of a tap's toast: reverts exactly that tap, while the toast shows. */
function UndoButton({ actionId, onUndone }: { actionId: string; onUndone: () => void }) {
  const undo = useUndoWorkAction();
  return (
    <Button
      size="sm"
      variant="outline"
      className="mt-1"
      disabled={undo.isPending}
      onClick={() => undo.mutateAsync(actionId).then(onUndone, failed('Not undone'))}
    >
      <Undo2Icon aria-hidden="true" />
      Undo
    </Button>
  );
}

function announce(result: TWorkActionResult) {
  const shown = toast({
    title: result.message,
    description: (
      <UndoButton
        actionId={result.actionId}
        onUndone={() => {
          shown.dismiss();
          toast({ title: WORK_TIME_MESSAGES.undone });
        }}
      />
    ),
    duration: WORK_UNDO_TOAST_MS,
  });
}

function failed(title: string) {
  return (error: unknown) =>
    toast({ title, description: errorMessageOf(error, ERROR_MESSAGES.generic), variant: 'destructive' });
}

/**
 * Says how a tap went. Through the mutation's promise, not `mutate`'s callbacks: those are dropped when the
 * row unmounts first, which a tap's own realtime event can make happen before its answer is read (Done and
 * Hand back take the step off My Tasks).
 */
function tell(action: Promise<TWorkActionResult>, failure: string): void {
  action.then(announce, failed(failure));
}

/**
 * A step's timer on My Tasks and a station's kiosk (issue 37 §3): start (or resume), pause, done and (on My
 * Tasks) hand back, one tap each, each with an "Undo" toast for a few seconds. The labour so far and why a
 * timer stopped by itself show beside.
 */
export function WorkTimerControls({
  assignmentId,
  label,
  timer,
  stationId,
  isKiosk = false,
}: {
  assignmentId: string;
  /** The step and job, for the buttons' accessible names ("Bench work of O-1001"). */
  label: string;
  timer: TTimer | undefined;
  /** The kiosk's station: where the timer runs (a read elsewhere stops it). */
  stationId?: string;
  /** A touch screen at a bench: large targets, and no hand back (that is a conversation, not a tap). */
  isKiosk?: boolean;
}) {
  const start = useStartWork();
  const pause = usePauseWork();
  const finish = useFinishWork();
  const handBack = useHandBackWork();
  // A note for the manager goes with a hand back only when asked for: the tap itself stays one tap.
  const [note, setNote] = useState<string | null>(null);
  const noteId = useId();
  const isBusy = start.isPending || pause.isPending || finish.isPending || handBack.isPending;
  const isRunning = timer?.isRunning ?? false;
  const seconds = timer?.seconds ?? 0;
  const hasStarted = timer?.hasStarted ?? false;
  const size = isKiosk ? 'lg' : 'sm';
  const big = isKiosk ? 'h-14 px-6 text-lg' : undefined;
  return (
    <div className="flex flex-col gap-2 sm:items-end">
      <p className={cn('text-muted-foreground', isKiosk ? 'text-base' : 'text-xs')} aria-live="polite">
        {isRunning ? <span className="font-medium text-foreground">Timer running · </span> : null}
        {hasStarted ? `Worked ${formatLabour(seconds)}` : 'Not started'}
        {timer?.stoppedNote && !isRunning ? ` · ${timer.stoppedNote}` : ''}
      </p>
      <div className="flex flex-wrap gap-2">
        {isRunning ? (
          <Button
            size={size}
            className={big}
            variant="outline"
            disabled={isBusy}
            aria-label={`Pause ${label}`}
            onClick={() => tell(pause.mutateAsync(assignmentId), 'Not paused')}
          >
            <PauseIcon aria-hidden="true" />
            Pause
          </Button>
        ) : (
          <Button
            size={size}
            className={big}
            variant="outline"
            disabled={isBusy}
            aria-label={`${hasStarted ? 'Resume' : 'Start'} ${label}`}
            onClick={() => tell(start.mutateAsync({ assignmentId, stationId }), 'Not started')}
          >
            <PlayIcon aria-hidden="true" />
            {hasStarted ? 'Resume' : 'Start'}
          </Button>
        )}
        <Button
          size={size}
          className={big}
          disabled={isBusy}
          aria-label={`Mark ${label} done`}
          onClick={() => tell(finish.mutateAsync(assignmentId), 'Not marked done')}
        >
          <CheckIcon aria-hidden="true" />
          Done
        </Button>
        {isKiosk ? null : (
          <HandBack
            label={label}
            isBusy={isBusy}
            note={note}
            onAddNote={() => setNote('')}
            onHandBack={() =>
              tell(
                handBack.mutateAsync({ assignmentId, ...(note?.trim() ? { note: note.trim() } : {}) }),
                'Not handed back',
              )
            }
          />
        )}
      </div>
      {note !== null && !isKiosk ? (
        <div className="flex w-full flex-col gap-1 sm:max-w-xs">
          <label htmlFor={noteId} className="text-xs text-muted-foreground">
            Note for the manager, sent with a hand back
          </label>
          <Input
            id={noteId}
            value={note}
            maxLength={500}
            onChange={(event) => setNote(event.target.value)}
            placeholder="Stone is chipped"
          />
        </div>
      ) : null}
    </div>
  );
}

/** My Tasks' hand back, and the link that adds a note to it. */
function HandBack({
  label,
  isBusy,
  note,
  onAddNote,
  onHandBack,
}: {
  label: string;
  isBusy: boolean;
  note: string | null;
  onAddNote: () => void;
  onHandBack: () => void;
}) {
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        disabled={isBusy}
        aria-label={`Hand back ${label}`}
        onClick={onHandBack}
      >
        <Undo2Icon aria-hidden="true" />
        Hand back
      </Button>
      {note === null ? (
        <Button
          size="sm"
          variant="link"
          className="px-1"
          aria-label={`Add a note to the hand back of ${label}`}
          onClick={onAddNote}
        >
          Add a note
        </Button>
      ) : null}
    </>
  );
}
