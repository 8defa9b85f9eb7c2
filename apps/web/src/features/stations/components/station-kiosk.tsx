import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import { EPC_FAILURE_MESSAGES, normalizeEpc } from '@loupe/domain/rfid/epc';
import type { TStationScanResult } from '@loupe/domain/tracking/tracking-api';
import { CheckCircle2, Keyboard, LogIn, LogOut, ScanLine, XCircle } from 'lucide-react';
import {
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { errorMessageOf } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { formatTime } from '@/lib/date-format';
import { type TInputSource, useKeyTimes, useScannerCapture } from '../scanner-input';

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

/** Check in: the piece is now at this station. Check out: its step here is done. */
export type TKioskAction = 'check-in' | 'check-out';

type TKioskEntry = {
  readonly id: number;
  readonly at: Date;
  readonly action: TKioskAction;
  readonly source: TInputSource;
  readonly ok: boolean;
  readonly title: string;
  readonly detail: string;
};

/** The kiosk shows this many of the last scans; the station page's own log keeps more. */
const KIOSK_LOG_SIZE = 12;

export type TStationKioskProps = {
  readonly stationName: string;
  /** The pieces here and their work timers (kiosk-work.tsx), under the scans. */
  readonly work?: ReactNode;
  readonly onScan: (scan: { epc: string; scannedAt: string }) => Promise<TStationScanResult>;
  /** Completes the scanned piece's current step; resolves with what comes next, in words. */
  readonly onCheckOut: (item: NonNullable<TStationScanResult['item']>) => Promise<string>;
  readonly onExit: () => void;
};

/**
 * A station's kiosk (issue 14 §4): the scan mode for a touch screen at a bench without a reader. Large targets,
 * check in and check out, and a scanner is heard wherever the focus is, while a person types into the
 * one field meant for it (a label that will not scan); each scan says which it was.
 */
export function StationKiosk({ stationName, work, onScan, onCheckOut, onExit }: TStationKioskProps) {
  const [action, setAction] = useState<TKioskAction>('check-in');
  const [log, setLog] = useState<readonly TKioskEntry[]>([]);
  const [typing, setTyping] = useState(false);
  const [typed, setTyped] = useState('');
  const nextId = useRef(1);
  const keyTimes = useKeyTimes();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (typing) inputRef.current?.focus();
  }, [typing]);

  // A modal dialog (issue 35): it takes the focus when it opens, keeps Tab inside, and Escape leaves it.
  const dialogRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    dialogRef.current?.focus();
  }, []);
  function onDialogKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      onExit();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  function record(entry: Omit<TKioskEntry, 'id'>) {
    const id = nextId.current++;
    setLog((entries) => [{ ...entry, id }, ...entries].slice(0, KIOSK_LOG_SIZE));
  }

  async function handle(text: string, source: TInputSource) {
    const at = new Date();
    const normalized = normalizeEpc(text.trim());
    if (!normalized.ok) {
      record({
        at,
        action,
        source,
        ok: false,
        title: 'Not a tag',
        detail: EPC_FAILURE_MESSAGES[normalized.reason],
      });
      return;
    }
    try {
      const result = await onScan({ epc: normalized.epc, scannedAt: at.toISOString() });
      if (!result.item || result.outcome === 'unknown-tag') {
        record({ at, action, source, ok: false, title: 'Unknown tag', detail: result.message });
        return;
      }
      if (action === 'check-in') {
        record({
          at,
          action,
          source,
          ok: true,
          title: `${result.item.number} checked in`,
          detail: result.message,
        });
        return;
      }
      const next = await onCheckOut(result.item);
      record({ at, action, source, ok: true, title: `${result.item.number} checked out`, detail: next });
    } catch (error) {
      record({
        at,
        action,
        source,
        ok: false,
        title: 'Not done',
        detail: errorMessageOf(error, ERROR_MESSAGES.generic),
      });
    }
  }

  useScannerCapture((text) => void handle(text, 'scanner'), true);

  function onSubmitTyped(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = typed;
    setTyped('');
    if (text.trim() === '') return;
    void handle(text, keyTimes.take());
  }

  const last = log[0];
  return (
    <div
      ref={dialogRef}
      role="dialog"
      aria-modal="true"
      aria-label={`Kiosk: ${stationName}`}
      tabIndex={-1}
      onKeyDown={onDialogKeyDown}
      className="fixed inset-0 z-50 flex flex-col gap-6 overflow-y-auto bg-background p-6 text-foreground outline-none"
    >
      <header className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-4xl font-bold">{stationName}</h1>
        <Button type="button" variant="outline" size="lg" className="h-14 px-6 text-lg" onClick={onExit}>
          Exit kiosk
        </Button>
      </header>

      <fieldset className="grid grid-cols-2 gap-4">
        <legend className="sr-only">What a scan does</legend>
        <KioskChoice
          pressed={action === 'check-in'}
          onPress={() => setAction('check-in')}
          icon={LogIn}
          label="Check in"
          hint="The piece is here now"
        />
        <KioskChoice
          pressed={action === 'check-out'}
          onPress={() => setAction('check-out')}
          icon={LogOut}
          label="Check out"
          hint="Its step here is done"
        />
      </fieldset>

      <section
        aria-live="polite"
        aria-label="Last scan"
        className={cn(
          'flex min-h-32 items-center gap-6 rounded-2xl border-4 p-6',
          last === undefined ? 'border-dashed' : last.ok ? 'border-emerald-600' : 'border-destructive',
        )}
      >
        {last === undefined ? (
          <>
            <ScanLine aria-hidden className="size-14 text-muted-foreground" />
            <p className="text-3xl text-muted-foreground">
              Scan an envelope to {action === 'check-in' ? 'check it in' : 'check it out'}.
            </p>
          </>
        ) : (
          <>
            {last.ok ? (
              <CheckCircle2 aria-hidden className="size-14 shrink-0 text-emerald-600" />
            ) : (
              <XCircle aria-hidden className="size-14 shrink-0 text-destructive" />
            )}
            <div className="min-w-0">
              <p className="text-4xl font-bold break-words">{last.title}</p>
              <p className="text-2xl text-muted-foreground break-words">{last.detail}</p>
            </div>
          </>
        )}
      </section>

      {typing ? (
        <form onSubmit={onSubmitTyped} className="flex flex-wrap items-end gap-3" aria-label="Type a tag">
          <div className="grid min-w-64 flex-1 gap-2">
            <label htmlFor={inputId} className="text-lg font-medium">
              Tag number
            </label>
            <Input
              ref={inputRef}
              id={inputId}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              onKeyDown={keyTimes.onKeyDown}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              className="h-14 font-mono text-2xl"
            />
          </div>
          <Button type="submit" size="lg" className="h-14 px-8 text-lg">
            {action === 'check-in' ? 'Check in' : 'Check out'}
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="lg"
            className="h-14 text-lg"
            onClick={() => setTyping(false)}
          >
            Done typing
          </Button>
        </form>
      ) : (
        <Button
          type="button"
          variant="outline"
          size="lg"
          className="h-14 justify-self-start self-start text-lg"
          onClick={() => setTyping(true)}
        >
          <Keyboard aria-hidden /> Type a tag that will not scan
        </Button>
      )}

      {work}

      <ol aria-label="Kiosk scans" className="grid gap-2">
        {log.map((entry) => (
          <li key={entry.id} className="flex flex-wrap items-baseline gap-x-4 rounded-lg border p-4 text-xl">
            <span className="tabular-nums text-muted-foreground">{formatTime(entry.at)}</span>
            <span className={cn('font-semibold', entry.ok ? '' : 'text-destructive')}>{entry.title}</span>
            <span className="text-muted-foreground">{entry.detail}</span>
            <span className="ml-auto text-base text-muted-foreground">
              {entry.source === 'scanner' ? 'Scanned' : 'Typed by hand'}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}

function KioskChoice({
  pressed,
  onPress,
  icon: Icon,
  label,
  hint,
}: {
  pressed: boolean;
  onPress: () => void;
  icon: typeof LogIn;
  label: string;
  hint: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onPress}
      className={cn(
        'flex min-h-24 items-center justify-center gap-4 rounded-2xl border-4 p-4 text-left transition-colors',
        pressed
          ? 'border-primary bg-primary text-primary-foreground'
          : 'border-border bg-card hover:bg-accent',
      )}
    >
      <Icon aria-hidden className="size-10 shrink-0" />
      <span>
        <span className="block text-3xl font-bold">{label}</span>
        <span
          className={cn('block text-lg', pressed ? 'text-primary-foreground/80' : 'text-muted-foreground')}
        >
          {hint}
        </span>
      </span>
    </button>
  );
}
