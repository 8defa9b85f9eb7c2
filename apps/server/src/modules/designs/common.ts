import { canViewDesignRequests, canWorkOnDesigns } from '@loupe/domain/auth/permissions';
import type { TActor } from '@loupe/domain/auth/roles';
import {
  APPROVAL_LINK_EXPIRED_MESSAGES,
  approvalLinkState,
} from '@loupe/domain/designs/design-approval-link';
import { designBoardColumn, type TOrderDesignStage } from '@loupe/domain/designs/design-board';
import {
  designApprovalPath,
  type TDesignRequest,
  type TDesignRequestStatus,
  type TDesignRequestSummary,
  type TDesignRevision,
  ZDesignRequestStatusSchema,
} from '@loupe/domain/designs/design-requests';
import { AppError } from '@loupe/domain/errors/errors';
import type { TItemChangeAction } from '@loupe/domain/history/item-change';
import { isFinishedOrderStatus } from '@loupe/domain/orders/order';
import { userRoom } from '@loupe/domain/realtime/events';
import { personName } from '@loupe/domain/users/user';
import type { FastifyBaseLogger } from 'fastify';
import type { TDatabase } from '../../db/client.ts';
import type { TTransactional } from '../../db/transaction.ts';
import type { TClock } from '../../lib/clock.ts';
import type { TSecretBox } from '../../lib/secret-box.ts';
import { fieldError, forbidden } from '../../lib/service-errors.ts';
import type { TEventBus } from '../../realtime/event-bus.ts';
import { type TOwnedAttachments, toAttachment } from '../attachments/owned-attachments.ts';
import type { TAttachmentRow } from '../attachments/repository.ts';
import { recordChange } from '../jobs/item-changes.ts';
import type { TItemHistoryRepository } from '../jobs/item-history-repository.ts';
import type { TNotice } from '../notifications/service.ts';
import type { TPublicLinksRepository } from '../public-links/repository.ts';
import { createCapabilityLinks } from '../public-links/service.ts';
import type { TDesignRequestRow, TDesignRevisionRow, TDesignsRepository } from './repository.ts';

export type TDesignsActor = TActor & { readonly id: string };
export type TAnnounce = () => void;

export type TDesignsServiceOptions = {
  readonly designs: TTransactional<TDesignsRepository>;
  readonly attachments: TOwnedAttachments;
  /** The capability links of revisions sent to the customer, on the public links' table. */
  readonly publicLinks: TTransactional<TPublicLinksRepository>;
  /** The order's change history, written in the design change's transaction. */
  readonly history: TTransactional<TItemHistoryRepository>;
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
  /** The phase of each open order asked for, from the job read model; a finished order is not in the map. */
  readonly orderPhases: (orderIds: readonly string[]) => Promise<ReadonlyMap<string, TOrderPhase>>;
  readonly logger: Pick<FastifyBaseLogger, 'error'>;
};

export const requestNotFound = () => new AppError('NOT_FOUND', 'This design request does not exist.');
export const revisionNotFound = () => new AppError('NOT_FOUND', 'This revision does not exist.');
/** One answer for a token never issued, revoked, or of something else: nothing to tell them apart. */
export const approvalNotFound = () =>
  new AppError('DESIGN_APPROVAL_LINK_NOT_FOUND', 'This approval link does not exist or is no longer valid.');

/** A stored user as a design names them. */
type TPersonRow = Parameters<typeof personName>[0] & { readonly id: string };

function person(row: TPersonRow | null) {
  return row ? { id: row.id, name: personName(row) } : null;
}

/** Where an order's workflow is, as the job read model has it: its phase and its stage against design. */
export type TOrderPhase = { readonly key: string; readonly name: string; readonly stage: TOrderDesignStage };

/**
 * A request as the queue shows it; its board column follows its order's phase (`phase` undefined: the order is
 * not on the workflow, being finished).
 */
export function toSummary(row: TDesignRequestRow, phase: TOrderPhase | undefined): TDesignRequestSummary {
  const status = ZDesignRequestStatusSchema.catch('new').parse(row.status);
  return {
    id: row.id,
    orderId: row.orderId,
    orderNumber: row.orderNumber,
    customerName: row.customerName,
    status,
    brief: row.brief,
    designer: person(row.designer),
    salesperson: person(row.salesperson),
    dueDate: row.effectiveDueDate,
    revisionCount: row.revisionCount,
    // A finished order's request is on no column: asked for by its order, it shows where it ended.
    column:
      designBoardColumn({ status, orderStatus: row.orderStatus, stage: phase?.stage ?? 'in-design' }) ??
      (status === 'approved' ? 'approved' : 'past-design'),
    orderPhase: phase ? { key: phase.key, name: phase.name } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the designs' use cases share: who sees what, lookups, announcements, history, answers. */
export function createDesignsCommon(options: TDesignsServiceOptions) {
  const { designs, attachments, events, logger } = options;
  const links = createCapabilityLinks({
    links: options.publicLinks,
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

  async function visibleRequest(actor: TDesignsActor, id: string, repository: TDesignsRepository = designs) {
    if (!canViewDesignRequests(actor)) throw forbidden();
    const row = await repository.findRequest(id);
    // Someone else's customer's request is not found, as for anyone: its existence is not theirs to know.
    if (!row || !maySee(actor, row)) throw requestNotFound();
    return row;
  }

  async function workableRequest(actor: TDesignsActor, id: string, repository: TDesignsRepository = designs) {
    if (!canWorkOnDesigns(actor)) throw forbidden();
    return visibleRequest(actor, id, repository);
  }

  async function revisionOf(requestId: string, revisionId: string, repository: TDesignsRepository = designs) {
    const revision = await repository.findRevision(revisionId);
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
    await recordChange(options.history.within(tx), {
      itemKind: 'order',
      itemId: row.orderId,
      at,
      actorId,
      action,
      changes,
    });
  }

  /** `isLinkOpen`: false once the order is finished, when its link no longer opens (issue 35 §7). */
  async function toRevision(
    row: TDesignRevisionRow & { author?: TPersonRow | null },
    files: readonly TAttachmentRow[],
    isLinkOpen = true,
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
      decidedByName: row.decidedByName,
      approvalUrl: row.decision === null && isLinkOpen ? await links.liveUrl(row.id) : null,
    };
  }

  async function detail(row: TDesignRequestRow): Promise<TDesignRequest> {
    const revisions = await designs.listRevisions(row.id);
    const files = await attachments.ofOwners(
      'design-revision',
      revisions.map((revision) => revision.id),
    );
    const photos = await attachments.of({ kind: 'order', id: row.orderId }).list();
    const phases = await options.orderPhases([row.orderId]);
    return {
      ...toSummary(row, phases.get(row.orderId)),
      photos: photos.map(toAttachment),
      revisions: await Promise.all(
        revisions.map((revision) =>
          toRevision(revision, files.get(revision.id) ?? [], !isFinishedOrderStatus(row.orderStatus)),
        ),
      ),
    };
  }

  async function reload(actor: TDesignsActor, id: string): Promise<TDesignRequest> {
    return detail(await visibleRequest(actor, id));
  }

  /**
   * The live token's revision and request, for the customer's page. A link of a finished order, or of a revision
   * a newer sent one replaced, is refused as expired with its reason (issue 35 §7); any other not found.
   */
  async function byToken(token: string, inTransaction?: { repository: TDesignsRepository; tx: TDatabase }) {
    const link = await links.lookup(token, inTransaction?.tx);
    if (!link) throw approvalNotFound();
    const repository = inTransaction?.repository ?? designs;
    const revision = await repository.findRevision(link.itemId);
    const request = revision ? await repository.findRequest(revision.requestId) : undefined;
    if (!revision || !request || revision.sentAt === null) throw approvalNotFound();
    const state = approvalLinkState({
      isRevoked: link.isRevoked,
      orderStatus: request.orderStatus,
      revisionNumber: revision.number,
      newestSentNumber: await repository.newestSentNumber(request.id),
    });
    switch (state.kind) {
      case 'live':
        return { revision, request };
      case 'not-found':
        throw approvalNotFound();
      case 'expired':
        throw new AppError('DESIGN_APPROVAL_LINK_EXPIRED', APPROVAL_LINK_EXPIRED_MESSAGES[state.reason], {
          details: { reason: state.reason },
        });
    }
  }

  /**
   * A request's designer must exist, as an order's does: an unknown id is refused on its field (it broke the
   * foreign key and answered 500).
   */
  async function requireDesigner(
    repository: TDesignsRepository,
    designerId: string | null | undefined,
  ): Promise<void> {
    if (designerId && !(await repository.userExists(designerId))) {
      throw fieldError('designerId', 'This user does not exist.');
    }
  }

  return {
    links,
    visibleRequest,
    workableRequest,
    revisionOf,
    announce,
    publishAll,
    record,
    toRevision,
    reload,
    byToken,
    requireDesigner,
  };
}

export type TDesignsCommon = ReturnType<typeof createDesignsCommon>;
