import { Worker } from 'node:worker_threads';

/** The worker hosting PGlite failed to start, stopped, or was closed: every query after that fails with it. */
export class PgliteWorkerError extends Error {
  readonly code = 'PGLITE_WORKER_FAILED';
  constructor(message: string) {
    super(message);
    this.name = 'PgliteWorkerError';
  }
}

type TReply = { readonly id: number; readonly bytes?: Uint8Array; readonly error?: string };
type TPending = { resolve(bytes: Uint8Array): void; reject(error: Error): void };

// How long close() waits for PGlite to shut down before ending the thread regardless.
const CLOSE_TIMEOUT_MS = 30_000;

/**
 * PGlite in a worker thread (docs/decisions/014-pglite-worker-thread.md): its WASM engine runs on the
 * second core, so HTTP, Socket.IO and MQTT acknowledgements are not held up while a statement runs. It
 * speaks the PostgreSQL wire protocol: `exec` takes complete frontend messages ending in a Sync, Query or
 * Flush and resolves with PGlite's answer, in order.
 */
export class PgliteWorker {
  readonly #worker: Worker;
  readonly #pending = new Map<number, TPending>();
  readonly #onFailure = new Set<(error: PgliteWorkerError) => void>();
  #nextId = 1;
  #failure: PgliteWorkerError | null = null;
  #closing: Promise<void> | null = null;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (reply: TReply) => this.#settle(reply));
    worker.on('error', (error) =>
      this.#fail(new PgliteWorkerError(`PGlite's worker failed: ${error.message}`)),
    );
    worker.on('exit', (code) =>
      this.#fail(new PgliteWorkerError(`PGlite's worker stopped (exit code ${code})`)),
    );
  }

  /**
   * Starts the worker and waits until PGlite is ready: on `dataDir`/pglite, or in memory when null (from the
   * saved data directory `loadDataDir`, when given).
   */
  static async start(options: {
    readonly dataDir: string | null;
    readonly loadDataDir?: string | null;
  }): Promise<PgliteWorker> {
    const worker = new Worker(new URL('./pglite-worker-thread.mjs', import.meta.url), {
      workerData: { dataDir: options.dataDir, loadDataDir: options.loadDataDir ?? null },
    });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (message: { ready?: true; failed?: string }) => {
        cleanup();
        if (message.ready) resolve();
        else reject(new PgliteWorkerError(`PGlite could not start: ${message.failed}`));
      };
      const onError = (error: Error) => {
        cleanup();
        reject(new PgliteWorkerError(`PGlite's worker failed: ${error.message}`));
      };
      const onExit = (code: number) => {
        cleanup();
        reject(new PgliteWorkerError(`PGlite's worker stopped (exit code ${code})`));
      };
      const cleanup = () => {
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      };
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    }).catch(async (error: unknown) => {
      await worker.terminate();
      throw error;
    });
    return new PgliteWorker(worker);
  }

  /** The failure that ended the worker, if it has ended. */
  get failure(): PgliteWorkerError | null {
    return this.#failure;
  }

  /** Runs frontend messages; `startup` marks a connection's startup message (a fresh session). */
  exec(bytes: Uint8Array, options: { readonly startup?: boolean } = {}): Promise<Uint8Array> {
    return this.#request(options.startup ? 'startup' : 'exec', bytes);
  }

  /**
   * The data directory as an uncompressed tarball (PGlite's dumpDataDir), taken between two requests. The
   * caller holds the pool's one connection meanwhile, so no transaction is open across it, and compresses
   * it after letting go (db/client.ts): every statement waits while the worker builds the tar.
   */
  dumpDataDir(): Promise<Uint8Array> {
    return this.#request('dump');
  }

  /** Calls back once if the worker fails or stops, so that open connections end with the error. */
  onFailure(listener: (error: PgliteWorkerError) => void): () => void {
    this.#onFailure.add(listener);
    return () => this.#onFailure.delete(listener);
  }

  /** Closes PGlite (its files written and released) and ends the thread. Safe to call more than once. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      if (this.#failure) return;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, CLOSE_TIMEOUT_MS);
      });
      try {
        await Promise.race([this.#request('close'), timeout]);
      } finally {
        clearTimeout(timer);
        // PGlite has closed its files (or hung): nothing in the thread is worth waiting for.
        await this.#worker.terminate();
      }
    })();
    return this.#closing;
  }

  /**
   * Ends the thread at once, without closing PGlite (as a crash would): pending and later requests fail
   * with a PgliteWorkerError and open connections end with it.
   */
  async terminate(): Promise<void> {
    await this.#worker.terminate();
  }

  #request(op: 'startup' | 'exec' | 'dump' | 'close', bytes?: Uint8Array): Promise<Uint8Array> {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#nextId++;
    return new Promise<Uint8Array>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ id, op, bytes });
    });
  }

  #settle(reply: TReply): void {
    const pending = this.#pending.get(reply.id);
    if (!pending) return;
    this.#pending.delete(reply.id);
    if (reply.bytes) pending.resolve(reply.bytes);
    else pending.reject(new PgliteWorkerError(`PGlite failed: ${reply.error}`));
  }

  #fail(error: PgliteWorkerError): void {
    if (this.#failure) return;
    // After close() the exit is expected: later requests fail, but nobody is told of a failure.
    this.#failure = this.#closing ? new PgliteWorkerError('PGlite is closed') : error;
    for (const pending of this.#pending.values()) pending.reject(this.#failure);
    this.#pending.clear();
    if (!this.#closing) for (const listener of this.#onFailure) listener(error);
    this.#onFailure.clear();
  }
}
