import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A 1×1 transparent PNG: real image bytes, small enough to read in a failure message. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Bytes that start like a JPEG (what the magic-byte check reads) followed by `size` random bytes. */
export function jpegBytes(size = 2048): Buffer {
  return Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]),
    randomBytes(size),
  ]);
}

export type TUploadFile = {
  readonly filename: string;
  readonly contentType: string;
  readonly data: Buffer;
  readonly field?: string;
};

/** A multipart/form-data body as a browser's FormData would send it. */
export function multipartBody(
  files: readonly TUploadFile[],
  fields: Readonly<Record<string, string>> = {},
): { body: Buffer; headers: Record<string, string> } {
  const boundary = `----loupe-test-${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'images'}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A DATA_DIR of the suite's own, removed by `cleanup`. */
export async function tempDataDir(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'loupe-uploads-'));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** The files under DATA_DIR/uploads (none when the folder was never made). */
export async function uploadedFiles(dataDir: string): Promise<string[]> {
  try {
    return (await readdir(path.join(dataDir, 'uploads'))).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
