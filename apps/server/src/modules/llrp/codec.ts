import llrpjs from 'llrpjs/dist/src/index.js';

/** Every LLRP message starts with 10 bytes: version and type, length (header included), message id. */
export const LLRP_HEADER_BYTES = 10;
/** Larger than any report a reader sends in one message; a length beyond it means the stream is garbage. */
export const LLRP_MAX_MESSAGE_BYTES = 4 * 1024 * 1024;
/** LLRP 1.0.1 is version 1, LLRP 1.1 version 2; this codec speaks 1.0.1, which 1.1 readers accept. */
const LLRP_VERSIONS = new Set([1, 2]);

export type TLlrpData = Record<string, unknown>;
export type TLlrpMessage = { readonly type: string; readonly id: number; readonly data: TLlrpData };

/** Bytes that cannot be LLRP: the stream is not worth reading on (framing is lost). */
export class LlrpFramingError extends Error {
  override readonly name = 'LlrpFramingError';
}

/** One message that could not be decoded; the stream is still in step, so reading goes on. */
export class LlrpDecodeError extends Error {
  override readonly name = 'LlrpDecodeError';
}

export function encodeLlrp(type: string, id: number, data: TLlrpData = {}): Buffer {
  const MessageClass = llrpjs.LLRPCore[type];
  if (MessageClass === undefined) throw new Error(`${type} is not an LLRP message`);
  return new MessageClass({ id, data }).encode().getBuffer();
}

/** The type number of a frame, for the log of one that could not be decoded. */
export function llrpTypeOf(frame: Buffer): number {
  return frame.readUInt16BE(0) & 0x3ff;
}

export function decodeLlrp(frame: Buffer): TLlrpMessage {
  try {
    const decoded = new llrpjs.LLRPMessage(frame).decode().toLLRPData();
    const data = typeof decoded.data === 'object' && decoded.data !== null ? (decoded.data as TLlrpData) : {};
    return { type: decoded.type, id: decoded.id, data };
  } catch (error) {
    throw new LlrpDecodeError(`message type ${llrpTypeOf(frame)}: ${(error as Error).message}`);
  }
}

/** Splits a TCP stream into LLRP frames, however the bytes arrive (several messages a chunk, or split). */
export function createFrameReader() {
  let pending: Buffer = Buffer.alloc(0);
  return {
    push(chunk: Buffer): Buffer[] {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      const frames: Buffer[] = [];
      while (pending.length >= LLRP_HEADER_BYTES) {
        const version = (pending.readUInt16BE(0) >> 10) & 0x7;
        const length = pending.readUInt32BE(2);
        if (!LLRP_VERSIONS.has(version) || length < LLRP_HEADER_BYTES || length > LLRP_MAX_MESSAGE_BYTES) {
          pending = Buffer.alloc(0);
          throw new LlrpFramingError(`not an LLRP message header (version ${version}, length ${length})`);
        }
        if (pending.length < length) break;
        frames.push(pending.subarray(0, length));
        pending = pending.subarray(length);
      }
      return frames;
    },
  };
}

/** A list field of a decoded message: llrpjs gives one element as an object and several as an array. */
export function listOf(value: unknown): TLlrpData[] {
  if (Array.isArray(value))
    return value.filter((item): item is TLlrpData => typeof item === 'object' && item !== null);
  return typeof value === 'object' && value !== null ? [value as TLlrpData] : [];
}

/** A sub-parameter of a decoded parameter, or an empty one. */
export function paramOf(parent: TLlrpData | undefined, name: string): TLlrpData {
  const value = parent?.[name];
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as TLlrpData) : {};
}

/** LLRPStatus of a response: null when it succeeded, else what the reader said. */
export function llrpFailure(message: TLlrpMessage): string | null {
  const status = paramOf(message.data, 'LLRPStatus');
  if (status.StatusCode === undefined || status.StatusCode === 'M_Success') return null;
  const description = typeof status.ErrorDescription === 'string' ? status.ErrorDescription : '';
  return `${String(status.StatusCode)}${description ? `: ${description}` : ''}`;
}
