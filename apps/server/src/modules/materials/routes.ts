import { ZJobKindSchema } from '@loupe/domain/jobs/job-views';
import {
  ZIntakeMaterialsInputSchema,
  ZJobMaterialsSchema,
  ZMaterialMovementInputSchema,
  ZPickupInputSchema,
  ZSignatureInputSchema,
  ZSignaturePurposeSchema,
} from '@loupe/domain/jobs/materials';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, resultWithData } from '../../lib/api-response.ts';
import { apiRoute, ZIdParamsSchema } from '../../lib/route-schemas.ts';
import { currentUserOf } from '../auth/request-context.ts';
import type { TMaterialsService } from './service.ts';

export type TMaterialsRoutesOptions = { readonly materials: TMaterialsService };

const tags = ['materials'];
const ZJobParamsSchema = z.object({ kind: ZJobKindSchema, id: z.uuid() });

/**
 * The job envelope (issue 37 §4): what the customer left, its ledger at the benches, their signatures and the
 * pickup check. Every route is for the signed-in; the service holds who may do what (docs/security.md).
 */
export async function registerMaterialsRoutes(instance: FastifyInstance, options: TMaterialsRoutesOptions) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { materials } = options;
  const response = { 200: resultWithData(ZJobMaterialsSchema) };

  app.get(
    '/materials/jobs/:kind/:id',
    apiRoute('signed-in', {
      tags,
      summary: 'A job’s materials: each line with its ledger and balance, and the customer’s signatures',
      params: ZJobParamsSchema,
      response,
    }),
    async (request) =>
      ok(await materials.get(currentUserOf(request), request.params.kind, request.params.id)),
  );

  app.post(
    '/materials/jobs/:kind/:id/intake',
    apiRoute('signed-in', {
      tags,
      summary: 'Take materials in: each line received, with the customer’s signature',
      params: ZJobParamsSchema,
      body: ZIntakeMaterialsInputSchema,
      response,
    }),
    async (request) => {
      const { kind, id } = request.params;
      return ok(
        await materials.intake(currentUserOf(request), kind, id, request.body),
        'Materials recorded.',
      );
    },
  );

  app.post(
    '/materials/lines/:id/movements',
    apiRoute('signed-in', {
      tags,
      summary: 'Issue a line to a bench, return it, record what the work used, or add to it',
      params: ZIdParamsSchema,
      body: ZMaterialMovementInputSchema,
      response,
    }),
    async (request) =>
      ok(await materials.move(currentUserOf(request), request.params.id, request.body), 'Ledger updated.'),
  );

  app.post(
    '/materials/jobs/:kind/:id/signatures/:purpose',
    apiRoute('signed-in', {
      tags,
      summary: 'The customer’s signature at intake or at pickup',
      params: ZJobParamsSchema.extend({ purpose: ZSignaturePurposeSchema }),
      body: ZSignatureInputSchema,
      response,
    }),
    async (request) => {
      const { kind, id, purpose } = request.params;
      return ok(await materials.sign(currentUserOf(request), kind, id, purpose, request.body), 'Signed.');
    },
  );

  app.post(
    '/materials/jobs/:kind/:id/pickup',
    apiRoute('signed-in', {
      tags,
      summary:
        'The pickup check: materials out against what came in, the customer signs, the job is delivered',
      params: ZJobParamsSchema,
      body: ZPickupInputSchema,
      response,
    }),
    async (request) => {
      const { kind, id } = request.params;
      return ok(await materials.pickup(currentUserOf(request), kind, id, request.body), 'Delivered.');
    },
  );
}
