import {
  TRANSFER_ACCESS,
  ZCreateTransferInputSchema,
  ZLocationTodaySchema,
  ZReceiveTransferInputSchema,
  ZSendTransferInputSchema,
  ZTransferDetailSchema,
  ZTransferItemKindSchema,
  ZTransferItemRefSchema,
  ZTransferListPageSchema,
  ZTransferListQuerySchema,
} from '@loupe/domain/transfers/transfers';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, resultWithData } from '../../lib/api-response.ts';
import { apiRoute, ZIdParamsSchema } from '../../lib/route-schemas.ts';
import { currentUserOf } from '../auth/request-context.ts';
import type { TTransfersService } from './service.ts';

export type TTransfersRoutesOptions = { readonly transfers: TTransfersService };

const tags = ['transfers'];
const view = 'signed-in' as const;
const pack = TRANSFER_ACCESS.pack;
const detail = { 200: resultWithData(ZTransferDetailSchema) };

/**
 * Transfers between facilities (issue 39): bags from one location to another, their manifests, and a
 * location's day. Everyone signed in sees them; packers change them (TRANSFER_ACCESS); managers cancel.
 */
export async function registerTransfersRoutes(instance: FastifyInstance, options: TTransfersRoutesOptions) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { transfers } = options;

  app.get(
    '/transfers',
    apiRoute(view, {
      tags,
      summary: 'Bags between locations, newest first (by location and direction, status, or a search)',
      querystring: ZTransferListQuerySchema,
      response: { 200: resultWithData(ZTransferListPageSchema) },
    }),
    async (request) => ok(await transfers.list(currentUserOf(request), request.query)),
  );

  app.post(
    '/transfers',
    apiRoute(pack, {
      tags,
      summary: 'Start packing a bag from one location to another (optionally with its first envelopes)',
      body: ZCreateTransferInputSchema,
      response: { 201: resultWithData(ZTransferDetailSchema) },
    }),
    async (request, reply) =>
      reply
        .status(201)
        .send(ok(await transfers.create(currentUserOf(request), request.body), 'Bag started.')),
  );

  app.get(
    '/transfers/:id',
    apiRoute(view, {
      tags,
      summary: 'One bag with its manifest',
      params: ZIdParamsSchema,
      response: detail,
    }),
    async (request) => ok(await transfers.get(currentUserOf(request), request.params.id)),
  );

  app.post(
    '/transfers/:id/items',
    apiRoute(pack, {
      tags,
      summary: 'Put an envelope in a bag being packed',
      params: ZIdParamsSchema,
      body: ZTransferItemRefSchema,
      response: detail,
    }),
    async (request) =>
      ok(await transfers.addItem(currentUserOf(request), request.params.id, request.body), 'Envelope added.'),
  );

  app.delete(
    '/transfers/:id/items/:itemKind/:itemId',
    apiRoute(pack, {
      tags,
      summary: 'Take an envelope out of a bag being packed',
      params: z.object({ id: z.uuid(), itemKind: ZTransferItemKindSchema, itemId: z.uuid() }),
      response: detail,
    }),
    async (request) =>
      ok(
        await transfers.removeItem(currentUserOf(request), request.params.id, {
          kind: request.params.itemKind,
          id: request.params.itemId,
        }),
        'Envelope taken out.',
      ),
  );

  app.post(
    '/transfers/:id/send',
    apiRoute(pack, {
      tags,
      summary: 'Send a bag with its carrier and tracking number (a bag to a vendor needs expectedBackOn)',
      params: ZIdParamsSchema,
      body: ZSendTransferInputSchema,
      response: detail,
    }),
    async (request) =>
      ok(await transfers.send(currentUserOf(request), request.params.id, request.body), 'Bag sent.'),
  );

  app.post(
    '/transfers/:id/receive',
    apiRoute(pack, {
      tags,
      summary: 'A scan at the receiving end, by EPC or by job (an envelope not on the manifest is an extra)',
      params: ZIdParamsSchema,
      body: ZReceiveTransferInputSchema,
      response: detail,
    }),
    async (request) =>
      ok(
        await transfers.receive(currentUserOf(request), request.params.id, request.body),
        'Envelope received.',
      ),
  );

  app.post(
    '/transfers/:id/close',
    apiRoute(pack, {
      tags,
      summary: 'Close a bag on its way: received, or received short with what is missing',
      params: ZIdParamsSchema,
      response: detail,
    }),
    async (request) => ok(await transfers.close(currentUserOf(request), request.params.id), 'Bag closed.'),
  );

  app.post(
    '/transfers/:id/cancel',
    apiRoute(TRANSFER_ACCESS.cancel, {
      tags,
      summary: 'Cancel a bag still being packed',
      params: ZIdParamsSchema,
      response: detail,
    }),
    async (request) =>
      ok(await transfers.cancel(currentUserOf(request), request.params.id), 'Bag cancelled.'),
  );

  app.get(
    '/locations/:id/today',
    apiRoute(view, {
      tags,
      summary: 'A location’s day: bags coming in and going out, and the jobs ready for pickup there',
      params: z.object({ id: z.string().min(1).max(20) }),
      response: { 200: resultWithData(ZLocationTodaySchema) },
    }),
    async (request) => ok(await transfers.locationToday(currentUserOf(request), request.params.id)),
  );
}
