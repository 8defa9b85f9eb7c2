import { Duplex } from 'node:stream';
import type { PgliteWorker } from './pglite-worker.ts';

// Frontend messages after which the backend answers (the ends of a request): Sync, simple Query, Flush,
// CopyDone, CopyFail. Everything else (Parse, Bind, Describe, Execute, Close, CopyData) waits for one.
const ANSWERED_AFTER = new Set(['S', 'Q', 'H', 'c', 'f'].map((letter) => letter.charCodeAt(0)));
const TERMINATE = 'X'.charCodeAt(0);
// The one untyped request besides the startup message node-postgres may send; PGlite has no TLS.
const SSL_REQUEST_CODE = 80_877_103;

/**
 * A connection to PGlite's worker for node-postgres (`new pg.Pool({ stream })`), in place of a socket:
 * it cuts the bytes node-postgres writes into protocol messages, hands them to the worker a request at a
 * time and pushes the answers back as if they came from a server. Terminate ends the stream, not PGlite:
 * the worker resets its one session when the next connection starts up.
 */
export class PgliteWireStream extends Duplex {
  readonly #worker: PgliteWorker;
  #buffered: Buffer = Buffer.alloc(0);
  #pendingMessages: Buffer[] = [];
  #hasStarted = false;
  #hasEnded = false;
  #stopListening: () => void = () => undefined;

  constructor(worker: PgliteWorker) {
    super();
    this.#worker = worker;
  }

  // node-postgres treats the stream as a net.Socket: it connects it and sets socket options.
  connect(): this {
    const failure = this.#worker.failure;
    process.nextTick(() => {
      if (failure) this.destroy(failure);
      else this.emit('connect');
    });
    this.#stopListening = this.#worker.onFailure((error) => this.destroy(error));
    return this;
  }
  setNoDelay(): this {
    return this;
  }
  setKeepAlive(): this {
    return this;
  }
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }

  override _read(): void {
    // Answers are pushed as they come from the worker.
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.#buffered = this.#buffered.length === 0 ? chunk : Buffer.concat([this.#buffered, chunk]);
    try {
      this.#frame();
      callback();
    } catch (error) {
      callback(error as Error);
    }
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.#end();
    callback();
  }

  #end(): void {
    this.#hasEnded = true;
    this.push(null);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.#stopListening();
    callback(error);
  }

  #frame(): void {
    let offset = 0;
    const data = this.#buffered;
    while (true) {
      if (!this.#hasStarted) {
        // The startup message: a length and a protocol code, no type byte.
        if (data.length - offset < 8) break;
        const length = data.readInt32BE(offset);
        if (data.length - offset < length) break;
        const message = data.subarray(offset, offset + length);
        offset += length;
        if (message.readInt32BE(4) === SSL_REQUEST_CODE) {
          this.push(Buffer.from('N'));
          continue;
        }
        this.#hasStarted = true;
        this.#send(message, true);
        continue;
      }
      if (data.length - offset < 5) break;
      const type = data[offset] as number;
      const length = 1 + data.readInt32BE(offset + 1);
      if (data.length - offset < length) break;
      const message = data.subarray(offset, offset + length);
      offset += length;
      if (type === TERMINATE) {
        this.#pendingMessages = [];
        this.#end();
        continue;
      }
      this.#pendingMessages.push(message);
      if (ANSWERED_AFTER.has(type)) {
        const request = Buffer.concat(this.#pendingMessages);
        this.#pendingMessages = [];
        this.#send(request, false);
      }
    }
    this.#buffered = offset === data.length ? Buffer.alloc(0) : Buffer.from(data.subarray(offset));
  }

  #send(request: Buffer, startup: boolean): void {
    // A copy of its own: node-postgres may reuse the buffers it wrote, and the worker receives a copy anyway.
    this.#worker.exec(new Uint8Array(request), { startup }).then(
      (answer) => {
        if (!this.destroyed && !this.#hasEnded && answer.byteLength > 0)
          this.push(Buffer.from(answer.buffer, answer.byteOffset, answer.byteLength));
      },
      (error: Error) => this.destroy(error),
    );
  }
}
