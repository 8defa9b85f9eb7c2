import {
  canViewDesignRequests,
  canWorkOnDesigns,
  DESIGN_REQUEST_CREATOR_ROLES,
  isAllowed,
} from '@loupe/domain/auth/permissions';
import type { TActor } from '@loupe/domain/auth/roles';
import type { TAttachment } from '@loupe/domain/catalog/catalog';
import {
  DESIGN_REQUEST_STATUS_LABELS,
  designApprovalPath,
  maySendRevision,
  publicDesignFileUrl,
  statusAfterDecision,
  type TCreateDesignRequestInput,
  type TCreateDesignRevisionInput,
  type TDesignApprovalLink,
  type TDesignDecisionInput,
  type TDesignRequest,
  type TDesignRequestListQuery,
  type TDesignRequestStatus,
  type TDesignRequestSummary,
  type TDesignRevision,
  type TPublicDesignRevision,
  type TUpdateDesignRequestInput,
  ZCreateDesignRequestSchema,
  ZCreateDesignRevisionSchema,
  ZDesignDecisionInputSchema,
  ZDesignRequestStatusSchema,
  ZUpdateDesignRequestSchema,
} from '@loupe/domain/designs/design-requests';
import { AppError } from '@loupe/domain/errors/errors';
import type { TItemChangeAction } from '@loupe/domain/history/item-change';
import { userRoom } from '@loupe/domain/realtime/events';
import { personName } from '@loupe/domain/users/user';
import type { FastifyBaseLogger } from 'fastify';
import type { TDatabase } from '../../db/client.ts';
import type { TClock } from '../../lib/clock.ts';
import type { TSecretBox } from '../../lib/secret-box.ts';
import { fieldError, forbidden, isUniqueViolation } from '../../lib/service-errors.ts';
import type { TEventBus } from '../../realtime/event-bus.ts';
import type { TStoredImage } from '../attachments/image-storage.ts';
import { attachmentsOf, attachmentsOfOwners, toAttachment } from '../attachments/owned-attachments.ts';
import type { TAttachmentRow } from '../attachments/repository.ts';
import { recordChange } from '../jobs/item-changes.ts';
import type { TNotice } from '../notifications/service.ts';
import { createCapabilityLinks } from '../public-links/service.ts';
import { createDesignsRepository, type TDesignRequestRow, type TDesignRevisionRow } from './repository.ts';

export type TDesignsActor = TActor & { readonly id: string };
type TAnnounce = () => void;

export type TDesignsServiceOptions = {
  readonly db: TDatabase;
  readonly clock: TClock;
  readonly events: TEventBus;
  readonly box: TSecretBox;
  readonly publicUrl: string;
  readonly companyName: () => Promise<string>;
  readonly notify: (userIds: readonly string[], notice: TNotice) => Promise<void>;
  /** The workflow's move past the design phase, in the decision's transaction; announces after commit. */
  readonly afterDesignApproved: (
    tx: TDatabase,
    approved: { orderId: string; at: Date; reason: string },
  ) => Promise<TAnnounce[]>;
  readonly logger: Pick<FastifyBaseLogger, 'error'>;
};

const requestNotFound = () => new AppError('NOT_FOUND', 'This design request does not exist.');
const revisionNotFound = () => new AppError('NOT_FOUND', 'This revision does not exist.');
/** One answer for a token never issued, revoked, or of something else: nothing to tell them apart. */
const approvalNotFound = () =>
  new AppError('DESIGN_APPROVAL_LINK_NOT_FOUND', 'This approval link does not exist or is no longer valid.');

/** A stored user as a design names them. */
type TPersonRow = Parameters<typeof personName>[0] & { readonly id: string };

function person(row: TPersonRow | null) {
  return row ? { id: row.id, name: personName(row) } : null;
}

function toSummary(row: TDesignRequestRow): TDesignRequestSummary {
  return {
    id: row.id,
    orderId: row.orderId,
    orderNumber: row.orderNumber,
    customerName: row.customerName,
    status: ZDesignRequestStatusSchema.catch('new').parse(row.status),
    brief: row.brief,
    designer: person(row.designer),
    salesperson: person(row.salesperson),
    dueDate: row.effectiveDueDate,
    revisionCount: row.revisionCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Design requests, revisions and the customer's approval (issue 17 §2–4). Designers and admins work on
 * requests; a salesperson sees and sends those of their own orders; the customer answers through a public link.
 * Events and notices go out after the transaction committed.
 */
export function createDesignsService(options: TDesignsServiceOptions) {
  const { db, clock, events, logger } = options;
  const links = createCapabilityLinks({
    box: options.box,
    publicUrl: options.publicUrl,
    kind: 'design-revision',
    pathOf: designApprovalPath,
  });

  /** Whether the actor sees this request: workers all of them, a salesperson those of their own orders. */
  function maySee(actor: TDesignsActor, row: Pick<TDesignRequestRow, 'salespersonId'>): boolean {
    if (canWorkOnDesigns(actor)) return true;
    return canViewDesignRequests(actor) && row.salespersonId === actor.id;
  }

  async function visibleRequest(actor: TDesignsActor, id: string, tx: TDatabase = db) {
    if (!canViewDesignRequests(actor)) throw forbidden();
    const row = await createDesignsRepository(tx).findRequest(id);
    // Someone else's customer's request is not found, as for anyone: its existence is not theirs to know.
    if (!row || !maySee(actor, row)) throw requestNotFound();
    return row;
  }

  async function workableRequest(actor: TDesignsActor, id: string, tx: TDatabase = db) {
    if (!canWorkOnDesigns(actor)) throw forbidden();
    return visibleRequest(actor, id, tx);
  }

  async function revisionOf(requestId: string, revisionId: string, tx: TDatabase = db) {
    const revision = await createDesignsRepository(tx).findRevision(revisionId);
    if (revision?.requestId !== requestId) throw revisionNotFound();
    return revision;
  }

  function announce(
    row: Pick<TDesignRequestRow, 'id' | 'orderId' | 'orderNumber' | 'designerId' | 'salespersonId'>,
    status: TDesignRequestStatus,
    summary: string,
    at: Date,
  ): TAnnounce {
    const rooms = [row.designerId, row.salespersonId].filter((id): id is string => id !== null).map(userRoom);
    return () =>
      events.publish(
        'design:request-changed',
        {
          requestId: row.id,
          orderId: row.orderId,
          orderNumber: row.orderNumber,
          status,
          summary,
          timestamp: at.toISOString(),
        },
        { rooms },
      );
  }

  function publishAll(pending: readonly TAnnounce[]): void {
    for (const run of pending) {
      try {
        run();
      } catch (error) {
        logger.error({ err: error }, 'designs: announcing a change failed');
      }
    }
  }

  async function record(
    tx: TDatabase,
    row: Pick<TDesignRequestRow, 'orderId'>,
    action: TItemChangeAction,
    at: Date,
    actorId: string | null,
    changes: Record<string, { from: unknown; to: unknown }>,
  ) {
    await recordChange(tx, {
      itemKind: 'order',
      itemId: row.orderId,
      at,
      actorId,
      action,
      changes,
    });
  }

  async function toRevision(
    row: TDesignRevisionRow & { author?: TPersonRow | null },
    files: readonly TAttachmentRow[],
  ): Promise<TDesignRevision> {
    return {
      id: row.id,
      number: row.number,
      notes: row.notes,
      files: files.map(toAttachment),
      createdAt: row.createdAt.toISOString(),
      createdBy: person(row.author ?? null),
      sentAt: row.sentAt?.toISOString() ?? null,
      decision: row.decision === 'approved' || row.decision === 'changes-requested' ? row.decision : null,
      decisionComment: row.decisionComment,
      decidedAt: row.decidedAt?.toISOString() ?? null,
      approvalUrl: row.decision === null ? await links.liveUrl(db, row.id) : null,
    };
  }

  async function detail(row: TDesignRequestRow): Promise<TDesignRequest> {
    const repository = createDesignsRepository(db);
    const revisions = await repository.listRevisions(row.id);
    const files = await attachmentsOfOwners(
      db,
      'design-revision',
      revisions.map((revision) => revision.id),
    );
    const photos = await attachmentsOf(db, { kind: 'order', id: row.orderId }).list();
    return {
      ...toSummary(row),
      photos: photos.map(toAttachment),
      revisions: await Promise.all(
        revisions.map((revision) => toRevision(revision, files.get(revision.id) ?? [])),
      ),
    };
  }

  async function reload(actor: TDesignsActor, id: string): Promise<TDesignRequest> {
    return detail(await visibleRequest(actor, id));
  }

  /** The live token's revision and request, for the customer's page. */
  async function byToken(token: string, tx: TDatabase = db) {
    const revisionId = await links.resolve(tx, token);
    if (!revisionId) throw approvalNotFound();
    const repository = createDesignsRepository(tx);
    const revision = await repository.findRevision(revisionId);
    const request = revision ? await repository.findRequest(revision.requestId) : undefined;
    if (!revision || !request || revision.sentAt === null) throw approvalNotFound();
    return { revision, request };
  }

  /**
   * A request's designer must exist, as an order's does: an unknown id is refused on its field (it broke the
   * foreign key and answered 500).
   */
  async function requireDesigner(
    repository: ReturnType<typeof createDesignsRepository>,
    designerId: string | null | undefined,
  ): Promise<void> {
    if (designerId && !(await repository.userExists(designerId))) {
      throw fieldError('designerId', 'This user does not exist.');
    }
  }

  return {
    async list(actor: TDesignsActor, query: TDesignRequestListQuery): Promise<TDesignRequestSummary[]> {
      if (!canViewDesignRequests(actor)) throw forbidden();
      const rows = await createDesignsRepository(db).listRequests({
        status: query.status,
        salespersonId: canWorkOnDesigns(actor) ? undefined : actor.id,
        designerOrNobody: query.mine ? actor.id : undefined,
        orderId: query.orderId,
      });
      return rows.map(toSummary);
    },

    get: reload,

    /** An order that needs design work gets its request; one per order. */
    async create(actor: TDesignsActor, raw: TCreateDesignRequestInput): Promise<TDesignRequest> {
      if (!isAllowed(actor, DESIGN_REQUEST_CREATOR_ROLES)) throw forbidden();
      const input = ZCreateDesignRequestSchema.parse(raw);
      const at = clock();
      const pending: TAnnounce[] = [];
      const id = await db
        .transaction(async (tx) => {
          const repository = createDesignsRepository(tx);
          const order = await repository.findOrder(input.orderId);
          if (!order) throw new AppError('NOT_FOUND', 'This order does not exist.');
          if (actor.role === 'salesperson' && order.salespersonId !== actor.id) throw forbidden();
          await requireDesigner(repository, input.designerId);
          const inserted = await repository.insertRequest({
            orderId: input.orderId,
            brief: input.brief,
            designerId: input.designerId ?? null,
            dueDate: input.dueDate ?? null,
            createdBy: actor.id,
            createdAt: at,
            updatedAt: at,
          });
          const row = await repository.findRequest(inserted.id);
          if (!row) throw new Error('design request vanished in its own transaction');
          await record(tx, row, 'design-requested', at, actor.id, { brief: { from: null, to: input.brief } });
          pending.push(announce(row, 'new', 'Design requested', at));
          return inserted.id;
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) {
            throw new AppError('CONFLICT', 'This order has a design request already.');
          }
          throw error;
        });
      publishAll(pending);
      return reload(actor, id);
    },

    async update(actor: TDesignsActor, id: string, raw: TUpdateDesignRequestInput): Promise<TDesignRequest> {
      const input = ZUpdateDesignRequestSchema.parse(raw);
      const at = clock();
      const pending: TAnnounce[] = [];
      await db.transaction(async (tx) => {
        const row = await workableRequest(actor, id, tx);
        const repository = createDesignsRepository(tx);
        await repository.lockRequest(id);
        await requireDesigner(repository, input.designerId);
        if (input.status !== undefined && row.status === 'approved') {
          throw new AppError(
            'CONFLICT',
            'This design is approved: add a revision only if the customer asks again.',
          );
        }
        await repository.updateRequest(id, {
          ...(input.status !== undefined ? { status: input.status } : {}),
          ...(input.brief !== undefined ? { brief: input.brief } : {}),
          ...(input.designerId !== undefined ? { designerId: input.designerId } : {}),
          ...(input.dueDate !== undefined ? { dueDate: input.dueDate } : {}),
          updatedAt: at,
        });
        const status = input.status ?? ZDesignRequestStatusSchema.catch('new').parse(row.status);
        const summary =
          input.status && input.status !== row.status
            ? DESIGN_REQUEST_STATUS_LABELS[input.status]
            : 'Design request updated';
        pending.push(
          announce(
            { ...row, designerId: input.designerId !== undefined ? input.designerId : row.designerId },
            status,
            summary,
            at,
          ),
        );
      });
      publishAll(pending);
      return reload(actor, id);
    },

    /**
     * The order's request, opened when it has none (the orders module calls this after an order got a
     * designer or went into design); a request without a designer gets the order's. Never fails the caller.
     */
    async ensureForOrder(
      order: { id: string; designerId: string | null; description: string },
      actorId: string,
    ) {
      const at = clock();
      const pending: TAnnounce[] = [];
      try {
        await db.transaction(async (tx) => {
          const repository = createDesignsRepository(tx);
          const existing = await repository.findRequestOfOrder(order.id);
          if (existing) {
            if (existing.designerId === null && order.designerId !== null) {
              await repository.updateRequest(existing.id, { designerId: order.designerId, updatedAt: at });
              const row = await repository.findRequest(existing.id);
              if (row)
                pending.push(
                  announce(
                    row,
                    ZDesignRequestStatusSchema.catch('new').parse(row.status),
                    'Designer assigned',
                    at,
                  ),
                );
            }
            return;
          }
          const inserted = await repository.insertRequest({
            orderId: order.id,
            brief: order.description,
            designerId: order.designerId,
            createdBy: actorId,
            createdAt: at,
            updatedAt: at,
          });
          const row = await repository.findRequest(inserted.id);
          if (!row) return;
          await record(tx, row, 'design-requested', at, actorId, {
            brief: { from: null, to: order.description },
          });
          pending.push(announce(row, 'new', 'Design requested', at));
        });
      } catch (error) {
        // Two saves of one order at once: the other one opened it.
        if (!isUniqueViolation(error))
          logger.error({ err: error, orderId: order.id }, 'designs: opening a request failed');
        return;
      }
      publishAll(pending);
    },

    /** A new numbered revision; a request that was new or sent back is in progress again. */
    async addRevision(
      actor: TDesignsActor,
      id: string,
      raw: TCreateDesignRevisionInput,
    ): Promise<TDesignRevision> {
      const input = ZCreateDesignRevisionSchema.parse(raw);
      const at = clock();
      const pending: TAnnounce[] = [];
      const revision = await db.transaction(async (tx) => {
        const row = await workableRequest(actor, id, tx);
        const repository = createDesignsRepository(tx);
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
    },

    /** Before an upload is read: the revision exists, is the caller's to change, and was not sent yet. */
    async assertMayAddFiles(actor: TDesignsActor, id: string, revisionId: string): Promise<void> {
      await workableRequest(actor, id);
      const revision = await revisionOf(id, revisionId);
      if (revision.sentAt !== null) {
        throw new AppError(
          'CONFLICT',
          `Revision ${revision.number} was sent to the customer: start a new revision to change it.`,
        );
      }
    },

    async addFiles(
      actor: TDesignsActor,
      id: string,
      revisionId: string,
      files: readonly TStoredImage[],
    ): Promise<TAttachment[]> {
      await this.assertMayAddFiles(actor, id, revisionId);
      const rows = await attachmentsOf(db, { kind: 'design-revision', id: revisionId }).add(files, {
        createdBy: actor.id,
        at: clock(),
      });
      return rows.map(toAttachment);
    },

    async removeFile(
      actor: TDesignsActor,
      id: string,
      revisionId: string,
      fileId: string,
    ): Promise<TAttachmentRow> {
      await this.assertMayAddFiles(actor, id, revisionId);
      const row = await attachmentsOf(db, { kind: 'design-revision', id: revisionId }).remove(fileId);
      if (!row) throw new AppError('NOT_FOUND', 'This file does not exist (any more).');
      return row;
    },

    /**
     * Sends a revision to the customer: its link (issued once, the same on a second press), every other
     * revision's link revoked — the customer answers the latest only — and the request waits for them.
     */
    async sendForApproval(
      actor: TDesignsActor,
      id: string,
      revisionId: string,
    ): Promise<TDesignApprovalLink> {
      const at = clock();
      const pending: TAnnounce[] = [];
      const link = await db.transaction(async (tx) => {
        const row = await visibleRequest(actor, id, tx);
        const repository = createDesignsRepository(tx);
        await repository.lockRequest(id);
        const revision = await revisionOf(id, revisionId, tx);
        const status = ZDesignRequestStatusSchema.catch('new').parse(row.status);
        if (!maySendRevision({ status }, revision)) {
          throw new AppError(
            'CONFLICT',
            revision.decision !== null
              ? `The customer answered revision ${revision.number} already.`
              : 'This design is approved already.',
          );
        }
        const files = await attachmentsOf(tx, { kind: 'design-revision', id: revisionId }).list();
        if (files.length === 0) {
          throw new AppError(
            'VALIDATION_FAILED',
            `Add a file to revision ${revision.number} before sending it.`,
          );
        }
        for (const other of await repository.listRevisions(id)) {
          if (other.id !== revisionId) await links.revoke(tx, other.id, actor.id, at);
        }
        const issued = await links.ensure(tx, revisionId, actor.id, at);
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
    },

    /** Revokes a revision's link: it answers 404 from now on; the request is back in progress. */
    async revokeApproval(actor: TDesignsActor, id: string, revisionId: string): Promise<void> {
      const at = clock();
      const pending: TAnnounce[] = [];
      await db.transaction(async (tx) => {
        const row = await visibleRequest(actor, id, tx);
        const repository = createDesignsRepository(tx);
        await repository.lockRequest(id);
        const revision = await revisionOf(id, revisionId, tx);
        if (!(await links.revoke(tx, revisionId, actor.id, at))) return;
        if (row.status === 'waiting-for-customer' && revision.decision === null) {
          await repository.updateRequest(id, { status: 'in-progress', updatedAt: at });
          pending.push(
            announce(row, 'in-progress', `Approval link of revision ${revision.number} revoked`, at),
          );
        }
      });
      publishAll(pending);
    },

    /** What the customer sees: the one revision the link was sent for. */
    async publicView(token: string): Promise<TPublicDesignRevision> {
      const { revision, request } = await byToken(token);
      const files = await attachmentsOf(db, { kind: 'design-revision', id: revision.id }).list();
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
      };
    },

    /** A file of the link's revision, and only of it. */
    async publicFile(token: string, fileId: string): Promise<TAttachmentRow> {
      const { revision } = await byToken(token);
      const file = (await attachmentsOf(db, { kind: 'design-revision', id: revision.id }).list()).find(
        (row) => row.id === fileId,
      );
      if (!file) throw new AppError('NOT_FOUND', 'This file does not exist.');
      return file;
    },

    /**
     * The customer's answer, kept once: a second answer is refused with DESIGN_DECISION_ALREADY_MADE. It goes
     * to the order's history; an approval moves the workflow past its design phase; the designer and the
     * salesperson hear it live and find it in their bell.
     */
    async decide(token: string, raw: TDesignDecisionInput): Promise<TPublicDesignRevision> {
      const input = ZDesignDecisionInputSchema.parse(raw);
      const at = clock();
      const pending: TAnnounce[] = [];
      const outcome = await db.transaction(async (tx) => {
        const { revision, request } = await byToken(token, tx);
        const repository = createDesignsRepository(tx);
        await repository.lockRequest(request.id);
        const decided = await repository.decide(revision.id, {
          decision: input.decision,
          comment: input.comment,
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
      await this.noticeOutcome(outcome.request, outcome.summary, input.comment).catch((error: unknown) =>
        logger.error({ err: error, requestId: outcome.request.id }, 'designs: the decision notice failed'),
      );
      return this.publicView(token);
    },

    /** The designer's and the salesperson's bells: each with a link they may open. */
    async noticeOutcome(request: TDesignRequestRow, summary: string, comment: string): Promise<void> {
      const title = `${request.orderNumber}: ${summary}`;
      const message = comment ? `“${comment}”` : `${request.customerName} answered the design.`;
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
    },
  };
}

export type TDesignsService = ReturnType<typeof createDesignsService>;
