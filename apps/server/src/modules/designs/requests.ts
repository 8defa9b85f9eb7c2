import {
  canViewDesignRequests,
  canWorkOnDesigns,
  DESIGN_REQUEST_CREATOR_ROLES,
  isAllowed,
} from '@loupe/domain/auth/permissions';
import {
  DESIGN_REQUEST_STATUS_LABELS,
  type TCreateDesignRequestInput,
  type TDesignRequest,
  type TDesignRequestListQuery,
  type TDesignRequestSummary,
  type TUpdateDesignRequestInput,
  ZCreateDesignRequestSchema,
  ZDesignRequestStatusSchema,
  ZUpdateDesignRequestSchema,
} from '@loupe/domain/designs/design-requests';
import { AppError } from '@loupe/domain/errors/errors';
import { forbidden, isUniqueViolation } from '../../lib/service-errors.ts';
import {
  type TAnnounce,
  type TDesignsActor,
  type TDesignsCommon,
  type TDesignsServiceOptions,
  toSummary,
} from './common.ts';

/** Requests: the queue, one request per order, its brief, designer, status and due date. */
export function createDesignRequests(options: TDesignsServiceOptions, common: TDesignsCommon) {
  const { designs, clock, logger } = options;
  const { workableRequest, announce, publishAll, record, reload, requireDesigner } = common;

  async function list(
    actor: TDesignsActor,
    query: TDesignRequestListQuery,
  ): Promise<TDesignRequestSummary[]> {
    if (!canViewDesignRequests(actor)) throw forbidden();
    const rows = await designs.listRequests({
      status: query.status,
      salespersonId: canWorkOnDesigns(actor) ? undefined : actor.id,
      designerOrNobody: query.mine ? actor.id : undefined,
      orderId: query.orderId,
    });
    const phases = await options.orderPhases([...new Set(rows.map((row) => row.orderId))]);
    return rows.map((row) => toSummary(row, phases.get(row.orderId)));
  }

  /** An order that needs design work gets its request; one per order. */
  async function create(actor: TDesignsActor, raw: TCreateDesignRequestInput): Promise<TDesignRequest> {
    if (!isAllowed(actor, DESIGN_REQUEST_CREATOR_ROLES)) throw forbidden();
    const input = ZCreateDesignRequestSchema.parse(raw);
    const at = clock();
    const pending: TAnnounce[] = [];
    const id = await designs
      .withTransaction(async (repository, tx) => {
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
  }

  async function update(
    actor: TDesignsActor,
    id: string,
    raw: TUpdateDesignRequestInput,
  ): Promise<TDesignRequest> {
    const input = ZUpdateDesignRequestSchema.parse(raw);
    const at = clock();
    const pending: TAnnounce[] = [];
    await designs.withTransaction(async (repository) => {
      const row = await workableRequest(actor, id, repository);
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
  }

  /**
   * The order's request, opened when it has none (the orders module calls this after an order got a
   * designer or went into design); a request without a designer gets the order's. Never fails the caller.
   */
  async function ensureForOrder(
    order: { id: string; designerId: string | null; description: string },
    actorId: string,
  ) {
    const at = clock();
    const pending: TAnnounce[] = [];
    try {
      await designs.withTransaction(async (repository, tx) => {
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
  }

  return { list, get: reload, create, update, ensureForOrder };
}
