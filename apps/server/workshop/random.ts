/** A source of numbers in [0, 1), like Math.random; the kit takes one so a seed can be replayed. */
export type TRandom = () => number;

/** mulberry32: a small seeded generator, good enough for demo data. */
export function seededRandom(seed: number): TRandom {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** An integer in [min, max]. */
export function randomInt(random: TRandom, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

export function pick<T>(random: TRandom, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

export function chance(random: TRandom, probability: number): boolean {
  return random() < probability;
}

/** A fresh 96-bit EPC: 24 upper-case hex digits (starting E28011, as the inlays in the test fixtures do). */
export function randomEpc(random: TRandom): string {
  let hex = 'E28011';
  while (hex.length < 24) hex += Math.floor(random() * 16).toString(16);
  return hex.toUpperCase();
}

/** A shuffled copy (Fisher–Yates). */
export function shuffle<T>(random: TRandom, items: readonly T[]): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}
