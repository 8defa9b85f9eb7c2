import { ZListQuerySchema } from '@loupe/domain/api/list';
import { ADMIN_ROLES, READER_VIEWER_ROLES } from '@loupe/domain/auth/permissions';
import {
  ZAntennaLastReadSchema,
  ZAntennaMappingInputSchema,
  ZAntennaMappingSchema,
  ZAntennaNumberSchema,
  ZCreateReaderInputSchema,
  ZReaderSchema,
  ZReaderWithKeySchema,
  ZUpdateReaderInputSchema,
} from '@loupe/domain/registry/readers';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, resultWithData, ZMessageResultSchema } from '../../lib/api-response.ts';
import { registerResourceRoutes } from '../../lib/resource-routes.ts';
import { apiRoute } from '../../lib/route-schemas.ts';
import { currentUserOf, requestContext } from '../auth/request-context.ts';
import type { TReadersService } from './service.ts';

// Unknown ids answer 404 rather than 400, so any reasonable id string is accepted here.
const ZReaderParamsSchema = z.object({ id: z.string().trim().min(1).max(100) });
const ZAntennaParamsSchema = ZReaderParamsSchema.extend({ antenna: ZAntennaNumberSchema });

/**
 * RFID readers, their ingest keys and antenna mappings (issue 5 §1): set up by admins only, as /rfid-mapping is
 * (spec §2); managers may read the list, which Settings › RFID simulator picks readers from. */
export async function registerReadersRoutes(
  instance: FastifyInstance,
  options: { readonly readers: TReadersService },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { readers } = options;

  registerResourceRoutes(app, {
    path: '/readers',
    tag: 'readers',
    access: { read: READER_VIEWER_ROLES, write: ADMIN_ROLES },
    item: ZReaderSchema,
    params: ZReaderParamsSchema,
    list: {
      summary:
        'List readers with their antenna mappings (search by id or name); managers read it for the RFID simulator',
      query: ZListQuerySchema,
      run: ({ actor, query }) => readers.list(actor, query),
    },
    create: {
      summary: 'Register a reader; the answer holds its HTTP ingest key, shown this once only',
      body: ZCreateReaderInputSchema,
      response: ZReaderWithKeySchema,
      message: 'Reader created. Copy its API key now: it will not be shown again.',
      run: ({ actor, body, context }) => readers.create(actor, body, context),
    },
    get: {
      summary: 'One reader with its antenna mappings',
      run: ({ actor, id }) => readers.get(actor, id),
    },
    update: {
      summary: 'Rename a reader or change its kind (fields left out keep their value)',
      body: ZUpdateReaderInputSchema,
      message: 'Reader saved.',
      run: ({ actor, id, body }) => readers.update(actor, id, body),
    },
    remove: {
      summary: 'Delete a reader and its antenna mappings; its key stops working',
      message: 'Reader deleted.',
      run: ({ actor, id, context }) => readers.remove(actor, id, context),
    },
  });

  app.get(
    '/readers/last-reads',
    apiRoute(READER_VIEWER_ROLES, {
      tags: ['readers'],
      summary: 'The newest tag each antenna read, from the stored reads (true after a restart)',
      response: { 200: resultWithData(z.array(ZAntennaLastReadSchema)) },
    }),
    async (request) => ok(await readers.lastReads(currentUserOf(request))),
  );

  app.post(
    '/readers/:id/api-key',
    apiRoute(ADMIN_ROLES, {
      tags: ['readers'],
      summary: 'Give a reader a new ingest key (shown this once); the old key stops working at once',
      params: ZReaderParamsSchema,
      response: { 200: resultWithData(ZReaderWithKeySchema) },
    }),
    async (request) => {
      const data = await readers.rotateApiKey(
        currentUserOf(request),
        request.params.id,
        requestContext(request),
      );
      return {
        success: true as const,
        message: 'New API key made. Copy it now: it will not be shown again. The old key no longer works.',
        data,
      };
    },
  );

  app.put(
    '/readers/:id/antennas/:antenna',
    apiRoute(ADMIN_ROLES, {
      tags: ['readers'],
      summary: 'Map an antenna to a station of a department, or make it a tag-assignment antenna',
      params: ZAntennaParamsSchema,
      body: ZAntennaMappingInputSchema,
      response: { 200: resultWithData(ZAntennaMappingSchema) },
    }),
    async (request) => {
      const mapping = await readers.mapAntenna(
        currentUserOf(request),
        request.params.id,
        request.params.antenna,
        request.body,
      );
      return ok(mapping, 'Antenna mapping saved.');
    },
  );

  app.delete(
    '/readers/:id/antennas/:antenna',
    apiRoute(ADMIN_ROLES, {
      tags: ['readers'],
      summary: 'Remove an antenna’s mapping: its reads are then counted as unmapped',
      params: ZAntennaParamsSchema,
      response: { 200: ZMessageResultSchema },
    }),
    async (request) => {
      await readers.unmapAntenna(currentUserOf(request), request.params.id, request.params.antenna);
      return { success: true as const, message: 'Antenna mapping removed.' };
    },
  );
}
