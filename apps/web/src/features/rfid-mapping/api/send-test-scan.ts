import { type TTestScanAnswer, ZTestScanAnswerSchema } from '@loupe/domain/realtime/acknowledgements';
import type { TClientToServerPayload } from '@loupe/domain/realtime/events';
import { useMutation } from '@tanstack/react-query';
import type { RealtimeClient } from '@/lib/realtime/realtime-client';
import { RealtimeRequestError } from '@/lib/realtime/realtime-client';
import { useRealtime } from '@/lib/realtime/realtime-context';

/** A test read travels the whole pipeline before the answer; a busy server still answers well within this. */
export const TEST_SCAN_TIMEOUT_MS = 10_000;

export type TTestScan = TClientToServerPayload<'rfid:test-scan'>;

/**
 * Sends one read from a reader's antenna over the live connection: the server runs it through the same
 * pipeline as a reader's (issue 6 §5). Resolves with the server's answer, a refusal included; rejects when
 * the answer never came (not connected, connection lost, timeout) or cannot be read.
 */
export async function sendTestScan(
  client: Pick<RealtimeClient, 'request'> | null,
  scan: TTestScan,
): Promise<TTestScanAnswer> {
  if (client === null) {
    throw new RealtimeRequestError('not-connected', 'Not connected to the live server, so nothing was sent.');
  }
  const answer = await client.request('rfid:test-scan', scan, { timeoutMs: TEST_SCAN_TIMEOUT_MS });
  const parsed = ZTestScanAnswerSchema.safeParse(answer);
  if (!parsed.success) {
    console.warn('Unreadable answer to rfid:test-scan', answer);
    throw new Error('The server’s answer to the test read could not be read.');
  }
  return parsed.data;
}

/** `sendTestScan` over the signed-in shell's live connection, with its pending state for the form. */
export function useSendTestScan() {
  const client = useRealtime()?.client ?? null;
  return useMutation({ mutationFn: (scan: TTestScan) => sendTestScan(client, scan) });
}
