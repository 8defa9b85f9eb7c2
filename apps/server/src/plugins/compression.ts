import fastifyCompress from '@fastify/compress';
import { FEATURE_FLAGS } from '@loupe/domain/config/constants';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * The spec's "compression on" (§9 feature flags, issue 35 §4): answers over 1 KiB in a compressible type go
 * out as brotli or gzip, whichever the request's Accept-Encoding prefers (brotli at quality 4, the plugin's
 * default, fast enough for every request). Registered before any route, since it hooks each route as it is
 * added. The web app's files are compressed once at build time instead (plugins/web-app.ts); answers that
 * already carry a Content-Encoding, hijacked ones (the assistant's event stream) and Socket.IO, which
 * answers before Fastify sees a request, are left alone. Request bodies are never decompressed: no client
 * sends compressed bodies, and inflating them would only be a way round the body limit's intent.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  if (!FEATURE_FLAGS.compression) return;
  await app.register(fastifyCompress, {
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
  });
}
