import type { TTestScanAnswer } from '@loupe/domain/realtime/acknowledgements';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessageOf } from '@/lib/api-error';
import type { TTestScan } from '../api/send-test-scan';
import { summaryWord, type TFlowStep } from '../components/rfid-simulator-model';

/** How many of the last moves the page lists. */
export const FLOW_MOVES_SHOWN = 5;

export type TFlowMove = {
  /** 1-based. */
  readonly step: number;
  readonly number: string;
  readonly place: string;
  readonly outcome: string;
};

export type TFlowStatus = 'idle' | 'running' | 'stopped' | 'finished' | 'failed';

export type TFlowState = {
  readonly status: TFlowStatus;
  /** Steps sent so far. */
  readonly done: number;
  readonly total: number;
  /** Newest first, at most FLOW_MOVES_SHOWN. */
  readonly moves: readonly TFlowMove[];
  /** Why the flow stopped by itself: a refusal or no answer. */
  readonly error: string | null;
};

const IDLE: TFlowState = { status: 'idle', done: 0, total: 0, moves: [], error: null };

type TRun = { cancelled: boolean; timer: ReturnType<typeof setTimeout> | null; wake: (() => void) | null };

/**
 * Runs a simulated flow: one test read per step, `paceMs` apart, each waiting for the server's answer
 * before the next. Stops on Stop, on the first refusal or missing answer, and when the page is left.
 */
export function useSimulatedFlow({ send }: { send: (scan: TTestScan) => Promise<TTestScanAnswer> }) {
  const [state, setState] = useState<TFlowState>(IDLE);
  const runRef = useRef<TRun | null>(null);
  // The latest sender, so a run keeps using the current connection without restarting.
  const sendRef = useRef(send);
  useEffect(() => {
    sendRef.current = send;
  }, [send]);

  const cancel = useCallback(() => {
    const run = runRef.current;
    if (!run) return false;
    run.cancelled = true;
    if (run.timer) clearTimeout(run.timer);
    run.wake?.();
    runRef.current = null;
    return true;
  }, []);

  const start = useCallback(
    (steps: readonly TFlowStep[], paceMs: number) => {
      cancel();
      if (steps.length === 0) return;
      const run: TRun = { cancelled: false, timer: null, wake: null };
      runRef.current = run;
      setState({ status: 'running', done: 0, total: steps.length, moves: [], error: null });

      const pause = () =>
        new Promise<void>((resolve) => {
          run.wake = resolve;
          run.timer = setTimeout(resolve, paceMs);
        });

      void (async () => {
        for (const [index, { item, stop }] of steps.entries()) {
          if (index > 0) await pause();
          if (run.cancelled) return;
          let outcome: string;
          let error: string | null = null;
          try {
            const answer = await sendRef.current({
              readerId: stop.readerId,
              antenna: stop.antenna,
              epc: item.epc,
            });
            if (answer.ok) outcome = summaryWord(answer.result);
            else {
              outcome = 'refused';
              error = answer.message;
            }
          } catch (caught) {
            outcome = 'no answer';
            error = errorMessageOf(caught, 'The test read could not be sent.');
          }
          if (run.cancelled) return;
          const move: TFlowMove = { step: index + 1, number: item.number, place: stop.place, outcome };
          const isLast = index === steps.length - 1;
          setState((current) => ({
            ...current,
            done: index + 1,
            moves: [move, ...current.moves].slice(0, FLOW_MOVES_SHOWN),
            status: error !== null ? 'failed' : isLast ? 'finished' : 'running',
            error,
          }));
          if (error !== null || isLast) {
            runRef.current = null;
            return;
          }
        }
      })();
    },
    [cancel],
  );

  const stop = useCallback(() => {
    if (cancel()) setState((current) => ({ ...current, status: 'stopped' }));
  }, [cancel]);

  // Leaving the page stops the flow: no read is sent after that.
  useEffect(() => () => void cancel(), [cancel]);

  return { state, start, stop };
}
