import net from 'node:net';
import tls from 'node:tls';
import {
  createFrameReader,
  decodeLlrp,
  encodeLlrp,
  type LlrpDecodeError,
  llrpFailure,
  type TLlrpData,
  type TLlrpMessage,
} from './codec.ts';

/** Why talking to an LLRP reader failed: nobody answered at that address, or it did not speak LLRP. */
export class LlrpError extends Error {
  override readonly name = 'LlrpError';
  constructor(
    readonly kind: 'unreachable' | 'protocol',
    message: string,
  ) {
    super(message);
  }
}

export type TLlrpConnectOptions = {
  readonly host: string;
  readonly port: number;
  readonly useTls: boolean;
  /** How long the TCP (and TLS) connection may take. */
  readonly connectTimeoutMs: number;
  /** Every message that is not the answer to a request of ours: reports, events, keepalives. */
  readonly onMessage: (message: TLlrpMessage) => void;
  /** A message that could not be decoded: logged by the caller; the stream goes on. */
  readonly onBadMessage: (error: Error) => void;
};

export type TLlrpConnection = {
  /** Sends a request and waits for its answer (matched by message id); a failed LLRPStatus rejects. */
  transact(type: string, data: TLlrpData, timeoutMs: number): Promise<TLlrpMessage>;
  send(type: string, data?: TLlrpData, id?: number): void;
  /** Resolves when the connection is gone, with why (null when we closed it). */
  readonly closed: Promise<Error | null>;
  close(): void;
};

type TPending = {
  readonly type: string;
  readonly resolve: (message: TLlrpMessage) => void;
  readonly reject: (error: Error) => void;
  readonly timer: NodeJS.Timeout;
};

/** The answer of each request Loupe sends. */
function responseTypeOf(type: string): string {
  return `${type}_RESPONSE`;
}

/**
 * A client connection to an LLRP reader over TCP or TLS (LLRP 1.0.1 §18: port 5084, 5085 with TLS). The
 * transport is Loupe's: framing, answers matched by message id, timeouts (docs/decisions/023-llrp-connector.md).
 */
export function connectLlrp(options: TLlrpConnectOptions): Promise<TLlrpConnection> {
  const where = `${options.host}:${options.port}`;
  return new Promise((resolveConnect, rejectConnect) => {
    // Readers ship self-signed certificates: TLS keeps the reads private on the network, it does not
    // prove which reader answers (docs/security.md).
    const socket = options.useTls
      ? tls.connect({ host: options.host, port: options.port, rejectUnauthorized: false })
      : net.connect({ host: options.host, port: options.port });
    socket.setNoDelay(true);
    const frames = createFrameReader();
    const pending = new Map<number, TPending>();
    let nextId = 1;
    let isOpen = false;
    let closeReason: Error | null = null;
    let resolveClosed: (reason: Error | null) => void = () => undefined;
    const closed = new Promise<Error | null>((resolve) => {
      resolveClosed = resolve;
    });

    const connectTimer = setTimeout(() => {
      socket.destroy(
        new LlrpError('unreachable', `No answer from ${where} within ${options.connectTimeoutMs} ms.`),
      );
    }, options.connectTimeoutMs);

    function failAll(error: Error): void {
      for (const [id, request] of pending) {
        clearTimeout(request.timer);
        request.reject(error);
        pending.delete(id);
      }
    }

    function onFrame(frame: Buffer): void {
      let message: TLlrpMessage;
      try {
        message = decodeLlrp(frame);
      } catch (error) {
        options.onBadMessage(error as LlrpDecodeError);
        return;
      }
      const request = pending.get(message.id);
      if (request && (message.type === responseTypeOf(request.type) || message.type === 'ERROR_MESSAGE')) {
        pending.delete(message.id);
        clearTimeout(request.timer);
        const failure = llrpFailure(message);
        if (message.type === 'ERROR_MESSAGE' || failure !== null) {
          request.reject(new LlrpError('protocol', `${request.type} failed: ${failure ?? 'ERROR_MESSAGE'}`));
        } else {
          request.resolve(message);
        }
        return;
      }
      options.onMessage(message);
    }

    socket.on(options.useTls ? 'secureConnect' : 'connect', () => {
      clearTimeout(connectTimer);
      isOpen = true;
      resolveConnect(connection);
    });
    socket.on('data', (chunk: Buffer) => {
      let ready: Buffer[];
      try {
        ready = frames.push(chunk);
      } catch (error) {
        // The stream is out of step: nothing after this can be trusted, so start again.
        socket.destroy(
          new LlrpError('protocol', `${where} sent bytes that are not LLRP: ${(error as Error).message}`),
        );
        return;
      }
      for (const frame of ready) onFrame(frame);
    });
    socket.on('error', (error) => {
      closeReason ??=
        error instanceof LlrpError ? error : new LlrpError('unreachable', `${where}: ${error.message}`);
    });
    socket.on('close', () => {
      clearTimeout(connectTimer);
      const reason =
        closeReason ?? (isOpen ? null : new LlrpError('unreachable', `${where} closed the connection.`));
      failAll(reason ?? new LlrpError('unreachable', `The connection to ${where} closed.`));
      if (!isOpen) rejectConnect(reason);
      isOpen = false;
      resolveClosed(reason);
    });

    const connection: TLlrpConnection = {
      transact(type, data, timeoutMs) {
        if (!isOpen) return Promise.reject(new LlrpError('unreachable', `Not connected to ${where}.`));
        const id = nextId++;
        return new Promise<TLlrpMessage>((resolve, reject) => {
          const timer = setTimeout(() => {
            pending.delete(id);
            reject(new LlrpError('protocol', `${where} did not answer ${type} within ${timeoutMs} ms.`));
          }, timeoutMs);
          pending.set(id, { type, resolve, reject, timer });
          socket.write(encodeLlrp(type, id, data));
        });
      },
      send(type, data = {}, id = nextId++) {
        if (isOpen) socket.write(encodeLlrp(type, id, data));
      },
      closed,
      close() {
        closeReason ??= null;
        socket.destroy();
      },
    };
  });
}
