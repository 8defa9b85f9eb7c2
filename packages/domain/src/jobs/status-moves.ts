/** A job's status transitions: which statuses may follow each one (orders and repairs each have theirs). */
export type TStatusTransitions<S extends string> = Readonly<Record<S, readonly S[]>>;

/**
 * The statuses a one-click action may move a job to, in the order the transitions list them, with
 * 'cancelled' last: the everyday next steps come first, the one that ends the job after them.
 */
export function nextStatuses<S extends string>(transitions: TStatusTransitions<S>, from: S): S[] {
  const next = [...transitions[from]];
  return [
    ...next.filter((status) => status !== 'cancelled'),
    ...next.filter((status) => status === 'cancelled'),
  ];
}

/** The statuses every one of `froms` may move to: what a bulk action on a selection can offer. */
export function commonNextStatuses<S extends string>(
  transitions: TStatusTransitions<S>,
  froms: readonly S[],
): S[] {
  if (froms.length === 0) return [];
  const [first, ...rest] = froms as [S, ...S[]];
  return nextStatuses(transitions, first).filter((status) =>
    rest.every((from) => transitions[from].includes(status)),
  );
}
