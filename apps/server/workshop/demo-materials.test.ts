import { inflateSync } from 'node:zlib';
import { ZSignatureImageSchema } from '@loupe/domain/jobs/materials';
import { describe, expect, it } from 'vitest';
import { demoSignaturePng } from './demo-materials.ts';

describe('the demo customers’ signatures', () => {
  it('are PNGs the signature rule accepts, with ink on white, each its own', () => {
    const image = demoSignaturePng(1);
    expect(ZSignatureImageSchema.safeParse(image).success).toBe(true);
    const png = Buffer.from(image.split(',')[1] ?? '', 'base64');
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([240, 60]);
    const idatLength = png.readUInt32BE(33);
    expect(png.subarray(37, 41).toString('ascii')).toBe('IDAT');
    const pixels = inflateSync(png.subarray(41, 41 + idatLength));
    expect(pixels.length).toBe(241 * 60);
    const inked = [...pixels].filter((value, index) => index % 241 !== 0 && value === 0).length;
    expect(inked).toBeGreaterThan(200);
    expect(inked).toBeLessThan(241 * 60 * 0.5);
    expect(demoSignaturePng(2)).not.toBe(image);
  });
});
