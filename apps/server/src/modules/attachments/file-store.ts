import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import type http from 'node:http';
import type https from 'node:https';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { TConfig } from '../../config.ts';
import type { TOutboundGuard } from '../../lib/outbound-url.ts';

/**
 * Where uploaded files and their thumbnails live (issue 17 §1): DATA_DIR on the local disk, or a bucket of
 * an S3-compatible service (STORAGE_DRIVER). Keys look like `uploads/<uuid>` or `thumbnails/<uuid>.webp`.
 */
export type TFileStore = {
  /** Writes the whole object; a reader never sees it half written. */
  put(
    key: string,
    body: Buffer | Readable,
    options: { readonly sizeBytes: number; readonly contentType: string },
  ): Promise<void>;
  /** The object's bytes, or null when there is none under that key. */
  get(key: string): Promise<{ stream: Readable; sizeBytes: number } | null>;
  /** Removes the object; no error when it is already gone. */
  delete(key: string): Promise<void>;
};

const KEY = /^(uploads|thumbnails)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\.webp)?$/;

function checkedKey(key: string): string {
  // Keys are ours; anything else must never reach a path or a bucket.
  if (!KEY.test(key)) throw new Error(`not a storage key: ${key}`);
  return key;
}

/** Files under `root` (DATA_DIR), each key a relative path. */
export function createLocalFileStore(root: string): TFileStore {
  const base = path.resolve(root);
  const pathOf = (key: string) => path.join(base, checkedKey(key));
  return {
    async put(key, body) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Written as .part and renamed when complete, so a crash mid-write never leaves a file that looks whole.
      const partial = `${target}.${randomUUID()}.part`;
      try {
        await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(partial));
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async get(key) {
      const file = pathOf(key);
      try {
        const info = await stat(file);
        return { stream: createReadStream(file), sizeBytes: info.size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

export type TS3FileStoreOptions = {
  readonly endpoint?: string | undefined;
  readonly bucket: string;
  readonly region: string;
  readonly accessKeyId?: string | undefined;
  readonly secretAccessKey?: string | undefined;
  readonly forcePathStyle: boolean;
  /** The SDK's connections, resolved through the outbound guard (lib/outbound-url.ts). */
  readonly agents?: { readonly httpAgent: http.Agent; readonly httpsAgent: https.Agent };
};

/** Objects in one bucket of S3 or a service speaking its protocol (MinIO, R2, Ceph…). */
export function createS3FileStore(options: TS3FileStoreOptions): TFileStore {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    // Without keys the SDK's default chain (instance role, AWS_* variables) applies.
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
    // Checksums only where S3 requires them: many S3-compatible services reject the newer trailing ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(options.agents ? { requestHandler: { ...options.agents } } : {}),
  });
  const bucket = options.bucket;
  return {
    async put(key, body, { sizeBytes, contentType }) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: checkedKey(key),
          Body: body,
          ContentLength: sizeBytes,
          ContentType: contentType,
        }),
      );
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: checkedKey(key) }));
        if (!(answer.Body instanceof Readable)) throw new Error('S3 answered without a body stream');
        return { stream: answer.Body, sizeBytes: answer.ContentLength ?? 0 };
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: checkedKey(key) }));
    },
  };
}

/**
 * The store STORAGE_DRIVER names: DATA_DIR by default, so a fresh laptop needs nothing more. S3 connections go
 * through the outbound guard: a public service unless S3_ALLOW_PRIVATE_NETWORK allows one on the LAN.
 */
export function fileStoreFrom(config: TConfig, outbound: Pick<TOutboundGuard, 'agents'>): TFileStore {
  switch (config.STORAGE_DRIVER) {
    case 'local':
      return createLocalFileStore(config.DATA_DIR);
    case 's3':
      if (!config.S3_BUCKET) throw new Error('STORAGE_DRIVER=s3 needs S3_BUCKET');
      return createS3FileStore({
        endpoint: config.S3_ENDPOINT,
        bucket: config.S3_BUCKET,
        region: config.S3_REGION,
        accessKeyId: config.S3_ACCESS_KEY_ID,
        secretAccessKey: config.S3_SECRET_ACCESS_KEY,
        forcePathStyle: config.S3_FORCE_PATH_STYLE,
        agents: outbound.agents({ allowPrivateNetwork: config.S3_ALLOW_PRIVATE_NETWORK }),
      });
    default: {
      const unknownDriver: never = config.STORAGE_DRIVER;
      throw new Error(`unknown STORAGE_DRIVER ${String(unknownDriver)}`);
    }
  }
}
