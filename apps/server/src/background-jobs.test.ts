import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { every, startBackgroundJobs } from './background-jobs.ts';

describe('background jobs', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs each job on its interval, one run at a time, and logs a failure with its name', async () => {
    const errors: unknown[] = [];
    const logger = { error: (fields: unknown) => void errors.push(fields) };
    let runs = 0;
    let release: () => void = () => {};
    const slow = every('the slow sweep', 1_000, async () => {
      runs += 1;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    const failing = every('the failing sweep', 1_000, async () => {
      throw new Error('disk full');
    });
    const stop = startBackgroundJobs([slow, failing], logger);
    await vi.advanceTimersByTimeAsync(3_000);
    // The slow run is still going: no second one starts over it.
    expect(runs).toBe(1);
    expect(errors).toEqual([
      { err: 'disk full', job: 'the failing sweep' },
      { err: 'disk full', job: 'the failing sweep' },
      { err: 'disk full', job: 'the failing sweep' },
    ]);
    // Stopping waits for the run in progress, then nothing runs again.
    let stopped = false;
    const stopping = stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runs).toBe(1);
  });
});
