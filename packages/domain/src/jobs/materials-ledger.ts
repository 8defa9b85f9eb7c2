import { AppError } from '../errors/errors';
import {
  formatWeight,
  type TMaterialBalance,
  type TMaterialEntryType,
  type TMaterialKind,
  type TQuantity,
  weightStepOf,
  weightUnitOf,
} from './materials';

/**
 * A job's materials ledger (issue 37 §4): where each line's material is, what a move may take, and what the
 * pickup check writes.
 */

// The balance rules.

type TEntryLike = {
  readonly type: TMaterialEntryType;
  readonly count: number;
  readonly weightMilli: number | null;
  readonly holder: string;
};

const zero = (weighed: boolean): { count: number; weightMilli: number | null } => ({
  count: 0,
  weightMilli: weighed ? 0 : null,
});
const plus = (a: TQuantity, b: TQuantity, sign = 1): TQuantity => ({
  count: a.count + sign * b.count,
  weightMilli: a.weightMilli === null ? null : a.weightMilli + sign * (b.weightMilli ?? 0),
});
const isEmpty = (q: TQuantity) => q.count === 0 && (q.weightMilli ?? 0) === 0;

/** Where a line's material is, from its ledger (received first). */
export function balanceOf(line: { readonly weightMilli: number | null }, entries: readonly TEntryLike[]) {
  const weighed = line.weightMilli !== null;
  let received: TQuantity = zero(weighed);
  let onHand: TQuantity = zero(weighed);
  let used: TQuantity = zero(weighed);
  let checkedOut: TQuantity = zero(weighed);
  let shortfall: TQuantity = zero(weighed);
  const benches = new Map<string, TQuantity>();
  const bench = (holder: string) => benches.get(holder) ?? zero(weighed);
  for (const entry of entries) {
    switch (entry.type) {
      case 'received':
      case 'added':
        received = plus(received, entry);
        onHand = plus(onHand, entry);
        break;
      case 'issued':
        onHand = plus(onHand, entry, -1);
        benches.set(entry.holder, plus(bench(entry.holder), entry));
        break;
      case 'returned':
        onHand = plus(onHand, entry);
        benches.set(entry.holder, plus(bench(entry.holder), entry, -1));
        break;
      case 'used':
        used = plus(used, entry);
        benches.set(entry.holder, plus(bench(entry.holder), entry, -1));
        break;
      case 'checked_out':
        checkedOut = plus(checkedOut, entry);
        onHand = plus(onHand, entry, -1);
        break;
      case 'shortfall':
        shortfall = plus(shortfall, entry);
        onHand = plus(onHand, entry, -1);
        break;
      default: {
        const unknown: never = entry.type;
        throw new Error(`unknown ledger entry ${String(unknown)}`);
      }
    }
  }
  const atBench = [...benches.entries()]
    .filter(([, quantity]) => !isEmpty(quantity))
    .map(([holder, quantity]) => ({ holder, ...quantity }));
  return {
    in: received,
    onHand,
    atBench,
    used,
    checkedOut,
    shortfall,
    isAccounted: isEmpty(onHand) && atBench.length === 0,
  } satisfies TMaterialBalance;
}

export const describeQuantity = (kind: TMaterialKind, quantity: TQuantity) => {
  const parts: string[] = [];
  if (kind !== 'metal') parts.push(`${quantity.count}`);
  if (quantity.weightMilli !== null) parts.push(formatWeight(kind, quantity.weightMilli));
  return parts.join(' · ');
};

/**
 * The quantity a movement takes, checked against the line's balance: never more than is on hand (issue,
 * check out) or at that bench (return, use), and a weighed line's movement says its weight, or takes the whole
 * remaining weight when it takes the whole remaining count.
 */
export function checkMovement(
  line: { readonly kind: TMaterialKind; readonly weightMilli: number | null },
  balance: TMaterialBalance,
  movement: { type: TMaterialEntryType; count: number; weightMilli: number | null; holder: string },
): TQuantity {
  const weighed = line.weightMilli !== null;
  if (movement.weightMilli !== null && movement.weightMilli % weightStepOf(line.kind) !== 0) {
    throw new AppError(
      'VALIDATION_FAILED',
      line.kind === 'stone' ? 'Carats are to 0.001 ct.' : 'Grams are to 0.01 g.',
    );
  }
  if (line.kind === 'metal' && movement.count !== 0) {
    throw new AppError('VALIDATION_FAILED', 'Metal moves by weight, not by count.');
  }
  const needsHolder = movement.type === 'issued' || movement.type === 'returned' || movement.type === 'used';
  if (needsHolder && movement.holder.trim() === '') {
    throw new AppError('VALIDATION_FAILED', 'Say which bench or person.');
  }
  const source: TQuantity | null =
    movement.type === 'issued' || movement.type === 'checked_out' || movement.type === 'shortfall'
      ? balance.onHand
      : movement.type === 'returned' || movement.type === 'used'
        ? (balance.atBench.find((held) => held.holder === movement.holder) ?? zero(weighed))
        : null;
  const refuse = (available: TQuantity) => {
    const isOnHand = available === balance.onHand;
    return new AppError(
      isOnHand ? 'MATERIALS_NOT_ON_HAND' : 'MATERIALS_NOT_AT_BENCH',
      `Only ${describeQuantity(line.kind, available)} ${isOnHand ? 'on hand' : `at ${movement.holder}`}.`,
      { details: { available } },
    );
  };
  if (source !== null && movement.count > source.count) throw refuse(source);
  let weightMilli = weighed ? movement.weightMilli : null;
  if (weighed && weightMilli === null) {
    if (source !== null && movement.count === source.count && line.kind !== 'metal') {
      weightMilli = source.weightMilli;
    } else {
      throw new AppError(
        'VALIDATION_FAILED',
        `How much does it weigh (${weightUnitOf(line.kind) === 'ct' ? 'carats' : 'grams'})?`,
      );
    }
  }
  const quantity: TQuantity = { count: movement.count, weightMilli };
  if (isEmpty(quantity)) throw new AppError('VALIDATION_FAILED', 'Nothing to move: enter a count or weight.');
  if (source === null) return quantity;
  if (quantity.weightMilli !== null && quantity.weightMilli > (source.weightMilli ?? 0)) throw refuse(source);
  return quantity;
}

/**
 * The pickup check of one line: what goes out, and the rest on hand as a shortfall, which must be explained.
 * Nothing may still be at a bench: it comes back (or is recorded as used) first.
 */
export function pickupEntries(
  line: { readonly kind: TMaterialKind; readonly weightMilli: number | null; readonly description: string },
  balance: TMaterialBalance,
  out: { count: number; weightMilli: number | null; shortfallNote: string } | undefined,
): { checkedOut: TQuantity | null; shortfall: TQuantity | null } {
  if (balance.atBench.length > 0) {
    throw new AppError(
      'MATERIALS_NOT_ACCOUNTED',
      `${line.description}: still at ${balance.atBench.map((held) => held.holder).join(', ')}. Return it first.`,
    );
  }
  const weighed = line.weightMilli !== null;
  const going: TQuantity = out
    ? { count: out.count, weightMilli: weighed ? (out.weightMilli ?? 0) : null }
    : zero(weighed);
  if (
    going.count > balance.onHand.count ||
    (going.weightMilli !== null && going.weightMilli > (balance.onHand.weightMilli ?? 0))
  ) {
    throw new AppError(
      'MATERIALS_NOT_ON_HAND',
      `${line.description}: only ${describeQuantity(line.kind, balance.onHand)} on hand.`,
    );
  }
  const rest = plus(balance.onHand, going, -1);
  if (!isEmpty(rest) && (out?.shortfallNote ?? '').trim() === '') {
    throw new AppError(
      'MATERIALS_NOT_ACCOUNTED',
      `${line.description}: ${describeQuantity(line.kind, rest)} short. Say what happened to it.`,
    );
  }
  return {
    checkedOut: isEmpty(going) ? null : going,
    shortfall: isEmpty(rest) ? null : rest,
  };
}
