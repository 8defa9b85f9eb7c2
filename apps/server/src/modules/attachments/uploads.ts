import fastifyMultipart from '@fastify/multipart';
import { IMAGE_MAX_BYTES, IMAGE_MAX_FILES_PER_UPLOAD } from '@loupe/domain/catalog/catalog';
import { CAD_MAX_BYTES, cadExtensionOf } from '@loupe/domain/designs/design-files';
import { AppError } from '@loupe/domain/errors/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fileTooLarge, type TImageStorage, type TIncomingFile, type TStoredImage } from './image-storage.ts';

/**
 * Multipart parsing for the plugins that take images (catalog, orders, repairs), registered inside each so
 * no other route accepts multipart bodies. Limits: IMAGE_MAX_BYTES per file, IMAGE_MAX_FILES_PER_UPLOAD files,
 * and a few small text fields at most.
 */
export async function registerImageUploads(
  app: FastifyInstance,
  options: { readonly maxFileBytes?: number } = {},
): Promise<void> {
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: true,
    limits: {
      // The storage checks each kind's own limit (images IMAGE_MAX_BYTES); this one stops anything larger.
      fileSize: options.maxFileBytes ?? IMAGE_MAX_BYTES,
      files: IMAGE_MAX_FILES_PER_UPLOAD,
      fields: 10,
      fieldSize: 1024,
      fieldNameSize: 100,
      parts: IMAGE_MAX_FILES_PER_UPLOAD + 10,
      headerPairs: 100,
    },
  });
}

/** The OpenAPI description of an upload body (the route itself reads the stream, not a parsed body). */
export const imageUploadDoc = {
  consumes: ['multipart/form-data'],
  description: `Images as multipart/form-data file parts (any field name): ${IMAGE_MAX_FILES_PER_UPLOAD} at most, each at most ${IMAGE_MAX_BYTES / 1024 / 1024} MB, JPEG, PNG, WebP, GIF or HEIC by their content.`,
};

/** Multipart's own failures, in Loupe's words and codes. */
function uploadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE': {
      const part = (error as { part?: { filename?: string } }).part;
      const fileName = part?.filename ?? 'The image';
      return fileTooLarge(fileName, cadExtensionOf(fileName) ? CAD_MAX_BYTES : IMAGE_MAX_BYTES);
    }
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError(
        'VALIDATION_FAILED',
        `Send at most ${IMAGE_MAX_FILES_PER_UPLOAD} images at a time.`,
      );
    default:
      return new AppError('VALIDATION_FAILED', 'The upload was cut off or is not valid. Try again.', {
        cause: error,
      });
  }
}

async function* fileParts(request: FastifyRequest): AsyncIterable<TIncomingFile> {
  try {
    for await (const part of request.files()) yield { file: part.file, filename: part.filename };
  } catch (error) {
    throw uploadError(error);
  }
}

/**
 * Streams the request's image parts to storage; nothing is kept when any part fails. At least one image
 * is required.
 */
export async function receiveImages(
  request: FastifyRequest,
  storage: TImageStorage,
  options: { readonly allowCad?: boolean } = {},
): Promise<TStoredImage[]> {
  if (!request.isMultipart()) {
    throw new AppError('VALIDATION_FAILED', 'Send the images as multipart/form-data.');
  }
  const images = await storage.receive(fileParts(request), options);
  if (images.length === 0) throw new AppError('VALIDATION_FAILED', 'Choose at least one image to upload.');
  return images;
}

/**
 * Runs `write` (which records the images in the database); if it fails, the files go too, so a failed
 * upload leaves neither a file nor a row.
 */
export async function keepImagesIf<T>(
  storage: TImageStorage,
  images: readonly TStoredImage[],
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    await storage.remove(images.map((image) => image.storageKey));
    throw error;
  }
}
