/**
 * Work time's queries (issue 37 §3), shared by My Tasks and a station's kiosk. Under the 'workflow' root, so
 * what refreshes the workflow (its events, `work:timer-changed`) refreshes them too.
 */
export const workTimeQueryKeys = {
  /** What a tap invalidates: the workflow root (My Tasks, the board) and with it every timer. */
  all: ['workflow'] as const,
  mine: ['workflow', 'work-time', 'mine'] as const,
  station: (stationId: string) => ['workflow', 'work-time', 'station', stationId] as const,
};
