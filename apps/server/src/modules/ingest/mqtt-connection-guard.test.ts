import { Duplex } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { MqttConnectionGuard, type TMqttGuardRefusal } from './mqtt-connection-guard.ts';

/** A socket whose incoming bytes the test pushes. */
function fakeSocket() {
  return new Duplex({
    read() {},
    write(_chunk, _encoding, callback) {
      callback();
    },
  });
}

/** A PUBLISH QoS 0 packet (fixed header, topic, payload) with a one-byte remaining length. */
function publish(payload: string): Buffer {
  const topic = Buffer.from('t/x');
  const body = Buffer.concat([Buffer.from([0, topic.length]), topic, Buffer.from(payload)]);
  return Buffer.concat([Buffer.from([0x30, body.length]), body]);
}
const PINGREQ = Buffer.from([0xc0, 0x00]);

function guarded(limits: { maxPacketBytes: number; maxInFlight: number }) {
  const socket = fakeSocket();
  const refusals: TMqttGuardRefusal[] = [];
  const guard = new MqttConnectionGuard({ socket, limits, onRefused: (refusal) => refusals.push(refusal) });
  const received: Buffer[] = [];
  guard.on('data', (chunk: Buffer) => received.push(chunk));
  const closed = new Promise<void>((resolve) => guard.once('close', () => resolve()));
  const tick = () => new Promise((resolve) => setImmediate(resolve));
  return { socket, guard, refusals, closed, tick, bytes: () => Buffer.concat(received) };
}

describe('MqttConnectionGuard', () => {
  it('passes every byte through in order, whatever the chunks', async () => {
    const { socket, bytes, tick, refusals } = guarded({ maxPacketBytes: 1024, maxInFlight: 10 });
    const stream = Buffer.concat([publish('one'), PINGREQ, publish('two')]);
    for (const byte of stream) socket.push(Buffer.from([byte]));
    await tick();
    expect(bytes()).toEqual(stream);
    expect(refusals).toEqual([]);
  });

  it('refuses a packet over the limit as soon as its length is read, split over chunks', async () => {
    const { socket, guard, refusals, closed } = guarded({ maxPacketBytes: 1_048_576, maxInFlight: 10 });
    // Remaining length 2 MiB = 0x80 0x80 0x80 0x01; nothing of the payload is sent.
    socket.push(Buffer.from([0x30, 0x80, 0x80]));
    socket.push(Buffer.from([0x80, 0x01]));
    await closed;
    expect(refusals).toEqual([{ kind: 'packet-too-large', bytes: 2_097_152, limit: 1_048_576 }]);
    expect(guard.destroyed).toBe(true);
    expect(socket.destroyed).toBe(true);
  });

  it('refuses a remaining length longer than four bytes', async () => {
    // The largest MQTT allows, so only the fifth length byte can be what is wrong.
    const { socket, refusals, closed } = guarded({ maxPacketBytes: 268_435_455, maxInFlight: 10 });
    socket.push(Buffer.from([0x30, 0xff, 0xff, 0xff, 0xff, 0x7f]));
    await closed;
    expect(refusals).toEqual([{ kind: 'malformed-length' }]);
  });

  it('ends once the socket has ended and everything held was handed over, and only once', async () => {
    const { socket, guard, bytes, tick } = guarded({ maxPacketBytes: 1024, maxInFlight: 1 });
    const errors: unknown[] = [];
    guard.on('error', (error) => errors.push(error));
    const ended = new Promise<void>((resolve) => guard.once('end', () => resolve()));
    const [first, second] = [publish('1'), publish('2')];
    socket.push(Buffer.concat([first, second]));
    socket.push(null);
    await tick();
    expect(bytes()).toEqual(first);
    guard.settled();
    await ended;
    expect(bytes()).toEqual(Buffer.concat([first, second]));
    guard.settled();
    guard.read();
    await tick();
    expect(errors).toEqual([]);
  });

  it('holds publishes beyond the window, and whatever follows them, until one is settled', async () => {
    const { socket, guard, bytes, tick } = guarded({ maxPacketBytes: 1024, maxInFlight: 2 });
    const [first, second, third] = [publish('1'), publish('2'), publish('3')];
    socket.push(Buffer.concat([first, second, third, PINGREQ]));
    await tick();
    expect(bytes()).toEqual(Buffer.concat([first, second]));
    expect(guard.inFlight).toBe(2);
    expect(socket.isPaused()).toBe(true);

    guard.settled();
    await tick();
    expect(bytes()).toEqual(Buffer.concat([first, second, third, PINGREQ]));
    expect(guard.inFlight).toBe(2);
    expect(socket.isPaused()).toBe(false);
  });
});
