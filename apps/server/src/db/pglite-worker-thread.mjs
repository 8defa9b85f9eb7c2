// @ts-check
/**
 * The worker thread that hosts PGlite (docs/decisions/014-pglite-worker-thread.md). It knows nothing of
 * SQL: it hands batches of PostgreSQL frontend messages to PGlite and posts back the bytes PGlite answers,
 * one batch at a time, in the order they came. Plain JavaScript so that Node loads it as it is, under tsx,
 * vitest or node alike (Node 20 cannot run TypeScript in a worker by itself).
 *
 * Requests: { id, op: 'startup' | 'exec', bytes }, { id, op: 'dump' } and { id, op: 'close' }. Replies:
 * { id, bytes } or { id, error }. 'dump' answers the data directory as an uncompressed tarball (PGlite's
 * dumpDataDir), taken between two requests, so never in the middle of one. The first message posted is
 * { ready: true } or { failed: message }.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

if (!parentPort) throw new Error('pglite-worker-thread.mjs runs only as a worker thread');
const port = parentPort;

/** @type {{ dataDir: string | null, loadDataDir: string | null }} */
const { dataDir, loadDataDir } = workerData;

// A simple query ('Q'), framed as the wire protocol wants it.
const simpleQuery = (/** @type {string} */ text) => {
  const body = Buffer.from(`${text}\0`, 'utf8');
  const message = Buffer.alloc(5 + body.length);
  message.write('Q', 0, 'latin1');
  message.writeInt32BE(4 + body.length, 1);
  body.copy(message, 5);
  return message;
};

// In memory, from a saved data directory when given (tests start from a migrated template).
const inMemory = () =>
  loadDataDir ? new PGlite({ loadDataDir: new Blob([readFileSync(loadDataDir)]) }) : new PGlite();
const db = dataDir ? new PGlite(path.join(dataDir, 'pglite')) : inMemory();
let hasHadSession = false;
let isClosing = false;

/**
 * PGlite has one session for its life, and a second startup message continues it as it was. A new
 * connection after one that ended or was dropped (maybe mid-transaction) must not inherit its open
 * transaction, advisory locks or settings, as it would not on PostgreSQL.
 * @param {Uint8Array} startup
 */
async function startSession(startup) {
  if (hasHadSession) {
    await db.execProtocolRaw(simpleQuery('ROLLBACK'));
    await db.execProtocolRaw(simpleQuery('DISCARD ALL'));
  }
  hasHadSession = true;
  return db.execProtocolRaw(startup);
}

/** @param {unknown} error */
function messageOf(error) {
  if (error instanceof Error) return error.message;
  if (error && typeof error === 'object' && 'message' in error) return String(error.message);
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}

/** @param {Uint8Array} bytes */
function transferable(bytes) {
  // Hand the buffer over rather than copy it, unless it is a view into something larger.
  const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
  return { bytes: own, transfer: [/** @type {ArrayBuffer} */ (own.buffer)] };
}

/** @typedef {{ id: number, op: 'startup' | 'exec' | 'dump' | 'close', bytes?: Uint8Array }} TRequest */

/** @param {TRequest} request */
async function handle(request) {
  switch (request.op) {
    case 'startup':
      return startSession(/** @type {Uint8Array} */ (request.bytes));
    case 'exec':
      return db.execProtocolRaw(/** @type {Uint8Array} */ (request.bytes));
    case 'dump': {
      // Uncompressed: this thread is PGlite's only one, and every statement waits while it works. The
      // caller gzips the tar afterwards, off this thread (modules/backups, bench/backup.ts measures it).
      const tarball = await db.dumpDataDir('none');
      return new Uint8Array(await tarball.arrayBuffer());
    }
    case 'close':
      isClosing = true;
      await db.close();
      return new Uint8Array(0);
  }
}

// One request at a time, in order: PGlite is one session, and replies must come back in the order asked.
let queue = Promise.resolve();
port.on('message', (/** @type {TRequest} */ request) => {
  queue = queue.then(async () => {
    if (isClosing && request.op !== 'close') {
      port.postMessage({ id: request.id, error: 'PGlite is closed' });
      return;
    }
    try {
      const reply = transferable(await handle(request));
      port.postMessage({ id: request.id, bytes: reply.bytes }, reply.transfer);
    } catch (error) {
      port.postMessage({ id: request.id, error: messageOf(error) });
    }
  });
});

db.waitReady.then(
  () => port.postMessage({ ready: true }),
  (/** @type {unknown} */ error) => port.postMessage({ failed: messageOf(error) }),
);
