// @vitest-environment jsdom
// jsdom: uploads with progress go through XMLHttpRequest, which Node lacks.
import type { ServerResponse } from 'node:http';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { sendJson, startTestServer, type TRecordedRequest, type TTestServer } from '../test/http-test-server';
import { createApiClient } from './api-client';
import type { TProgress } from './xhr-transport';

let server: TTestServer;

// The test page's origin (jsdom's http://localhost:3000) differs from the server's: answer CORS as a
// same-origin deployment never needs to.
function allowCors(request: TRecordedRequest, response: ServerResponse): boolean {
  response.setHeader('access-control-allow-origin', String(request.headers.origin ?? '*'));
  response.setHeader('access-control-expose-headers', 'x-csrf-token');
  if (request.method !== 'OPTIONS') return false;
  response.writeHead(204, {
    'access-control-allow-methods': 'GET, POST, PUT',
    'access-control-allow-headers': String(request.headers['access-control-request-headers'] ?? ''),
  });
  response.end();
  return true;
}

beforeEach(async () => {
  server = await startTestServer((request, response) => {
    if (allowCors(request, response)) return;
    if (request.path === '/api/auth/csrf-token') return sendJson(response, 200, { token: 'csrf-1' });
    sendJson(response, 201, { data: { received: request.body.length } });
  });
});

afterEach(async () => {
  await server.close();
});

it('uploads multipart form data with the API headers and reports progress', async () => {
  const api = createApiClient({
    baseUrl: `${server.origin}/api/v1`,
    csrfTokenUrl: `${server.origin}/api/auth/csrf-token`,
    getIdToken: async () => 'id-token',
  });
  const form = new FormData();
  form.append('file', new Blob(['epc,order\nE200,O-1\n'], { type: 'text/csv' }), 'mapping.csv');
  const progress: TProgress[] = [];

  const answer = await api.upload('/rfid/mapping/import', form, {
    onProgress: (event) => progress.push(event),
  });

  const [upload] = server.requestsTo('/api/v1/rfid/mapping/import');
  expect(answer).toEqual({ data: { received: upload?.body.length } });
  expect(upload?.method).toBe('POST');
  expect(upload?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  expect(upload?.body).toContain('filename="mapping.csv"');
  expect(upload?.headers.authorization).toBe('Bearer id-token');
  expect(upload?.headers['x-csrf-token']).toBe('csrf-1');
  expect(upload?.headers['x-client-platform']).toBe('web');
  expect(progress.length).toBeGreaterThan(0);
  expect(progress.at(-1)?.percent).toBe(1);
});
