import { describe, expect, it } from 'vitest';
import { meanAbsoluteErrorDays, phaseDuration, predictCompletion, predictJobCompletion } from './prediction';

const NOW = new Date('2026-01-01T00:00:00Z');
const at = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000).toISOString();

describe('phaseDuration', () => {
  it('takes the 25th, 50th and 80th percentiles of past durations', () => {
    // [2,4,6,8,10]: ranks 1, 2 and 3.2 → 4, 6 and 8 + 0.2 × 2.
    expect(phaseDuration([10, 2, 8, 4, 6], 5)).toEqual({ p25: 4, p50: 6, p80: 8.4 });
  });

  it('falls back to the target without history', () => {
    expect(phaseDuration([], 5)).toEqual({ p25: 5, p50: 5, p80: 5 });
  });
});

describe('predictCompletion', () => {
  const input = {
    now: NOW,
    // Six hours into a phase of 4 / 8 / 12 hours: 0, 2 and 6 hours left of it.
    current: { duration: { p25: 4, p50: 8, p80: 12 }, elapsedHours: 6 },
    remaining: [
      { p25: 2, p50: 4, p80: 10 },
      { p25: 1, p50: 1, p80: 2 },
    ],
  };

  it('adds what is left of the phase to the remaining phases at each quantile', () => {
    expect(predictCompletion(input)).toEqual({
      earliest: at(3), // 0 + 2 + 1
      likely: at(7), // 2 + 4 + 1
      latest: at(18), // 6 + 10 + 2
      remainingPhases: 3,
    });
  });

  it('predicts now for a job with every phase done', () => {
    const done = predictCompletion({ now: NOW, current: null, remaining: [] });
    expect(done).toEqual({ earliest: at(0), likely: at(0), latest: at(0), remainingPhases: 0 });
  });
});

describe('predictJobCompletion', () => {
  const phases = [
    { key: 'a', hours: 4 },
    { key: 'b', hours: 8 },
    { key: 'c', hours: 2 },
  ];
  const durationOf = (phase: { hours: number }) => ({
    p25: phase.hours / 2,
    p50: phase.hours,
    p80: phase.hours * 2,
  });

  it('counts the current phase from when it started and every phase after it', () => {
    const { prediction, remaining } = predictJobCompletion({
      now: NOW,
      phases,
      phaseIndex: 1,
      isComplete: false,
      phaseStartedAt: new Date(at(-3)),
      durationOf,
    });
    expect(remaining.map((phase) => phase.key)).toEqual(['b', 'c']);
    // b: 8 − 3 = 5 left at the median, 16 − 3 = 13 at p80; c: 2 and 4.
    expect(prediction).toMatchObject({ likely: at(7), latest: at(17), remainingPhases: 2 });
  });

  it('leaves nothing ahead once the workflow is complete', () => {
    const { prediction, remaining } = predictJobCompletion({
      now: NOW,
      phases,
      phaseIndex: 2,
      isComplete: true,
      phaseStartedAt: NOW,
      durationOf,
    });
    expect(remaining).toEqual([]);
    expect(prediction.remainingPhases).toBe(0);
  });
});

describe('meanAbsoluteErrorDays', () => {
  it('averages the distance between predicted and actual in days', () => {
    const day = (d: number) => new Date(NOW.getTime() + d * 86_400_000);
    // One day early and three days late: (1 + 3) / 2.
    expect(
      meanAbsoluteErrorDays([
        { predicted: day(1), actual: day(0) },
        { predicted: day(2), actual: day(5) },
      ]),
    ).toBe(2);
    expect(meanAbsoluteErrorDays([])).toBeNull();
  });
});
