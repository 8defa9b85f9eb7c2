import type { TAttachment } from '@loupe/domain/catalog/catalog';
import { ZAttachmentSchema } from '@loupe/domain/catalog/catalog';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, resultWithData, ZMessageResultSchema } from '../../lib/api-response.ts';
import { apiRoute, ZIdParamsSchema } from '../../lib/route-schemas.ts';
import type { TAccess } from '../../plugins/access-control.ts';
import type { TCurrentUser } from '../auth/current-user.ts';
import { currentUserOf } from '../auth/request-context.ts';
import type { TImageStorage, TStoredImage } from './image-storage.ts';
import { imageUploadDoc, keepImagesIf, receiveImages } from './uploads.ts';

export type TImageRoutesOptions = {
  /** The images of one owner, e.g. `/orders/:id/photos`; one image is `${path}/:imageId`. */
  readonly path: string;
  readonly tag: string;
  readonly access: TAccess;
  /** What the answers call an upload: “Photo uploaded.”, “3 photos uploaded.”, “File removed.” */
  readonly noun: 'photo' | 'image' | 'file';
  readonly summaries: { readonly upload: string; readonly remove: string };
  readonly storage: TImageStorage;
  /** A design also keeps CAD files (STL, OBJ, 3DM, STEP), told by their extension and checked by content. */
  readonly allowCad?: boolean;
  /** The owner's service; each checks the caller's access itself. */
  readonly images: {
    /** Before the upload is read: the owner exists and the caller may add to it. */
    assertMayAdd(actor: TCurrentUser, id: string): Promise<void>;
    add(actor: TCurrentUser, id: string, images: readonly TStoredImage[]): Promise<TAttachment[]>;
    remove(actor: TCurrentUser, id: string, imageId: string): Promise<void>;
  };
};

/**
 * Upload (multipart) and delete of the images of a design, order or repair. The plugin calling this must
 * have called registerImageUploads.
 */
export function registerImageRoutes(instance: FastifyInstance, options: TImageRoutesOptions): void {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { path, tag, access, noun, summaries, storage, images: owner } = options;
  const Noun = `${noun.charAt(0).toUpperCase()}${noun.slice(1)}`;

  app.post(
    path,
    apiRoute(access, {
      tags: [tag],
      summary: summaries.upload,
      ...imageUploadDoc,
      params: ZIdParamsSchema,
      response: { 201: resultWithData(z.array(ZAttachmentSchema)) },
    }),
    async (request, reply) => {
      const actor = currentUserOf(request);
      await owner.assertMayAdd(actor, request.params.id);
      const images = await receiveImages(request, storage, { allowCad: options.allowCad ?? false });
      const data = await keepImagesIf(storage, images, () => owner.add(actor, request.params.id, images));
      const message = data.length === 1 ? `${Noun} uploaded.` : `${data.length} ${noun}s uploaded.`;
      return reply.status(201).send(ok(data, message));
    },
  );

  app.delete(
    `${path}/:imageId`,
    apiRoute(access, {
      tags: [tag],
      summary: summaries.remove,
      params: z.object({ id: z.uuid(), imageId: z.uuid() }),
      response: { 200: ZMessageResultSchema },
    }),
    async (request) => {
      await owner.remove(currentUserOf(request), request.params.id, request.params.imageId);
      return { success: true as const, message: `${Noun} removed.` };
    },
  );
}
