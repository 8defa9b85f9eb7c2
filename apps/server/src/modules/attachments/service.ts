import { canViewRepairs } from '@loupe/domain/auth/permissions';
import type { TActor } from '@loupe/domain/auth/roles';
import { fileNameForType, isStoredFileType } from '@loupe/domain/catalog/file-names';
import { AppError } from '@loupe/domain/errors/errors';
import type { FastifyBaseLogger } from 'fastify';
import { forbidden } from '../../lib/service-errors.ts';
import { THUMBNAIL_CONTENT_TYPE, type TImageStorage } from './image-storage.ts';
import type { TAttachmentRow, TAttachmentsRepository } from './repository.ts';

const NOT_FOUND_MESSAGE = 'This image does not exist (any more).';

/**
 * An attachment's bytes for download. Who may see one is who may see what it belongs to: a repair's photo
 * only to those who see repairs (spec §2 /repairs roles); orders and designs to every signed-in user.
 */
export function createAttachmentsService(options: {
  readonly attachments: TAttachmentsRepository;
  readonly storage: TImageStorage;
  readonly logger: FastifyBaseLogger;
}) {
  const { attachments } = options;

  function mayView(actor: TActor, row: TAttachmentRow): boolean {
    return row.ownerKind === 'repair' ? canViewRepairs(actor) : true;
  }

  return {
    /** The bytes to send: the original, or its thumbnail when asked for and one can be made. */
    async open(actor: TActor, id: string, size: 'full' | 'thumb' = 'full') {
      const row = await attachments.findById(id);
      if (!row) throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
      if (!mayView(actor, row)) throw forbidden();
      if (size === 'thumb') {
        const thumbnail = await options.storage.thumbnail(row.storageKey);
        if (thumbnail) return { row, ...thumbnail, contentType: THUMBNAIL_CONTENT_TYPE };
      }
      const file = await options.storage.open(row.storageKey);
      if (!file) {
        // The row outlived its file (a restore without the uploads folder?): say so in the log, 404 outside.
        options.logger.error({ attachmentId: row.id, storageKey: row.storageKey }, 'image file missing');
        throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
      }
      return { row, ...file, contentType: row.contentType };
    },
  };
}

/**
 * Content-Disposition that cannot be used to inject headers or paths: an ASCII fallback name plus the
 * exact name in RFC 5987 encoding. `inline`: the browser shows the image instead of saving it. The name's
 * extension is the served type's (`fileNameForType`), rows stored before names were mended included.
 */
export function contentDisposition(storedName: string, contentType: string): string {
  const fileName = isStoredFileType(contentType) ? fileNameForType(storedName, contentType) : storedName;
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `inline; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export type TAttachmentsService = ReturnType<typeof createAttachmentsService>;
