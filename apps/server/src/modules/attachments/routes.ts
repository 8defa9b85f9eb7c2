import { IMAGE_CONTENT_TYPES } from '@loupe/domain/catalog/catalog';
import { CAD_CONTENT_TYPES } from '@loupe/domain/designs/design-files';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoute, ZIdParamsSchema } from '../../lib/route-schemas.ts';
import { currentUserOf } from '../auth/request-context.ts';
import { THUMBNAIL_CONTENT_TYPE } from './image-storage.ts';
import { contentDisposition, type TAttachmentsService } from './service.ts';

/** `?size=thumb`: a small WebP made on the server (the original when none can be made). */
export const ZAttachmentSizeQuerySchema = z.object({ size: z.enum(['full', 'thumb']).default('full') });

/**
 * GET /attachments/{id}: the bytes of an uploaded image. Registered by the catalog plugin (app.ts has no
 * plugin of its own for attachments); the uploads themselves go through the routes of what they belong to.
 */
export async function registerAttachmentsRoutes(
  instance: FastifyInstance,
  options: { readonly attachments: TAttachmentsService },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { attachments } = options;

  app.get(
    '/attachments/:id',
    apiRoute('signed-in', {
      tags: ['attachments'],
      summary: 'The bytes of an uploaded image, with its stored content type',
      params: ZIdParamsSchema,
      querystring: ZAttachmentSizeQuerySchema,
      produces: [
        ...IMAGE_CONTENT_TYPES,
        THUMBNAIL_CONTENT_TYPE,
        ...new Set(Object.values(CAD_CONTENT_TYPES)),
      ],
      response: { 200: z.unknown().describe('The image bytes') },
    }),
    async (request, reply) => {
      const file = await attachments.open(currentUserOf(request), request.params.id, request.query.size);
      return (
        reply
          .type(file.contentType)
          .header('content-length', String(file.sizeBytes))
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', contentDisposition(file.row.fileName, file.contentType))
          // An attachment never changes: a new photo gets a new id.
          .header('cache-control', 'private, max-age=31536000, immutable')
          .send(file.stream)
      );
    },
  );
}
