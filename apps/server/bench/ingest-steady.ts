import type { TRandom } from '../workshop/random.ts';
import type { TLoadReader } from './ingest-protocol.ts';

/**
 * The steady workshop of `npm run bench:ingest` (issue 38 §4): pieces lying at stations, each reader
 * reading the tags in view of its antennas once per read cycle, and now and then a piece carried from one
 * station to another — `moveShare` of the reads, so that its next read, at its new antenna, is the only
 * fresh read (a move). Pure: the load generator (bench/ingest-load.ts) publishes what it yields, and the
 * bench places the pieces in the database where `steadySlots`/`steadyPlacement` say before it starts.
 */

/** Every (reader, antenna) in the order the fleet lists them: a piece's slot is an index into this. */
export function steadySlots(
  readers: readonly Pick<TLoadReader, 'antennas'>[],
): { reader: number; antenna: number }[] {
  return readers.flatMap((reader, index) => reader.antennas.map((antenna) => ({ reader: index, antenna })));
}

/** Where piece `index` lies before the first read: round the slots, so every antenna sees about as many. */
export function initialSlot(index: number, slots: number): number {
  return index % slots;
}

/** The reader and antenna of each of the first `pieces` tags, as the database is seeded. */
export function steadyPlacement(
  readers: readonly Pick<TLoadReader, 'id' | 'antennas'>[],
  pieces: number,
): { readerId: string; antenna: number }[] {
  const slots = steadySlots(readers);
  return Array.from({ length: pieces }, (_, index) => {
    const slot = slots[initialSlot(index, slots.length)];
    if (slot === undefined) throw new Error('a steady workshop needs at least one antenna');
    return { readerId: readers[slot.reader]?.id ?? '', antenna: slot.antenna };
  });
}

export type TSteadyRead = { readonly piece: number; readonly antenna: number };

export type TSteadyWorkshop = {
  /** One read cycle of reader `reader`: every piece in view of each of its antennas, read once. */
  readCycle(reader: number): TSteadyRead[];
  /** The slot piece `piece` lies at now. */
  slotOf(piece: number): number;
  /** Pieces carried so far. */
  readonly moves: number;
};

export function createSteadyWorkshop(options: {
  readonly readers: readonly Pick<TLoadReader, 'antennas'>[];
  readonly pieces: number;
  /** Pieces carried per read: 0.005 is one carried for every 200 reads. */
  readonly moveShare: number;
  readonly random: TRandom;
}): TSteadyWorkshop {
  const { random, moveShare, pieces } = options;
  const slots = steadySlots(options.readers);
  const slotsOfReader = options.readers.map((_, reader) =>
    slots.flatMap((slot, index) => (slot.reader === reader ? [index] : [])),
  );
  // The pieces at each slot, and where in that list each piece is (removal by swap with the last).
  const inView: number[][] = slots.map(() => []);
  const slotOfPiece = new Int32Array(pieces);
  const position = new Int32Array(pieces);
  const place = (piece: number, slot: number) => {
    const list = inView[slot] as number[];
    slotOfPiece[piece] = slot;
    position[piece] = list.length;
    list.push(piece);
  };
  for (let piece = 0; piece < pieces; piece += 1) place(piece, initialSlot(piece, slots.length));

  let credit = 0;
  let moves = 0;
  /** A piece anywhere in the workshop is picked up and put down at another station. */
  function carry(): void {
    if (pieces === 0 || slots.length < 2) return;
    const piece = Math.floor(random() * pieces);
    const from = slotOfPiece[piece] ?? 0;
    const list = inView[from] as number[];
    const at = position[piece] ?? 0;
    const last = list.pop() as number;
    if (last !== piece) {
      list[at] = last;
      position[last] = at;
    }
    const to = (from + 1 + Math.floor(random() * (slots.length - 1))) % slots.length;
    place(piece, to);
    moves += 1;
  }

  return {
    readCycle(reader) {
      const reads: TSteadyRead[] = [];
      for (const slot of slotsOfReader[reader] ?? []) {
        const antenna = slots[slot]?.antenna ?? 1;
        for (const piece of inView[slot] ?? []) reads.push({ piece, antenna });
      }
      // Carried after this cycle: the piece's next read, at its new antenna, is the fresh one.
      credit += reads.length * moveShare;
      while (credit >= 1) {
        credit -= 1;
        carry();
      }
      return reads;
    },
    slotOf: (piece) => slotOfPiece[piece] ?? -1,
    get moves() {
      return moves;
    },
  };
}
