import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import {
  IMAGE_CONTENT_TYPES,
  IMAGE_MAX_BYTES,
  IMAGE_SNIFF_BYTES,
  sniffImageContentType,
  type TImageContentType,
} from '@loupe/domain/catalog/catalog';
import { fileNameForType } from '@loupe/domain/catalog/file-names';
import {
  CAD_CONTENT_TYPES,
  CAD_MAX_BYTES,
  CAD_SNIFF_BYTES,
  cadExtensionOf,
  looksLikeCad,
  type TCadContentType,
  type TCadExtension,
} from '@loupe/domain/designs/design-files';
import { AppError } from '@loupe/domain/errors/errors';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import { createLocalFileStore, type TFileStore } from './file-store.ts';

/** The long side of a thumbnail, in pixels: a gallery tile at twice its CSS size. */
export const THUMBNAIL_SIZE = 320;
export const THUMBNAIL_CONTENT_TYPE = 'image/webp';

/** An image (or a design revision's CAD file) in the file store, not yet recorded in `attachments`. */
export type TStoredImage = {
  readonly storageKey: string;
  readonly fileName: string;
  readonly contentType: TImageContentType | TCadContentType;
  readonly sizeBytes: number;
};

/** One file part of an upload: its bytes and the name the sender gave it. */
export type TIncomingFile = {
  readonly file: Readable & { readonly truncated?: boolean };
  readonly filename: string;
};

const STORAGE_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MEBIBYTE = 1024 * 1024;
const FILE_NAME_MAX = 200;

/** A name safe to store and show: no folders, no control characters, not empty. */
export function safeFileName(raw: string): string {
  const base = raw.split(/[/\\]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean.slice(0, FILE_NAME_MAX) || 'image';
}

export function fileTooLarge(fileName: string, maxBytes: number): AppError {
  return new AppError(
    'FILE_TOO_LARGE',
    `“${fileName}” is larger than ${Math.round(maxBytes / MEBIBYTE)} MB. Choose a smaller image.`,
    { details: { fileName, maxBytes } },
  );
}

function unsupportedType(fileName: string): AppError {
  return new AppError(
    'UNSUPPORTED_FILE_TYPE',
    `“${fileName}” is not an image Loupe can keep. Use a JPEG, PNG, WebP, GIF or HEIC photo.`,
    { details: { fileName, accepted: IMAGE_CONTENT_TYPES } },
  );
}

/**
 * Passes the bytes through while deciding, from the first IMAGE_SNIFF_BYTES, what image they are, and
 * counting them: anything that is not an image, or grows past the limit, fails the pipeline at once.
 */
class ImageInspector extends Transform {
  contentType: TImageContentType | null = null;
  sizeBytes = 0;
  #head: Buffer[] = [];
  #headLength = 0;

  constructor(
    private readonly fileName: string,
    private readonly maxBytes: number,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.sizeBytes += chunk.length;
    if (this.sizeBytes > this.maxBytes) {
      callback(fileTooLarge(this.fileName, this.maxBytes));
    } else if (this.contentType !== null) {
      callback(null, chunk);
    } else {
      this.#head.push(chunk);
      this.#headLength += chunk.length;
      if (this.#headLength < IMAGE_SNIFF_BYTES) callback();
      else this.#decide(callback);
    }
  }

  override _flush(callback: TransformCallback): void {
    if (this.contentType !== null) callback();
    else this.#decide(callback);
  }

  #decide(callback: TransformCallback): void {
    const head = Buffer.concat(this.#head);
    this.#head = [];
    this.contentType = sniffImageContentType(head);
    if (this.contentType === null) callback(unsupportedType(this.fileName));
    else callback(null, head);
  }
}

/** Counts a CAD file's bytes, keeping its first CAD_SNIFF_BYTES: whether it is one is decided at its end. */
class CadInspector extends Transform {
  sizeBytes = 0;
  head = Buffer.alloc(0);

  constructor(
    private readonly fileName: string,
    private readonly maxBytes: number,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.sizeBytes += chunk.length;
    if (this.sizeBytes > this.maxBytes) {
      callback(fileTooLarge(this.fileName, this.maxBytes));
      return;
    }
    if (this.head.length < CAD_SNIFF_BYTES) {
      this.head = Buffer.concat([this.head, chunk]).subarray(0, CAD_SNIFF_BYTES);
    }
    callback(null, chunk);
  }
}

function notCad(fileName: string, extension: TCadExtension): AppError {
  return new AppError(
    'UNSUPPORTED_FILE_TYPE',
    `“${fileName}” is not a ${extension.toUpperCase()} file Loupe can read: export it again from your CAD program.`,
    { details: { fileName, accepted: Object.keys(CAD_CONTENT_TYPES) } },
  );
}

/** A staging file this old belongs to an upload that will never finish. */
const STALE_STAGING_MS = 60 * 60 * 1000;

export type TImageStorageOptions = {
  /** config.DATA_DIR: uploads are checked in its `staging` folder before they go to the store. */
  readonly dataDir: string;
  readonly logger: FastifyBaseLogger;
  /** Where the files are kept; by default under DATA_DIR (`uploads`, `thumbnails`). */
  readonly store?: TFileStore;
  readonly maxBytes?: number;
};

/**
 * Uploaded files, streamed (a 15 MB photo never sits in memory) to a staging file under DATA_DIR while
 * their type and size are checked, then handed whole to the file store (local disk or S3).
 */
export function createImageStorage(options: TImageStorageOptions) {
  const staging = path.resolve(options.dataDir, 'staging');
  const store = options.store ?? createLocalFileStore(options.dataDir);
  // Thumbnails beside the uploads, not among them: they can always be made again from the originals.
  const uploadKey = (storageKey: string) => `uploads/${checkedStorageKey(storageKey)}`;
  const thumbnailKey = (storageKey: string) => `thumbnails/${checkedStorageKey(storageKey)}.webp`;
  const maxBytes = options.maxBytes ?? IMAGE_MAX_BYTES;

  /** Streams one part through its inspector into a staging file, and stores it when `accept` agrees. */
  async function stage(
    inspector: Transform,
    part: TIncomingFile,
    accept: () => { storageKey: string; stored: Omit<TStoredImage, 'storageKey' | 'sizeBytes'> },
    sizeOf: () => number,
  ): Promise<TStoredImage> {
    const partial = path.join(staging, `${randomUUID()}.part`);
    try {
      await pipeline(part.file, inspector, createWriteStream(partial, { flags: 'wx' }));
      const { storageKey, stored } = accept();
      const sizeBytes = sizeOf();
      await store.put(uploadKey(storageKey), createReadStream(partial), {
        sizeBytes,
        contentType: stored.contentType,
      });
      return { storageKey, ...stored, sizeBytes };
    } finally {
      await rm(partial, { force: true });
    }
  }

  /** A CAD file (by its extension), checked against its bytes once all of them arrived. */
  function saveCad(part: TIncomingFile, extension: TCadExtension): Promise<TStoredImage> {
    const fileName = safeFileName(part.filename);
    const inspector = new CadInspector(fileName, CAD_MAX_BYTES);
    return stage(
      inspector,
      part,
      () => {
        if (part.file.truncated) throw fileTooLarge(fileName, CAD_MAX_BYTES);
        if (!looksLikeCad(extension, inspector.head, inspector.sizeBytes)) throw notCad(fileName, extension);
        return { storageKey: randomUUID(), stored: { fileName, contentType: CAD_CONTENT_TYPES[extension] } };
      },
      () => inspector.sizeBytes,
    );
  }

  function saveOne(part: TIncomingFile, allowCad: boolean): Promise<TStoredImage> {
    const extension = allowCad ? cadExtensionOf(part.filename) : null;
    if (extension) return saveCad(part, extension);
    const fileName = safeFileName(part.filename);
    const inspector = new ImageInspector(fileName, maxBytes);
    return stage(
      inspector,
      part,
      () => {
        // Busboy stops at its fileSize limit and marks the part truncated instead of failing it.
        if (part.file.truncated) throw fileTooLarge(fileName, maxBytes);
        if (inspector.contentType === null) throw unsupportedType(fileName);
        // Stored under a name of its real type: `page.html` holding a PNG is kept as `page.png`.
        const stored = {
          fileName: fileNameForType(fileName, inspector.contentType),
          contentType: inspector.contentType,
        };
        return { storageKey: randomUUID(), stored };
      },
      () => inspector.sizeBytes,
    );
  }

  const storage = {
    /**
     * Writes every file of an upload (`allowCad`: a design revision's CAD files too, by their extension). All or nothing: when one fails (not an image, too large, cut off),
     * the files this call already wrote are removed before the error goes on.
     */
    async receive(
      parts: AsyncIterable<TIncomingFile>,
      options: { readonly allowCad?: boolean } = {},
    ): Promise<TStoredImage[]> {
      await mkdir(staging, { recursive: true });
      const saved: TStoredImage[] = [];
      try {
        for await (const part of parts) saved.push(await saveOne(part, options.allowCad ?? false));
      } catch (error) {
        await storage.remove(saved.map((image) => image.storageKey));
        throw error;
      }
      return saved;
    },

    /**
     * Removes what uploads cut short by a crash left in staging: files older than STALE_STAGING_MS, far past
     * the 120-s upload timeout, so an upload another process is receiving right now is never touched.
     * Returns how many it removed.
     */
    async sweepStaging(now: number = Date.now()): Promise<number> {
      let names: string[];
      try {
        names = await readdir(staging);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
        throw error;
      }
      let removed = 0;
      for (const name of names) {
        const file = path.join(staging, name);
        const info = await stat(file).catch(() => null);
        if (info === null || now - info.mtimeMs < STALE_STAGING_MS) continue;
        await rm(file, { force: true });
        removed += 1;
      }
      return removed;
    },

    /** Removes files; one that cannot be removed is logged, not thrown (its row is already gone). */
    async remove(storageKeys: readonly string[]): Promise<void> {
      for (const storageKey of storageKeys) {
        try {
          await store.delete(uploadKey(storageKey));
          await store.delete(thumbnailKey(storageKey));
        } catch (error) {
          options.logger.error({ err: error, storageKey }, 'could not remove an uploaded image');
        }
      }
    },

    /**
     * A small WebP of the image for galleries (issue 17 §1), made on first request with sharp and kept in
     * the store under `thumbnails/`; null when the original is missing or sharp cannot read it (HEIC: sharp's
     * prebuilt libvips has no HEVC decoder), and the caller serves the original instead.
     */
    async thumbnail(storageKey: string): Promise<{ stream: Readable; sizeBytes: number } | null> {
      const existing = await store.get(thumbnailKey(storageKey));
      if (existing) return existing;
      const original = await store.get(uploadKey(storageKey));
      if (!original) return null;
      let bytes: Buffer;
      try {
        bytes = await sharp(await buffer(original.stream))
          .rotate()
          .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 78 })
          .toBuffer();
      } catch (error) {
        options.logger.warn(
          { err: error, storageKey },
          'no thumbnail for an uploaded image; serving the original',
        );
        return null;
      }
      await store.put(thumbnailKey(storageKey), bytes, {
        sizeBytes: bytes.length,
        contentType: THUMBNAIL_CONTENT_TYPE,
      });
      return { stream: Readable.from([bytes]), sizeBytes: bytes.length };
    },

    /** The file's bytes, or null when it is missing from the store. */
    open(storageKey: string): Promise<{ stream: Readable; sizeBytes: number } | null> {
      return store.get(uploadKey(storageKey));
    },
  };
  return storage;
}

function checkedStorageKey(storageKey: string): string {
  // Keys are ours (UUIDs); anything else must never reach the store.
  if (!STORAGE_KEY.test(storageKey)) throw new Error(`not a storage key: ${storageKey}`);
  return storageKey;
}

export type TImageStorage = ReturnType<typeof createImageStorage>;
