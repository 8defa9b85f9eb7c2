import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESSION_THRESHOLD_BYTES } from '../src/plugins/compression.ts';
import { createTestApp, type TTestApp, type TTestClient } from './support/test-app.ts';
import { multipartBody, PNG_1X1, tempDataDir } from './support/uploads.ts';

/** Issue 35 §4 and the spec's "compression on": API answers over 1 KiB travel compressed. */
describe('compression of API answers', () => {
  let t: TTestApp;
  let dataDir: { dir: string; cleanup: () => Promise<void> };
  let admin: TTestClient;
  beforeAll(async () => {
    dataDir = await tempDataDir();
    t = await createTestApp({ env: { DATA_DIR: dataDir.dir } });
    admin = (await t.clientAs('admin')).client;
  });
  afterAll(async () => {
    await t.close();
    await dataDir.cleanup();
  });

  it('sends a large JSON answer as brotli or gzip, by Accept-Encoding, and plain to a client that asks for neither', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);

    const br = await t.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gzip = await t.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'gzip, deflate' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it('sends an authenticated list compressed and keeps its no-store', async () => {
    for (let index = 0; index < 12; index += 1) {
      const created = await admin.request('POST', '/api/v1/customers', {
        body: { name: `Customer number ${index}`, email: `customer-${index}@example.com` },
      });
      expect(created.statusCode, created.body).toBe(201);
    }
    const list = await admin.request('GET', '/api/v1/customers', { headers: { 'accept-encoding': 'gzip' } });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-encoding']).toBe('gzip');
    expect(list.headers['cache-control']).toBe('no-store');
    const body = JSON.parse(gunzipSync(list.rawPayload).toString()) as { data: { items: unknown[] } };
    expect(body.data.items.length).toBeGreaterThanOrEqual(12);
  });

  it('leaves answers under the threshold as they are', async () => {
    const health = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(health.statusCode).toBe(200);
    expect(health.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toBeTruthy();
  });

  it('streams the assistant’s server-sent events uncompressed, event by event', async () => {
    const created = await admin.request('POST', '/api/v1/assistant/conversations', { body: {} });
    expect(created.statusCode, created.body).toBe(200);
    const id = (created.json() as { data: { id: string } }).data.id;
    const answer = await admin.request('POST', `/api/v1/assistant/conversations/${id}/messages`, {
      body: { question: 'what is overdue?' },
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/event-stream');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body).toMatch(/^data: \{/);
    expect(answer.body).toContain('"type":"done"');
  });

  it('sends image downloads as stored: they are compressed already', async () => {
    const customer = await admin.request('POST', '/api/v1/customers', {
      body: { name: 'Grace Hopper', email: 'grace@example.com' },
    });
    expect(customer.statusCode, customer.body).toBe(201);
    const order = await admin.request('POST', '/api/v1/orders', {
      body: { customerId: customer.json().data.id, description: 'Custom ring' },
    });
    expect(order.statusCode, order.body).toBe(201);
    const upload = await admin.request(
      'POST',
      `/api/v1/orders/${order.json().data.id}/photos`,
      multipartBody([{ filename: 'ring.png', contentType: 'image/png', data: PNG_1X1 }]),
    );
    expect(upload.statusCode, upload.body).toBe(201);
    const [photo] = upload.json().data as { id: string }[];
    const image = await admin.request('GET', `/api/v1/attachments/${photo?.id}`, {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.headers['content-type']).toMatch(/^image\//);
  });
});
