import { ADMIN_ROLES } from '@loupe/domain/auth/permissions';
import {
  ZLlrpReaderSchema,
  ZLlrpSettingsSchema,
  ZLlrpTestInputSchema,
  ZLlrpTestResultSchema,
} from '@loupe/domain/registry/llrp';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, resultWithData } from '../../lib/api-response.ts';
import { apiRoute } from '../../lib/route-schemas.ts';
import { currentUserOf, requestContext } from '../auth/request-context.ts';
import type { TLlrpService } from './service.ts';

const ZReaderParamsSchema = z.object({ id: z.string().trim().min(1).max(100) });

/** LLRP readers' settings, connection and the connection test (issue 40 §4): admins only, as /rfid-mapping. */
export async function registerLlrpRoutes(
  instance: FastifyInstance,
  options: { readonly llrp: TLlrpService },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { llrp } = options;

  app.get(
    '/readers/:id/llrp',
    apiRoute(ADMIN_ROLES, {
      tags: ['readers'],
      summary:
        'An LLRP reader’s settings (null until saved) and its connection as the instance holding it sees it',
      params: ZReaderParamsSchema,
      response: { 200: resultWithData(ZLlrpReaderSchema) },
    }),
    async (request) => ok(await llrp.get(currentUserOf(request), request.params.id)),
  );

  app.put(
    '/readers/:id/llrp',
    apiRoute(ADMIN_ROLES, {
      tags: ['readers'],
      summary:
        'Save an LLRP reader’s address, antennas and inventory settings; Loupe connects and configures it',
      params: ZReaderParamsSchema,
      body: ZLlrpSettingsSchema,
      response: { 200: resultWithData(ZLlrpReaderSchema) },
    }),
    async (request) => {
      const data = await llrp.save(
        currentUserOf(request),
        request.params.id,
        request.body,
        requestContext(request),
      );
      return ok(data, 'LLRP settings saved. Loupe is configuring the reader.');
    },
  );

  app.post(
    '/readers/llrp/test',
    apiRoute(ADMIN_ROLES, {
      tags: ['readers'],
      summary:
        'Ask the LLRP reader at an address for its capabilities: its maker, model, firmware and antennas',
      body: ZLlrpTestInputSchema,
      response: { 200: resultWithData(ZLlrpTestResultSchema) },
    }),
    async (request) => ok(await llrp.test(currentUserOf(request), request.body)),
  );
}
