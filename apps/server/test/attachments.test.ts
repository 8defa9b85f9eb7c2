import { mkdir, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { IMAGE_MAX_BYTES, IMAGE_MAX_FILES_PER_UPLOAD, type TDesign } from '@loupe/domain/catalog/catalog';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments } from '../src/db/schema/attachments.ts';
import {
  createImageStorage,
  safeFileName,
  THUMBNAIL_SIZE,
} from '../src/modules/attachments/image-storage.ts';
import { contentDisposition } from '../src/modules/attachments/service.ts';
import { TEST_DATABASES } from './support/databases.ts';
import { createTestApp, type TTestApp, type TTestClient } from './support/test-app.ts';
import {
  jpegBytes,
  multipartBody,
  PNG_1X1,
  type TUploadFile,
  tempDataDir,
  uploadedFiles,
} from './support/uploads.ts';

const ascii = (text: string) => Buffer.from(text, 'latin1');
const WEBP = Buffer.concat([
  ascii('RIFF'),
  Buffer.from([0x24, 0, 0, 0]),
  ascii('WEBPVP8 '),
  Buffer.alloc(32, 7),
]);
const GIF = Buffer.concat([ascii('GIF89a'), Buffer.alloc(32, 1)]);
const HEIC = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), ascii('ftypheic'), Buffer.alloc(32, 2)]);

describe('image file names and downloads', () => {
  it.each([
    ['ring.jpg', 'ring.jpg'],
    ['../../etc/passwd.png', 'passwd.png'],
    ['C:\\Users\\ana\\Desktop\\bague.png', 'bague.png'],
    ['tab\tand\u0000nul.png', 'tabandnul.png'],
    ['   ', 'image'],
    ['', 'image'],
  ])('keeps %j as %j', (raw, kept) => {
    expect(safeFileName(raw)).toBe(kept);
  });

  it('names the download in ASCII and exactly, so a name cannot break the header', () => {
    expect(contentDisposition('bague "or" émeraude.png', 'image/png')).toBe(
      `inline; filename="bague _or_ _meraude.png"; filename*=UTF-8''bague%20%22or%22%20%C3%A9meraude.png`,
    );
    expect(contentDisposition("it's (new)*.png", 'image/png')).toBe(
      `inline; filename="it's (new)*.png"; filename*=UTF-8''it%27s%20%28new%29%2A.png`,
    );
  });

  it('leaves no file behind when a stream fails halfway through an upload', async () => {
    const dataDir = await tempDataDir();
    try {
      const storage = createImageStorage({ dataDir: dataDir.dir, logger: silentLogger() });
      async function* parts() {
        yield { file: Readable.from([PNG_1X1]), filename: 'first.png' };
        const broken = new Readable({
          read() {
            this.push(jpegBytes(64));
            this.destroy(new Error('connection reset'));
          },
        });
        yield { file: broken, filename: 'second.jpg' };
      }
      await expect(storage.receive(parts())).rejects.toThrow('connection reset');
      expect(await uploadedFiles(dataDir.dir)).toEqual([]);
    } finally {
      await dataDir.cleanup();
    }
  });

  it('clears what crashed uploads left in staging, and leaves an upload still arriving alone', async () => {
    const dataDir = await tempDataDir();
    try {
      const storage = createImageStorage({ dataDir: dataDir.dir, logger: silentLogger() });
      expect(await storage.sweepStaging()).toBe(0); // no staging folder yet
      const staging = path.join(dataDir.dir, 'staging');
      await mkdir(staging, { recursive: true });
      const crashed = path.join(staging, 'crashed.part');
      const arriving = path.join(staging, 'arriving.part');
      await writeFile(crashed, jpegBytes(64));
      await writeFile(arriving, jpegBytes(64));
      const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
      await utimes(crashed, twoHoursAgo, twoHoursAgo);

      expect(await storage.sweepStaging()).toBe(1);
      expect((await readdir(staging)).sort()).toEqual(['arriving.part']);
    } finally {
      await dataDir.cleanup();
    }
  });

  it('makes a WebP thumbnail of an image on the server, at most THUMBNAIL_SIZE a side, and removes it with the image', async () => {
    const dataDir = await tempDataDir();
    try {
      const storage = createImageStorage({ dataDir: dataDir.dir, logger: silentLogger() });
      const photo = await sharp({
        create: { width: 1200, height: 800, channels: 3, background: { r: 212, g: 175, b: 55 } },
      })
        .png()
        .toBuffer();
      const [stored, heic] = await storage.receive(
        (async function* () {
          yield { file: Readable.from([photo]), filename: 'ring.png' };
          yield { file: Readable.from([HEIC]), filename: 'phone.heic' };
        })(),
      );
      if (!stored || !heic) throw new Error('upload not stored');

      const thumbnail = await storage.thumbnail(stored.storageKey);
      if (!thumbnail) throw new Error('no thumbnail');
      const bytes = await buffer(thumbnail.stream);
      const meta = await sharp(bytes).metadata();
      expect(meta).toMatchObject({
        format: 'webp',
        width: THUMBNAIL_SIZE,
        height: Math.round((THUMBNAIL_SIZE * 800) / 1200),
      });
      expect(bytes.length).toBeLessThan(photo.length);
      expect((await readdir(path.join(dataDir.dir, 'thumbnails'))).length).toBe(1);
      // Made once: the second ask reads the kept file.
      expect((await storage.thumbnail(stored.storageKey))?.sizeBytes).toBe(bytes.length);
      // Bytes sharp cannot read give no thumbnail: the caller serves the original.
      expect(await storage.thumbnail(heic.storageKey)).toBeNull();

      await storage.remove([stored.storageKey]);
      expect(await readdir(path.join(dataDir.dir, 'thumbnails'))).toEqual([]);
    } finally {
      await dataDir.cleanup();
    }
  });
});

function silentLogger() {
  const logger = {
    level: 'silent',
    fatal: () => undefined,
    error: () => undefined,
    warn: () => undefined,
    info: () => undefined,
    debug: () => undefined,
    trace: () => undefined,
    silent: () => undefined,
    child: () => logger,
  };
  return logger;
}

describe.each(TEST_DATABASES)('image uploads on %s', (database) => {
  let t: TTestApp;
  let dataDir: { dir: string; cleanup: () => Promise<void> };
  let designer: TTestClient;
  let design: TDesign;

  beforeAll(async () => {
    dataDir = await tempDataDir();
    t = await createTestApp({ database, env: { DATA_DIR: dataDir.dir } });
    designer = (await t.clientAs('designer')).client;
    design = (
      await designer.request('POST', '/api/v1/catalog/designs', { body: { name: 'Upload target' } })
    ).json().data;
  });
  afterAll(async () => {
    await t.close();
    await dataDir.cleanup();
  });

  const upload = (files: readonly TUploadFile[], id = design.id) =>
    designer.request('POST', `/api/v1/catalog/designs/${id}/images`, multipartBody(files));

  async function rowsOfDesign() {
    return t.database.db.select().from(attachments).where(eq(attachments.ownerId, design.id));
  }

  async function expectNothingKept(before: { files: string[]; rows: number }) {
    expect(await uploadedFiles(dataDir.dir)).toEqual(before.files);
    expect((await rowsOfDesign()).length).toBe(before.rows);
  }

  async function snapshot() {
    return { files: await uploadedFiles(dataDir.dir), rows: (await rowsOfDesign()).length };
  }

  it('stores the uploaded bytes under DATA_DIR/uploads and serves them back identical, typed by their content', async () => {
    const jpeg = jpegBytes(100_000);
    const response = await upload([
      { filename: 'photo.jpg', contentType: 'image/jpeg', data: jpeg },
      // Declared a JPEG, is a PNG: stored and served as what it is.
      { filename: 'bague d’or é.jpg', contentType: 'image/jpeg', data: PNG_1X1 },
      { filename: 'a.webp', contentType: 'image/webp', data: WEBP },
      { filename: 'b.gif', contentType: 'image/gif', data: GIF },
      { filename: 'c.heic', contentType: 'application/octet-stream', data: HEIC },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const stored = response.json().data as {
      id: string;
      url: string;
      contentType: string;
      fileName: string;
    }[];
    expect(stored.map((image) => image.contentType)).toEqual([
      'image/jpeg',
      'image/png',
      'image/webp',
      'image/gif',
      'image/heic',
    ]);
    const rows = await rowsOfDesign();
    for (const row of rows) {
      expect(row.storageKey).toMatch(/^[0-9a-f-]{36}$/);
      expect(await uploadedFiles(dataDir.dir)).toContain(row.storageKey);
    }

    const photo = await designer.request('GET', stored[0]?.url ?? '');
    expect(photo.statusCode).toBe(200);
    expect(photo.rawPayload.equals(jpeg)).toBe(true);
    expect(photo.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'content-length': String(jpeg.length),
      'x-content-type-options': 'nosniff',
      'content-disposition': `inline; filename="photo.jpg"; filename*=UTF-8''photo.jpg`,
    });
    const disguised = await designer.request('GET', stored[1]?.url ?? '');
    expect(disguised.headers['content-type']).toBe('image/png');
    // Named after what it is, not what it claimed to be (issue 34 §7).
    expect(stored[1]?.fileName).toBe('bague d’or é.png');
    expect(disguised.headers['content-disposition']).toBe(
      `inline; filename="bague d_or _.png"; filename*=UTF-8''bague%20d%E2%80%99or%20%C3%A9.png`,
    );
    expect(disguised.rawPayload.equals(PNG_1X1)).toBe(true);
  });

  it('stores and serves a PNG with HTML after it under a .png name, never .html', async () => {
    const polyglot = Buffer.concat([PNG_1X1, Buffer.from('<html><script>alert(document.cookie)</script>')]);
    const response = await upload([{ filename: 'invoice.html', contentType: 'text/html', data: polyglot }]);
    expect(response.statusCode, response.body).toBe(201);
    const [image] = response.json().data as { id: string; url: string; fileName: string }[];
    expect(image?.fileName).toBe('invoice.png');
    const [row] = await t.database.db
      .select()
      .from(attachments)
      .where(eq(attachments.id, image?.id ?? ''));
    expect(row).toMatchObject({ fileName: 'invoice.png', contentType: 'image/png' });
    const served = await designer.request('GET', image?.url ?? '');
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-disposition']).toBe(
      `inline; filename="invoice.png"; filename*=UTF-8''invoice.png`,
    );
    // A row stored before names were mended is served under its type's extension all the same.
    await t.database.db
      .update(attachments)
      .set({ fileName: 'old-upload.html' })
      .where(eq(attachments.id, image?.id ?? ''));
    const old = await designer.request('GET', image?.url ?? '');
    expect(old.headers['content-disposition']).toBe(
      `inline; filename="old-upload.png"; filename*=UTF-8''old-upload.png`,
    );
    const thumb = await designer.request('GET', `${image?.url}?size=thumb`);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.headers['content-disposition']).toContain('filename="old-upload.webp"');
  });

  it('refuses an image larger than IMAGE_MAX_BYTES (413) and keeps nothing of the upload', async () => {
    const before = await snapshot();
    const tooLarge = Buffer.concat([jpegBytes(16), Buffer.alloc(IMAGE_MAX_BYTES - 27, 0x55)]);
    expect(tooLarge.length).toBe(IMAGE_MAX_BYTES + 1);
    const response = await upload([
      { filename: 'fine.png', contentType: 'image/png', data: PNG_1X1 },
      { filename: 'huge.jpg', contentType: 'image/jpeg', data: tooLarge },
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      code: 'FILE_TOO_LARGE',
      message: '“huge.jpg” is larger than 15 MB. Choose a smaller image.',
    });
    await expectNothingKept(before);
  });

  it('takes an image of exactly IMAGE_MAX_BYTES', async () => {
    const largest = Buffer.concat([jpegBytes(16), Buffer.alloc(IMAGE_MAX_BYTES - 28, 0x55)]);
    const response = await upload([{ filename: 'largest.jpg', contentType: 'image/jpeg', data: largest }]);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data[0].sizeBytes).toBe(IMAGE_MAX_BYTES);
  });

  it('refuses more than IMAGE_MAX_FILES_PER_UPLOAD images at once and keeps none of them', async () => {
    const before = await snapshot();
    const files = Array.from({ length: IMAGE_MAX_FILES_PER_UPLOAD + 1 }, (_, i) => ({
      filename: `${i}.png`,
      contentType: 'image/png',
      data: PNG_1X1,
    }));
    const response = await upload(files);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(`Send at most ${IMAGE_MAX_FILES_PER_UPLOAD} images at a time.`);
    await expectNothingKept(before);
  });

  it('refuses a file that is too short to be an image, an upload without files, and a body that is not multipart', async () => {
    const before = await snapshot();
    const tiny = await upload([
      { filename: 'x.png', contentType: 'image/png', data: Buffer.from([0x89, 0x50]) },
    ]);
    expect(tiny.statusCode).toBe(415);
    expect(tiny.json().code).toBe('UNSUPPORTED_FILE_TYPE');
    const fieldsOnly = await designer.request(
      'POST',
      `/api/v1/catalog/designs/${design.id}/images`,
      multipartBody([], { caption: 'no file here' }),
    );
    expect(fieldsOnly.statusCode).toBe(400);
    expect(fieldsOnly.json().message).toBe('Choose at least one image to upload.');
    const json = await designer.request('POST', `/api/v1/catalog/designs/${design.id}/images`, {
      body: { image: 'base64…' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('Send the images as multipart/form-data.');
    await expectNothingKept(before);
  });

  it('answers 404 for an upload to a design that does not exist, keeping nothing', async () => {
    const before = await snapshot();
    const response = await upload(
      [{ filename: 'a.png', contentType: 'image/png', data: PNG_1X1 }],
      '00000000-0000-4000-8000-000000000000',
    );
    expect(response.statusCode).toBe(404);
    expect(await uploadedFiles(dataDir.dir)).toEqual(before.files);
  });

  it('answers 404 for an unknown attachment or one whose file is gone, and 401 to anonymous callers', async () => {
    const unknown = await designer.request('GET', '/api/v1/attachments/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');
    const response = await upload([{ filename: 'gone.png', contentType: 'image/png', data: PNG_1X1 }]);
    const [image] = response.json().data;
    expect((await t.client().request('GET', image.url)).statusCode).toBe(401);
    const [row] = await t.database.db.select().from(attachments).where(eq(attachments.id, image.id));
    await rm(path.join(dataDir.dir, 'uploads', row?.storageKey ?? ''));
    expect((await designer.request('GET', image.url)).statusCode).toBe(404);
    expect((await designer.request('GET', '/api/v1/attachments/not-a-uuid')).statusCode).toBe(400);
  });

  it('documents the upload and download routes in the OpenAPI document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/attachments/{id}',
        '/api/v1/catalog/designs/{id}/images',
        '/api/v1/orders/{id}/photos',
        '/api/v1/repairs/{id}/photos',
        '/api/v1/customers',
        '/api/v1/orders',
        '/api/v1/repairs/{id}/history',
        '/api/v1/catalog/metal-types/{id}',
      ]),
    );
    expect(JSON.stringify(document.paths['/api/v1/orders/{id}/photos']?.post)).toContain(
      'multipart/form-data',
    );
  });
});
