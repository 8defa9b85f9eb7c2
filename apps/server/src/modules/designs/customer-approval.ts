import {
  publicDesignFileUrl,
  statusAfterDecision,
  type TDesignDecisionInput,
  type TPublicDesignRevision,
  ZDesignDecisionInputSchema,
} from '@loupe/domain/designs/design-requests';
import { AppError } from '@loupe/domain/errors/errors';
import type { TAttachmentRow } from '../attachments/repository.ts';
import type { TAnnounce, TDesignsCommon, TDesignsServiceOptions } from './common.ts';
import type { TDesignRequestRow } from './repository.ts';

/** The customer's side: the revision a link opens, its files, and the answer, kept once. */
export function createCustomerApproval(options: TDesignsServiceOptions, common: TDesignsCommon) {
  const { designs, attachments, clock, logger } = options;
  const { announce, publishAll, record, byToken } = common;

  /** What the customer sees: the one revision the link was sent for. */
  async function publicView(token: string): Promise<TPublicDesignRevision> {
    const { revision, request } = await byToken(token);
    const files = await attachments.of({ kind: 'design-revision', id: revision.id }).list();
    return {
      companyName: await options.companyName(),
      orderNumber: request.orderNumber,
      revisionNumber: revision.number,
      notes: revision.notes,
      files: files.map((file) => ({
        id: file.id,
        fileName: file.fileName,
        contentType: file.contentType,
        url: publicDesignFileUrl(token, file.id),
      })),
      sentAt: (revision.sentAt ?? revision.createdAt).toISOString(),
      decision:
        revision.decision === 'approved' || revision.decision === 'changes-requested'
          ? revision.decision
          : null,
      decisionComment: revision.decisionComment,
      decidedAt: revision.decidedAt?.toISOString() ?? null,
      decidedByName: revision.decidedByName,
    };
  }

  /** A file of the link's revision, and only of it. */
  async function publicFile(token: string, fileId: string): Promise<TAttachmentRow> {
    const { revision } = await byToken(token);
    const file = (await attachments.of({ kind: 'design-revision', id: revision.id }).list()).find(
      (row) => row.id === fileId,
    );
    if (!file) throw new AppError('NOT_FOUND', 'This file does not exist.');
    return file;
  }

  /**
   * The customer's answer, confirmed with the name they typed and kept once with it and its time (issue 35
   * §7): a second answer is refused with DESIGN_DECISION_ALREADY_MADE, an expired link with
   * DESIGN_APPROVAL_LINK_EXPIRED. It goes
   * to the order's history; an approval moves the workflow past its design phase; the designer and the
   * salesperson hear it live and find it in their bell.
   */
  async function decide(token: string, raw: TDesignDecisionInput): Promise<TPublicDesignRevision> {
    const input = ZDesignDecisionInputSchema.parse(raw);
    const at = clock();
    const pending: TAnnounce[] = [];
    const outcome = await designs.withTransaction(async (repository, tx) => {
      const { revision, request } = await byToken(token, { repository, tx });
      await repository.lockRequest(request.id);
      const decided = await repository.decide(revision.id, {
        decision: input.decision,
        comment: input.comment,
        name: input.name,
        at,
      });
      if (!decided) {
        throw new AppError('DESIGN_DECISION_ALREADY_MADE', 'You answered this design already. Thank you!');
      }
      const status = statusAfterDecision(input.decision);
      await repository.updateRequest(request.id, { status, updatedAt: at });
      const approved = input.decision === 'approved';
      await record(tx, request, approved ? 'design-approved' : 'design-changes-requested', at, null, {
        revision: { from: null, to: revision.number },
        confirmedBy: { from: null, to: input.name },
        ...(input.comment ? { comment: { from: null, to: input.comment } } : {}),
      });
      if (approved) {
        pending.push(
          ...(await options.afterDesignApproved(tx, {
            orderId: request.orderId,
            at,
            reason: `Customer approved design revision ${revision.number}`,
          })),
        );
      }
      const summary = approved
        ? `Revision ${revision.number} approved by the customer`
        : `Changes requested on revision ${revision.number}`;
      pending.push(announce(request, status, summary, at));
      return { request, summary, approved };
    });
    publishAll(pending);
    await noticeOutcome(outcome.request, outcome.summary, input.comment, input.name).catch((error: unknown) =>
      logger.error({ err: error, requestId: outcome.request.id }, 'designs: the decision notice failed'),
    );
    return publicView(token);
  }

  /** The designer's and the salesperson's bells: each with a link they may open. */
  async function noticeOutcome(
    request: TDesignRequestRow,
    summary: string,
    comment: string,
    name: string,
  ): Promise<void> {
    const title = `${request.orderNumber}: ${summary}`;
    const message = comment ? `“${comment}” — ${name}` : `Confirmed by ${name}.`;
    if (request.designerId) {
      await options.notify([request.designerId], {
        kind: 'design',
        title,
        message,
        link: `/designer-workspace?request=${request.id}`,
      });
    }
    if (request.salespersonId && request.salespersonId !== request.designerId) {
      await options.notify([request.salespersonId], {
        kind: 'design',
        title,
        message,
        link: `/orders/${request.orderId}`,
      });
    }
  }

  return { publicView, publicFile, decide, noticeOutcome };
}
