import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buffer } from 'node:stream/consumers';

export type TS3Object = { readonly body: Buffer; readonly contentType: string };

export type TS3TestServer = {
  /** http://127.0.0.1:PORT, for S3_ENDPOINT with S3_FORCE_PATH_STYLE=true. */
  readonly endpoint: string;
  /** Objects by "bucket/key". */
  readonly objects: Map<string, TS3Object>;
  /** Every request as "METHOD /bucket/key". */
  readonly requests: string[];
  readonly close: () => Promise<void>;
};

function xmlError(response: ServerResponse, status: number, code: string, message: string): void {
  response.writeHead(status, { 'content-type': 'application/xml' });
  response.end(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`,
  );
}

/**
 * Just enough of the S3 protocol for a file store, path-style: PutObject, GetObject, HeadObject and
 * DeleteObject on one bucket, objects kept in memory. It refuses a request that is not SigV4-signed (no
 * Authorization or x-amz-content-sha256) and a body whose SHA-256 differs from the one it was signed with.
 */
export async function startS3TestServer(options: { readonly bucket: string }): Promise<TS3TestServer> {
  const objects = new Map<string, TS3Object>();
  const requests: string[] = [];

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://s3.test');
    const [, bucket, ...rest] = url.pathname.split('/');
    const key = rest.map((part) => decodeURIComponent(part)).join('/');
    requests.push(`${request.method} /${bucket}/${key}`);
    const body = await buffer(request);

    const authorization = request.headers.authorization ?? '';
    const contentSha = request.headers['x-amz-content-sha256'];
    if (!authorization.startsWith('AWS4-HMAC-SHA256 Credential=') || typeof contentSha !== 'string') {
      xmlError(response, 403, 'AccessDenied', 'Not signed with SigV4');
      return;
    }
    if (/^[0-9a-f]{64}$/.test(contentSha) && createHash('sha256').update(body).digest('hex') !== contentSha) {
      xmlError(response, 400, 'XAmzContentSHA256Mismatch', 'The body does not match its SHA-256');
      return;
    }
    if (contentSha.startsWith('STREAMING-')) {
      xmlError(response, 501, 'NotImplemented', 'aws-chunked bodies are not supported here');
      return;
    }
    if (bucket !== options.bucket) {
      xmlError(response, 404, 'NoSuchBucket', 'The specified bucket does not exist');
      return;
    }
    if (!key) {
      xmlError(response, 400, 'InvalidRequest', 'Only object requests are supported');
      return;
    }
    const name = `${bucket}/${key}`;
    switch (request.method) {
      case 'PUT': {
        objects.set(name, {
          body,
          contentType: request.headers['content-type'] ?? 'application/octet-stream',
        });
        response.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
        response.end();
        return;
      }
      case 'GET':
      case 'HEAD': {
        const object = objects.get(name);
        if (!object) {
          if (request.method === 'HEAD') {
            response.writeHead(404);
            response.end();
          } else xmlError(response, 404, 'NoSuchKey', 'The specified key does not exist.');
          return;
        }
        response.writeHead(200, {
          'content-type': object.contentType,
          'content-length': String(object.body.length),
        });
        response.end(request.method === 'GET' ? object.body : undefined);
        return;
      }
      case 'DELETE': {
        objects.delete(name);
        response.writeHead(204);
        response.end();
        return;
      }
      default:
        xmlError(response, 405, 'MethodNotAllowed', 'The method is not allowed');
    }
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      xmlError(response, 500, 'InternalError', error instanceof Error ? error.message : 'error');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
