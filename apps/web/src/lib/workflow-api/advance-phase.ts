import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import { type TAdvancePhaseInput, ZWorkflowJobSchema } from '@loupe/domain/workflow/workflow-api';
import type { TWorkflowKind } from '@loupe/domain/workflow/workflow-template';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';

export type TAdvancePhase = { readonly kind: TWorkflowKind; readonly id: string } & TAdvancePhaseInput;

/**
 * POST /workflow/jobs/{kind}/{id}/advance: the current phase is done (or the job jumps to `to`). Shared by the
 * Command Center and a station's kiosk check-out.
 */
export async function advancePhase({ kind, id, ...input }: TAdvancePhase) {
  const body = await apiClient.post(`workflow/jobs/${kind}/${encodeURIComponent(id)}/advance`, input, {
    errorMessage: ERROR_MESSAGES.generic,
  });
  return parseData(ZWorkflowJobSchema, body);
}
