import { Duplex } from 'node:stream';

/** The limits one reader connection is held to (MQTT_MAX_PACKET_BYTES, MQTT_MAX_INFLIGHT_PER_READER). */
export type TMqttConnectionLimits = {
  /** Largest remaining length (variable header + payload) of any packet, in bytes. */
  readonly maxPacketBytes: number;
  /** Publishes handed to the broker and not yet settled (recorded or refused) before reading stops. */
  readonly maxInFlight: number;
};

/** Why a connection was closed by its guard. */
export type TMqttGuardRefusal =
  | { readonly kind: 'packet-too-large'; readonly bytes: number; readonly limit: number }
  | { readonly kind: 'malformed-length' };

/** The MQTT fixed header's packet type of PUBLISH (MQTT 3.1.1 §2.2.1). */
const PUBLISH = 3;
/** A remaining length takes at most four bytes (MQTT 3.1.1 §2.2.3). */
const MAX_LENGTH_BYTES = 4;

type TPhase =
  | { readonly kind: 'header' }
  | { kind: 'length'; value: number; multiplier: number; bytes: number }
  | { kind: 'body'; remaining: number };

const AT_HEADER: TPhase = { kind: 'header' };
const EMPTY = Buffer.alloc(0);

/**
 * What the embedded broker reads instead of the raw socket: the same bytes, in order, but
 *
 * - a packet whose remaining length exceeds `maxPacketBytes` closes the connection as soon as its length
 *   is read, so a 100 MB publish costs a few bytes of memory, not 100 MB (Aedes's parser would buffer the
 *   whole packet before anyone could look at it);
 * - once `maxInFlight` publishes have been handed over and not yet settled (`settled()`), nothing more is
 *   handed over and the socket is paused: the reader's further packets wait in the kernel and TCP slows it
 *   down. Aedes reads again on every readable event whatever it still has in flight, so without this a
 *   flooding reader would pile up unbounded work.
 *
 * Memory per connection is bounded by one socket chunk plus the stream buffers, whatever the reader sends.
 */
export class MqttConnectionGuard extends Duplex {
  /** The reader this connection authenticated as, once it has (for logs and /rfid-mapping). */
  readerId: string | undefined;

  readonly #socket: Duplex;
  readonly #limits: TMqttConnectionLimits;
  readonly #onRefused: (refusal: TMqttGuardRefusal, guard: MqttConnectionGuard) => void;
  #phase: TPhase = AT_HEADER;
  #pending: Buffer = EMPTY;
  #inFlight = 0;
  #isWaitingForSlot = false;
  #isWaitingForReader = false;
  #hasEnded = false;
  #hasPushedEnd = false;

  constructor(options: {
    readonly socket: Duplex;
    readonly limits: TMqttConnectionLimits;
    readonly onRefused: (refusal: TMqttGuardRefusal, guard: MqttConnectionGuard) => void;
  }) {
    super({ allowHalfOpen: false });
    this.#socket = options.socket;
    this.#limits = options.limits;
    this.#onRefused = options.onRefused;
    this.#socket.on('data', (chunk: Buffer) => {
      this.#pending = this.#pending.length === 0 ? chunk : Buffer.concat([this.#pending, chunk]);
      this.#forward();
    });
    this.#socket.on('end', () => {
      this.#hasEnded = true;
      this.#forward();
    });
    this.#socket.on('error', (error) => this.destroy(error));
    this.#socket.on('close', () => this.destroy());
  }

  /** Publishes handed over and not yet settled. */
  get inFlight(): number {
    return this.#inFlight;
  }

  /** One publish handed over was settled (recorded, or refused): a slot of the window is free again. */
  settled(): void {
    if (this.#inFlight > 0) this.#inFlight -= 1;
    if (this.#isWaitingForSlot) {
      this.#isWaitingForSlot = false;
      this.#forward();
    }
  }

  override _read(): void {
    if (!this.#isWaitingForReader) return;
    this.#isWaitingForReader = false;
    this.#forward();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.#socket.write(chunk, callback);
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.#socket.end();
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.#socket.destroy();
    callback(error);
  }

  /** Hands over every whole packet the window allows, keeps the rest, and pauses or resumes the socket. */
  #forward(): void {
    if (this.destroyed || this.#hasPushedEnd) return;
    const buffer = this.#pending;
    let offset = 0;
    while (offset < buffer.length) {
      const phase = this.#phase;
      if (phase.kind === 'body') {
        const taken = Math.min(phase.remaining, buffer.length - offset);
        offset += taken;
        phase.remaining -= taken;
        if (phase.remaining === 0) this.#phase = AT_HEADER;
        continue;
      }
      const byte = buffer[offset] ?? 0;
      if (phase.kind === 'header') {
        if (byte >> 4 === PUBLISH) {
          if (this.#inFlight >= this.#limits.maxInFlight) {
            this.#isWaitingForSlot = true;
            break;
          }
          this.#inFlight += 1;
        }
        offset += 1;
        this.#phase = { kind: 'length', value: 0, multiplier: 1, bytes: 0 };
        continue;
      }
      offset += 1;
      phase.value += (byte & 0x7f) * phase.multiplier;
      phase.multiplier *= 128;
      phase.bytes += 1;
      // The length is little-endian base 128: what is read so far is a lower bound, so refuse at once.
      if (phase.value > this.#limits.maxPacketBytes) {
        this.#refuse({ kind: 'packet-too-large', bytes: phase.value, limit: this.#limits.maxPacketBytes });
        return;
      }
      if ((byte & 0x80) !== 0) {
        if (phase.bytes === MAX_LENGTH_BYTES) {
          this.#refuse({ kind: 'malformed-length' });
          return;
        }
        continue;
      }
      this.#phase = phase.value === 0 ? AT_HEADER : { kind: 'body', remaining: phase.value };
    }
    this.#pending = offset === buffer.length ? EMPTY : buffer.subarray(offset);
    if (offset > 0 && !this.push(buffer.subarray(0, offset))) this.#isWaitingForReader = true;
    if (this.#hasEnded && this.#pending.length === 0) {
      this.#hasPushedEnd = true;
      this.push(null);
      return;
    }
    if (this.#isWaitingForSlot || this.#isWaitingForReader) this.#socket.pause();
    else this.#socket.resume();
  }

  #refuse(refusal: TMqttGuardRefusal): void {
    this.#pending = EMPTY;
    this.#onRefused(refusal, this);
    this.destroy();
  }
}
