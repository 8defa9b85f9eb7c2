import { describe, expect, it } from 'vitest';
import {
  createFrameReader,
  decodeLlrp,
  encodeLlrp,
  LlrpDecodeError,
  LlrpFramingError,
  llrpFailure,
} from './codec.ts';

const keepalive = (id: number) => encodeLlrp('KEEPALIVE', id);

describe('createFrameReader', () => {
  it('gives every message of a chunk that holds several, as readers send them', () => {
    const frames = createFrameReader().push(Buffer.concat([keepalive(1), keepalive(2), keepalive(3)]));
    expect(frames.map((frame) => decodeLlrp(frame).id)).toEqual([1, 2, 3]);
  });

  it('waits for the rest of a message split over chunks, byte by byte if need be', () => {
    const reader = createFrameReader();
    const bytes = Buffer.concat([keepalive(7), keepalive(8)]);
    const frames = [...bytes].flatMap((byte) => reader.push(Buffer.from([byte])));
    expect(frames.map((frame) => decodeLlrp(frame).id)).toEqual([7, 8]);
  });

  it.each([
    ['a web server’s answer', Buffer.from('HTTP/1.1 400 Bad Request\r\n\r\n')],
    ['a length shorter than the header', Buffer.from('0401000000040000000100', 'hex')],
    ['an LLRP version that does not exist', Buffer.from('1c3e0000000a00000001', 'hex')],
  ])('refuses %s as not LLRP', (_name, bytes) => {
    expect(() => createFrameReader().push(bytes)).toThrow(LlrpFramingError);
  });
});

describe('decodeLlrp', () => {
  it('refuses a well-framed message of a type LLRP does not have, naming the type', () => {
    expect(() =>
      decodeLlrp(Buffer.from('040100000011000000070000000000000000', 'hex').subarray(0, 17)),
    ).toThrow(LlrpDecodeError);
  });

  it('tells a failed answer by its LLRPStatus', () => {
    const failed = decodeLlrp(
      encodeLlrp('ADD_ROSPEC_RESPONSE', 4, {
        LLRPStatus: { StatusCode: 'M_FieldError', ErrorDescription: 'ROSpecID taken' },
      }),
    );
    expect(llrpFailure(failed)).toBe('M_FieldError: ROSpecID taken');
    const ok = decodeLlrp(
      encodeLlrp('ADD_ROSPEC_RESPONSE', 5, { LLRPStatus: { StatusCode: 'M_Success', ErrorDescription: '' } }),
    );
    expect(llrpFailure(ok)).toBeNull();
  });
});
