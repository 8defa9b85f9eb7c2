/**
 * Readers and the RFID pipeline status share the 'readers' root, so that a realtime 'rfid:reader-status'
 * event (lib/realtime/query-invalidation.ts) and every write here refresh both.
 */
export const readersQueryKeys = {
  all: ['readers'] as const,
  list: ['readers', 'list'] as const,
  rfidStatus: ['readers', 'rfid-status'] as const,
  lastReads: ['readers', 'last-reads'] as const,
  /** An LLRP reader's settings and connection: the socket's 'rfid:reader-status' refreshes it too. */
  llrp: (readerId: string) => ['readers', 'llrp', readerId] as const,
};
