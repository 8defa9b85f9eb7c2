import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import { EPC_FAILURE_MESSAGES, normalizeEpc } from '@loupe/domain/rfid/epc';
import type { TStationScanResult } from '@loupe/domain/tracking/tracking-api';
import { ScanLineIcon } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { errorMessageOf, isRetryableError } from '@/lib/api-error';
import { formatTime } from '@/lib/date-format';
import { paths, pathTo } from '@/lib/paths';

/** The scan log keeps the last scans of this visit; older ones scroll out. */
export const SCAN_LOG_SIZE = 50;

type TScanState = 'sending' | TStationScanResult['outcome'] | 'failed' | 'refused' | 'not-a-tag';

type TScanEntry = {
  readonly id: number;
  /** When the scanner typed it: sent with the scan, and again on Retry. */
  readonly at: Date;
  /** What the scanner typed, as typed. */
  readonly typed: string;
  /** The normalized EPC; null when what was typed is not one. */
  readonly epc: string | null;
  readonly state: TScanState;
  readonly message: string;
  readonly item: TStationScanResult['item'];
};

const STATE_LABELS: Readonly<Record<TScanState, string>> = {
  sending: 'Sending…',
  moved: 'Moved here',
  seen: 'Already here',
  stale: 'Not moved',
  'unknown-tag': 'Unknown tag',
  failed: 'Not sent',
  refused: 'Refused',
  'not-a-tag': 'Not a tag',
};

const STATE_VARIANTS: Readonly<Record<TScanState, 'default' | 'secondary' | 'destructive' | 'outline'>> = {
  sending: 'outline',
  moved: 'default',
  seen: 'secondary',
  stale: 'outline',
  'unknown-tag': 'destructive',
  failed: 'destructive',
  refused: 'destructive',
  'not-a-tag': 'destructive',
};

export type TScanModeProps = {
  readonly stationName: string;
  /** Sends one scan with the ISO time it was scanned; rejects when it did not reach the server or was refused. */
  readonly onScan: (scan: { epc: string; scannedAt: string }) => Promise<TStationScanResult>;
};

/**
 * Keyboard-wedge scan mode, for a station without a fixed reader (issue 6 §1): a USB or Bluetooth scanner
 * types each envelope's EPC and Enter into the focused field. Every scan goes to the server at once and
 * lands in the log with its outcome. One that could not be sent (no answer, or a server failure) stays there
 * with Retry, sent again with the time it was scanned, so no scan is lost and a later read still wins; one
 * the server refused (station deleted, no permission) shows why, without a Retry that would be refused too.
 */
export function ScanMode({ stationName, onScan }: TScanModeProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const nextId = useRef(1);
  const [isOn, setIsOn] = useState(false);
  const [hasFocus, setHasFocus] = useState(false);
  const [raw, setRaw] = useState('');
  const [log, setLog] = useState<readonly TScanEntry[]>([]);

  useEffect(() => {
    if (isOn) inputRef.current?.focus();
  }, [isOn]);

  function update(id: number, changes: Partial<TScanEntry>) {
    setLog((entries) => entries.map((entry) => (entry.id === id ? { ...entry, ...changes } : entry)));
  }

  function send({ id, epc, at }: { id: number; epc: string; at: Date }) {
    update(id, { state: 'sending', message: '' });
    onScan({ epc, scannedAt: at.toISOString() }).then(
      (result) => update(id, { state: result.outcome, message: result.message, item: result.item }),
      (error: unknown) =>
        update(id, {
          state: isRetryableError(error) ? 'failed' : 'refused',
          message: errorMessageOf(error, ERROR_MESSAGES.generic),
        }),
    );
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = raw.trim();
    // The field empties at once: the next envelope may already be on its way under the scanner.
    setRaw('');
    if (typed === '') return;
    const id = nextId.current++;
    const normalized = normalizeEpc(typed);
    const entry: TScanEntry = {
      id,
      at: new Date(),
      typed,
      epc: normalized.ok ? normalized.epc : null,
      state: normalized.ok ? 'sending' : 'not-a-tag',
      message: normalized.ok ? '' : EPC_FAILURE_MESSAGES[normalized.reason],
      item: null,
    };
    setLog((entries) => [entry, ...entries].slice(0, SCAN_LOG_SIZE));
    if (normalized.ok) send({ id, epc: normalized.epc, at: entry.at });
  }

  const moved = log.filter((entry) => entry.state === 'moved').length;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <ScanLineIcon className="size-5" aria-hidden="true" />
          Scan mode
        </CardTitle>
        <CardDescription>
          For a station without a fixed reader: scan each envelope with a USB or Bluetooth scanner and it is
          moved to {stationName}.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {isOn ? (
          <form className="grid gap-2" onSubmit={onSubmit} noValidate aria-label="Scan envelopes">
            <label htmlFor={inputId} className="text-sm font-medium">
              Scanned tag
            </label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input
                ref={inputRef}
                id={inputId}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                className="font-mono"
                placeholder="Scan an envelope"
                value={raw}
                onChange={(event) => setRaw(event.target.value)}
                onFocus={() => setHasFocus(true)}
                onBlur={() => setHasFocus(false)}
              />
              <Button type="submit" variant="outline">
                Send
              </Button>
              <Button type="button" variant="ghost" onClick={() => setIsOn(false)}>
                Stop scan mode
              </Button>
            </div>
            <p className="text-xs text-muted-foreground" aria-live="polite">
              {hasFocus ? (
                'Ready: scan an envelope.'
              ) : (
                <>
                  The scanner types nowhere while this field is not selected.{' '}
                  <button
                    type="button"
                    className="font-medium text-foreground underline underline-offset-4"
                    onClick={() => inputRef.current?.focus()}
                  >
                    Resume scanning
                  </button>
                </>
              )}
            </p>
          </form>
        ) : (
          <div>
            <Button type="button" onClick={() => setIsOn(true)}>
              <ScanLineIcon aria-hidden="true" />
              Start scan mode
            </Button>
          </div>
        )}
        {log.length === 0 ? (
          <p className="text-sm text-muted-foreground">No scans yet at this station.</p>
        ) : (
          <div className="grid gap-2">
            <p className="text-sm text-muted-foreground">
              {log.length} {log.length === 1 ? 'scan' : 'scans'}, {moved} moved here.
            </p>
            <ol className="flex flex-col divide-y rounded-md border" aria-label="Scan log">
              {log.map((entry) => (
                <ScanLogEntry key={entry.id} entry={entry} onRetry={send} />
              ))}
            </ol>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function ScanLogEntry({
  entry,
  onRetry,
}: {
  entry: TScanEntry;
  onRetry: (scan: { id: number; epc: string; at: Date }) => void;
}) {
  const { item, epc } = entry;
  const itemPath = item
    ? item.kind === 'order'
      ? pathTo(paths.orderDetail, { orderId: item.id })
      : pathTo(paths.repairDetail, { repairId: item.id })
    : null;
  return (
    <li className="flex flex-col gap-1 p-3 sm:flex-row sm:items-center sm:gap-3" aria-label={entry.typed}>
      <span className="text-xs tabular-nums text-muted-foreground">
        {formatTime(entry.at, { seconds: true })}
      </span>
      <Badge variant={STATE_VARIANTS[entry.state]}>{STATE_LABELS[entry.state]}</Badge>
      <span className="min-w-0 flex-1 text-sm break-words">
        {item && itemPath ? (
          <Link to={itemPath} className="font-medium underline underline-offset-4">
            {item.number}
          </Link>
        ) : null}{' '}
        {entry.message}
        <span className="block font-mono text-xs text-muted-foreground">{epc ?? entry.typed}</span>
      </span>
      {entry.state === 'failed' && epc !== null ? (
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => onRetry({ id: entry.id, epc, at: entry.at })}
        >
          Retry
        </Button>
      ) : null}
    </li>
  );
}
