import type { TAttachment } from '@loupe/domain/catalog/catalog';
import {
  maySendRevision,
  type TCreateDesignRevisionInput,
  type TDesignApprovalLink,
  type TDesignRequestStatus,
  type TDesignRevision,
  ZCreateDesignRevisionSchema,
  ZDesignRequestStatusSchema,
} from '@loupe/domain/designs/design-requests';
import { AppError } from '@loupe/domain/errors/errors';
import { isFinishedOrderStatus } from '@loupe/domain/orders/order';
import type { TStoredImage } from '../attachments/image-storage.ts';
import { toAttachment } from '../attachments/owned-attachments.ts';
import type { TAttachmentRow } from '../attachments/repository.ts';
import type { TAnnounce, TDesignsActor, TDesignsCommon, TDesignsServiceOptions } from './common.ts';

/** Revisions: numbered drafts with their files, sent to the customer through a link that can be revoked. */
export function createDesignRevisions(options: TDesignsServiceOptions, common: TDesignsCommon) {
  const { designs, attachments, clock } = options;
  const { links, visibleRequest, workableRequest, revisionOf, announce, publishAll, record, toRevision } =
    common;

  /** A new numbered revision; a request that was new or sent back is in progress again. */
  async function addRevision(
    actor: TDesignsActor,
    id: string,
    raw: TCreateDesignRevisionInput,
  ): Promise<TDesignRevision> {
    const input = ZCreateDesignRevisionSchema.parse(raw);
    const at = clock();
    const pending: TAnnounce[] = [];
    const revision = await designs.withTransaction(async (repository) => {
      const row = await workableRequest(actor, id, repository);
      await repository.lockRequest(id);
      const created = await repository.insertRevision({
        requestId: id,
        notes: input.notes,
        createdBy: actor.id,
        createdAt: at,
      });
      const status: TDesignRequestStatus =
        row.status === 'waiting-for-customer' || row.status === 'approved'
          ? (row.status as TDesignRequestStatus)
          : 'in-progress';
      await repository.updateRequest(id, { status, updatedAt: at });
      pending.push(announce(row, status, `Revision ${created.number} started`, at));
      return created;
    });
    publishAll(pending);
    return toRevision(revision, []);
  }

  /** Before an upload is read: the revision exists, is the caller's to change, and was not sent yet. */
  async function assertMayAddFiles(actor: TDesignsActor, id: string, revisionId: string): Promise<void> {
    await workableRequest(actor, id);
    const revision = await revisionOf(id, revisionId);
    if (revision.sentAt !== null) {
      throw new AppError(
        'CONFLICT',
        `Revision ${revision.number} was sent to the customer: start a new revision to change it.`,
      );
    }
  }

  async function addFiles(
    actor: TDesignsActor,
    id: string,
    revisionId: string,
    files: readonly TStoredImage[],
  ): Promise<TAttachment[]> {
    await assertMayAddFiles(actor, id, revisionId);
    const rows = await attachments.of({ kind: 'design-revision', id: revisionId }).add(files, {
      createdBy: actor.id,
      at: clock(),
    });
    return rows.map(toAttachment);
  }

  async function removeFile(
    actor: TDesignsActor,
    id: string,
    revisionId: string,
    fileId: string,
  ): Promise<TAttachmentRow> {
    await assertMayAddFiles(actor, id, revisionId);
    const row = await attachments.of({ kind: 'design-revision', id: revisionId }).remove(fileId);
    if (!row) throw new AppError('NOT_FOUND', 'This file does not exist (any more).');
    return row;
  }

  /**
   * Sends a revision to the customer: its link (issued once, the same on a second press), every other
   * revision's link revoked — the customer answers the latest only — and the request waits for them.
   */
  async function sendForApproval(
    actor: TDesignsActor,
    id: string,
    revisionId: string,
  ): Promise<TDesignApprovalLink> {
    const at = clock();
    const pending: TAnnounce[] = [];
    const link = await designs.withTransaction(async (repository, tx) => {
      const row = await visibleRequest(actor, id, repository);
      await repository.lockRequest(id);
      const revision = await revisionOf(id, revisionId, repository);
      // Its link would be expired before it arrived (issue 35 §7).
      if (isFinishedOrderStatus(row.orderStatus)) {
        throw new AppError('CONFLICT', `${row.orderNumber} is finished: there is nothing left to approve.`);
      }
      const status = ZDesignRequestStatusSchema.catch('new').parse(row.status);
      if (!maySendRevision({ status }, revision)) {
        throw new AppError(
          'CONFLICT',
          revision.decision !== null
            ? `The customer answered revision ${revision.number} already.`
            : 'This design is approved already.',
        );
      }
      const files = await attachments.of({ kind: 'design-revision', id: revisionId }, tx).list();
      if (files.length === 0) {
        throw new AppError(
          'VALIDATION_FAILED',
          `Add a file to revision ${revision.number} before sending it.`,
        );
      }
      for (const other of await repository.listRevisions(id)) {
        if (other.id !== revisionId) await links.revoke(other.id, actor.id, at, tx);
      }
      const issued = await links.ensure(revisionId, actor.id, at, tx);
      if (revision.sentAt === null) {
        await repository.markSent(revisionId, at);
        await record(tx, row, 'design-sent-for-approval', at, actor.id, {
          revision: { from: null, to: revision.number },
        });
      }
      await repository.updateRequest(id, { status: 'waiting-for-customer', updatedAt: at });
      pending.push(
        announce(row, 'waiting-for-customer', `Revision ${revision.number} sent for approval`, at),
      );
      return issued;
    });
    publishAll(pending);
    return link;
  }

  /** Revokes a revision's link: it answers 404 from now on; the request is back in progress. */
  async function revokeApproval(actor: TDesignsActor, id: string, revisionId: string): Promise<void> {
    const at = clock();
    const pending: TAnnounce[] = [];
    await designs.withTransaction(async (repository, tx) => {
      const row = await visibleRequest(actor, id, repository);
      await repository.lockRequest(id);
      const revision = await revisionOf(id, revisionId, repository);
      if (!(await links.revoke(revisionId, actor.id, at, tx))) return;
      if (row.status === 'waiting-for-customer' && revision.decision === null) {
        await repository.updateRequest(id, { status: 'in-progress', updatedAt: at });
        pending.push(
          announce(row, 'in-progress', `Approval link of revision ${revision.number} revoked`, at),
        );
      }
    });
    publishAll(pending);
  }

  return { addRevision, assertMayAddFiles, addFiles, removeFile, sendForApproval, revokeApproval };
}
