import {
  type TLlrpTestInput,
  type TLlrpTestResult,
  ZLlrpTestResultSchema,
} from '@loupe/domain/registry/llrp';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';

/**
 * POST /readers/llrp/test: the server opens an LLRP connection to the reader and reads its capabilities.
 * It fails with LLRP_UNREACHABLE (nothing answered) or LLRP_PROTOCOL (something answered, not as a reader).
 */
export async function testLlrpConnection(endpoint: TLlrpTestInput): Promise<TLlrpTestResult> {
  return parseData(ZLlrpTestResultSchema, await apiClient.post('readers/llrp/test', endpoint));
}

/** Changes nothing on the server, so no cached query goes stale. */
export function useTestLlrpConnection() {
  return useMutation({ mutationFn: testLlrpConnection });
}
