/**
 * Which cached queries an event makes stale (spec §7: data is refreshed on realtime events). Keys are matched
 * by their first element, the feature's query-key root.
 */
const ROOTS_BY_EVENT_PREFIX: readonly (readonly [string, readonly string[]])[] = [
  // A job's status moves its state (the tiles, lists and board under 'workflow'); a finished job gives its tag
  // back, so it leaves /offsite too (issue 32). The designer's board follows the order's phase (issue 35 §7).
  ['order:', ['orders', 'tracking', 'workflow', 'offsite', 'designs']],
  ['repair:', ['repairs', 'tracking', 'workflow', 'offsite']],
  // A read that moves a piece can move its workflow phase and status too: the Command Center's cards, the
  // dashboard's tiles and the lists' states follow it.
  // It can also bring a piece ready for pickup to its pickup location (issue 39's location view).
  ['tracking:', ['orders', 'repairs', 'tracking', 'offsite', 'workflow', 'transfers']],
  ['workflow:', ['workflow', 'orders', 'repairs', 'designs']],
  // A timer started or stopped (issue 37 §3): My Tasks and the kiosk (under 'workflow'), the job's labour.
  ['work:', ['workflow', 'orders', 'repairs']],
  // Workflow templates follow the departments: the board's phases and a department's workload with them.
  ['department:', ['registry', 'workflow']],
  ['station:', ['registry']],
  ['rfid:reader-status', ['readers']],
  ['user:', ['settings']],
  // A TV paired, moved or revoked: Settings › TV Displays follows.
  ['tv:display-changed', ['settings']],
  // Issue 15: the alerts feed follows each alert; the bell follows its notices (a raised alert brings one).
  ['system:alert', ['alerts', 'notifications']],
  ['system:notification', ['notifications']],
  // Issue 17: the designer's workspace follows its requests; the order's history shows the customer's answer.
  ['design:', ['designs', 'orders']],
  // Issue 37 §4: a job's materials card and its pickup check follow the ledger.
  ['materials:', ['materials']],
  // Issue 37 §5: a closing count started, counted a piece or finished; its screen and report follow.
  ['safe-count:', ['safe-counts']],
  // Issue 39: a bag packed, sent or received, or a piece in it read; its page, the lists and location views follow.
  ['transfer:', ['transfers']],
];

/**
 * Events no cached query holds: how many people have Loupe open (the realtime provider keeps the count). Each
 * connection's first event is one, so under `user:` it refetched every open settings query at each sign-in
 * anywhere, and twice on every page load (issue 35 §4).
 */
const NO_QUERY_EVENTS: ReadonlySet<string> = new Set(['user:online-count-changed']);

export function queryRootsForEvent(name: string): readonly string[] {
  if (NO_QUERY_EVENTS.has(name)) return [];
  const roots = new Set<string>();
  for (const [prefix, eventRoots] of ROOTS_BY_EVENT_PREFIX) {
    if (name.startsWith(prefix)) for (const root of eventRoots) roots.add(root);
  }
  return [...roots];
}

/** Every root a realtime event refreshes: after a reconnect, all of them, since events may have been missed. */
export const LIVE_QUERY_ROOTS: readonly string[] = [
  ...new Set(ROOTS_BY_EVENT_PREFIX.flatMap(([, roots]) => roots)),
];
