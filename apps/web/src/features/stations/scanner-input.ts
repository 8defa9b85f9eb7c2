import { useEffect, useRef } from 'react';

/**
 * Telling a keyboard-wedge scanner from a person typing (issue 14 §4). A scanner "types" a whole EPC in a
 * burst, a few milliseconds between keys, and ends with Enter; nobody types 24 characters that fast.
 * Gaps are measured between the keys' `timeStamp`s, the time each key reached the browser, not the time the
 * page got round to it: a kiosk busy re-rendering for a while handles a burst's last keys late, all at once.
 */
export const SCANNER_MAX_KEY_GAP_MS = 50;
/** A burst shorter than this is a person's quick keys, not an EPC (the shortest EPCs are 8 hex digits). */
export const SCANNER_MIN_LENGTH = 8;

export type TInputSource = 'scanner' | 'typed';

/** Whether keys pressed at these times (ms, in order) came from a scanner. */
export function inputSourceOf(keyTimes: readonly number[]): TInputSource {
  if (keyTimes.length < SCANNER_MIN_LENGTH) return 'typed';
  const gaps = keyTimes.slice(1).map((time, index) => time - (keyTimes[index] ?? time));
  const sorted = [...gaps].sort((a, b) => a - b);
  // The median, so that one hiccup of the USB bus does not make a scan look typed.
  const median = sorted[Math.floor(sorted.length / 2)] ?? Number.POSITIVE_INFINITY;
  return median <= SCANNER_MAX_KEY_GAP_MS ? 'scanner' : 'typed';
}

function isEditable(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/**
 * Catches scanner bursts anywhere on the page while `enabled` (a kiosk where nobody keeps a field focused),
 * and hands each scanned text to `onScan`. Slow keys are left alone, and so is typing into a field.
 */
export function useScannerCapture(onScan: (text: string) => void, enabled: boolean): void {
  const latest = useRef(onScan);
  latest.current = onScan;
  useEffect(() => {
    if (!enabled) return;
    let text = '';
    let times: number[] = [];
    function onKeyDown(event: KeyboardEvent) {
      if (isEditable(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      const now = event.timeStamp;
      const last = times.at(-1);
      if (last !== undefined && now - last > SCANNER_MAX_KEY_GAP_MS * 4) {
        text = '';
        times = [];
      }
      if (event.key === 'Enter') {
        if (text !== '' && inputSourceOf(times) === 'scanner') {
          event.preventDefault();
          latest.current(text);
        }
        text = '';
        times = [];
        return;
      }
      if (event.key.length !== 1) return;
      text += event.key;
      times.push(now);
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}

/** Records when each key of a field was pressed, to say afterwards whether a scanner or a person typed it. */
export function useKeyTimes() {
  const times = useRef<number[]>([]);
  return {
    onKeyDown: (event: { key: string; timeStamp: number }) => {
      if (event.key.length === 1) times.current.push(event.timeStamp);
    },
    /** The source of what was entered since the last take, and a fresh start. */
    take: (): TInputSource => {
      const source = inputSourceOf(times.current);
      times.current = [];
      return source;
    },
  };
}
