import type { TClock } from '../../src/lib/clock.ts';

/** A clock tests move by hand, so that nothing sleeps. */
export type TTestClock = TClock & { advance(ms: number): void; set(date: Date): void };

export function createTestClock(start = new Date()): TTestClock {
  let now = start.getTime();
  const clock = (() => new Date(now)) as TTestClock;
  clock.advance = (ms) => {
    now += ms;
  };
  clock.set = (date) => {
    now = date.getTime();
  };
  return clock;
}
