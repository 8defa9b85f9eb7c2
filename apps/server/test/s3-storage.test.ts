import type { TDesign } from '@loupe/domain/catalog/catalog';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { LOG_SERIALIZERS } from '../src/lib/log-serializers.ts';
import { createOutboundGuard } from '../src/lib/outbound-url.ts';
import { createS3FileStore } from '../src/modules/attachments/file-store.ts';
import { fakeDns } from './support/fake-dns.ts';
import { startS3TestServer, type TS3TestServer } from './support/s3-server.ts';
import { createTestApp, type TTestApp, type TTestClient } from './support/test-app.ts';
import { multipartBody, tempDataDir, uploadedFiles } from './support/uploads.ts';

const BUCKET = 'loupe-files';

describe('STORAGE_DRIVER=s3', () => {
  let s3: TS3TestServer;
  let t: TTestApp;
  let dataDir: { dir: string; cleanup: () => Promise<void> };
  let designer: TTestClient;
  let design: TDesign;

  beforeAll(async () => {
    s3 = await startS3TestServer({ bucket: BUCKET });
    dataDir = await tempDataDir();
    t = await createTestApp({
      env: {
        DATA_DIR: dataDir.dir,
        STORAGE_DRIVER: 's3',
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: BUCKET,
        S3_REGION: 'eu-west-3',
        S3_ACCESS_KEY_ID: 'loupe-test-key',
        S3_SECRET_ACCESS_KEY: 'loupe-test-secret-not-real',
        S3_FORCE_PATH_STYLE: 'true',
        // The test's bucket listens on 127.0.0.1: on the LAN, as far as the outbound guard can tell.
        S3_ALLOW_PRIVATE_NETWORK: 'true',
      },
    });
    designer = (await t.clientAs('designer')).client;
    design = (
      await designer.request('POST', '/api/v1/catalog/designs', { body: { name: 'Kept in a bucket' } })
    ).json().data;
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
    await dataDir?.cleanup();
  });

  it('keeps an uploaded image and its thumbnail in the bucket, serves them back and deletes both', async () => {
    const photo = await sharp({
      create: { width: 900, height: 600, channels: 3, background: { r: 212, g: 175, b: 55 } },
    })
      .png()
      .toBuffer();
    const uploaded = await designer.request(
      'POST',
      `/api/v1/catalog/designs/${design.id}/images`,
      multipartBody([{ filename: 'ring.png', contentType: 'image/png', data: photo }]),
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const [image] = uploaded.json().data as { id: string; url: string }[];
    if (!image) throw new Error('no image in the answer');

    const keys = () => [...s3.objects.keys()].sort();
    expect(keys()).toEqual([expect.stringMatching(new RegExp(`^${BUCKET}/uploads/[0-9a-f-]{36}$`))]);
    expect(s3.objects.get(keys()[0] ?? '')?.contentType).toBe('image/png');
    // Nothing kept on the local disk: the staging file is gone once the object is in the bucket.
    expect(await uploadedFiles(dataDir.dir)).toEqual([]);

    const original = await designer.request('GET', image.url);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/png');
    expect(original.rawPayload.equals(photo)).toBe(true);

    const thumbnail = await designer.request('GET', `${image.url}?size=thumb`);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 320 });
    expect(keys()).toEqual([
      expect.stringMatching(new RegExp(`^${BUCKET}/thumbnails/[0-9a-f-]{36}\\.webp$`)),
      expect.stringMatching(new RegExp(`^${BUCKET}/uploads/[0-9a-f-]{36}$`)),
    ]);
    // Made once: the second ask reads the object kept in the bucket.
    const again = await designer.request('GET', `${image.url}?size=thumb`);
    expect(again.rawPayload.equals(thumbnail.rawPayload)).toBe(true);
    expect(s3.requests.filter((request) => request.startsWith('PUT'))).toHaveLength(2);

    const removed = await designer.request(
      'DELETE',
      `/api/v1/catalog/designs/${design.id}/images/${image.id}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(keys()).toEqual([]);
    expect((await designer.request('GET', image.url)).statusCode).toBe(404);
  });

  it('keeps nothing in the bucket when an upload is refused', async () => {
    const response = await designer.request(
      'POST',
      `/api/v1/catalog/designs/${design.id}/images`,
      multipartBody([
        { filename: 'notes.jpg', contentType: 'image/jpeg', data: Buffer.from('not an image') },
      ]),
    );
    expect(response.statusCode).toBe(415);
    expect(s3.objects.size).toBe(0);
  });
});

describe('S3 failures in the log', () => {
  it('name the problem without the secret key or the request signature', async () => {
    const s3 = await startS3TestServer({ bucket: BUCKET });
    try {
      const secret = 'loupe-test-secret-never-logged';
      const store = createS3FileStore({
        endpoint: s3.endpoint,
        bucket: 'no-such-bucket',
        region: 'eu-west-3',
        accessKeyId: 'loupe-test-key',
        secretAccessKey: secret,
        forcePathStyle: true,
      });
      const failure = await store
        .put('uploads/11111111-1111-4111-8111-111111111111', Buffer.from('ring'), {
          sizeBytes: 4,
          contentType: 'image/png',
        })
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(failure).toMatchObject({ name: 'NoSuchBucket' });
      const logged = JSON.stringify(LOG_SERIALIZERS.err(failure));
      expect(logged).toContain('NoSuchBucket');
      expect(logged).not.toContain(secret);
      expect(logged).not.toContain('Signature=');
    } finally {
      await s3.close();
    }
  });
});

// Issue 34 §2: S3_ENDPOINT passes the URL check when loaded (config.test.ts) and every connection the SDK
// makes is resolved and checked by the outbound guard.
describe('S3 through the outbound guard', () => {
  const put = (store: ReturnType<typeof createS3FileStore>) =>
    store
      .put('uploads/22222222-2222-4222-8222-222222222222', Buffer.from('ring'), {
        sizeBytes: 4,
        contentType: 'image/png',
      })
      .then(
        () => null,
        (error: unknown) => error,
      );

  it.each([
    [
      'a name resolving to 127.0.0.1',
      'files.provider.test',
      /files\.provider\.test resolves to 127\.0\.0\.1/,
    ],
    ['an IP address', '127.0.0.1', /127\.0\.0\.1 is an IP address/],
  ])('refuses %s without S3_ALLOW_PRIVATE_NETWORK, and reaches it with it', async (_name, host, reason) => {
    const s3 = await startS3TestServer({ bucket: BUCKET });
    const guard = createOutboundGuard({ lookup: fakeDns({ 'files.provider.test': '127.0.0.1' }) });
    try {
      const storeWith = (allowPrivateNetwork: boolean) =>
        createS3FileStore({
          endpoint: s3.endpoint.replace('127.0.0.1', host),
          bucket: BUCKET,
          region: 'eu-west-3',
          accessKeyId: 'loupe-test-key',
          secretAccessKey: 'loupe-test-secret-not-real',
          forcePathStyle: true,
          agents: guard.agents({ allowPrivateNetwork }),
        });
      const refused = await put(storeWith(false));
      expect(String((refused as Error | null)?.message)).toMatch(reason);
      expect(s3.requests).toEqual([]);
      expect(await put(storeWith(true))).toBeNull();
      expect([...s3.objects.keys()]).toEqual([`${BUCKET}/uploads/22222222-2222-4222-8222-222222222222`]);
    } finally {
      await guard.close();
      await s3.close();
    }
  });
});

describe('storage configuration', () => {
  it('keeps files on the local disk unless STORAGE_DRIVER says otherwise', () => {
    expect(loadConfig({}).STORAGE_DRIVER).toBe('local');
  });

  it.each([
    [{ STORAGE_DRIVER: 's3' }, 'S3_BUCKET: STORAGE_DRIVER=s3 needs S3_BUCKET'],
    [
      { STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' },
      'S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    ],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('never repeats the secret key in its error', () => {
    try {
      loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_SECRET_ACCESS_KEY: 'very-secret-value' });
      throw new Error('accepted');
    } catch (error) {
      expect(String(error)).not.toContain('very-secret-value');
    }
  });
});
