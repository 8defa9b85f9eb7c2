import { describe, expect, it } from 'vitest';
import { createCatchUpLoop } from './catch-up-loop.ts';

/** A promise and the function that settles it. */
function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe('createCatchUpLoop', () => {
  it('runs one pass at a time, and one more after it for every wake meanwhile', async () => {
    const first = gate();
    const second = gate();
    let passes = 0;
    const loop = createCatchUpLoop({
      catchUp: async () => {
        passes += 1;
        if (passes === 1) await first.opened;
        else second.open();
      },
      onError: () => undefined,
      retryMs: 10,
    });
    loop.wake();
    loop.wake();
    loop.wake();
    expect(passes).toBe(1);
    expect(loop.isRunning()).toBe(true);
    first.open();
    await second.opened;
    await new Promise((resolve) => setTimeout(resolve, 10));
    await loop.stop();
    // The two wakes during the first pass asked for one more pass, not two.
    expect(passes).toBe(2);
  });

  it('says why a pass failed and tries again later, until a pass succeeds', async () => {
    const errors: string[] = [];
    const done = gate();
    let passes = 0;
    const loop = createCatchUpLoop({
      catchUp: async () => {
        passes += 1;
        if (passes < 3) throw new Error(`refused ${passes}`);
        done.open();
      },
      onError: (error) => errors.push((error as Error).message),
      retryMs: 5,
    });
    loop.wake();
    await done.opened;
    await loop.stop();
    expect(errors).toEqual(['refused 1', 'refused 2']);
    expect(passes).toBe(3);
  });

  it('starts nothing once stopped, a retry due included', async () => {
    let passes = 0;
    const loop = createCatchUpLoop({
      catchUp: async () => {
        passes += 1;
        throw new Error('refused');
      },
      onError: () => undefined,
      retryMs: 5,
    });
    loop.wake();
    await loop.stop();
    loop.wake();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(passes).toBe(1);
    expect(loop.isRunning()).toBe(false);
  });
});
