import { describe, expect, it } from 'vitest';
import { cadExtensionOf, looksLikeCad } from './design-files';

const text = (value: string) => Uint8Array.from(value, (character) => character.charCodeAt(0));

function binaryStl(triangles: number): Uint8Array {
  const bytes = new Uint8Array(84 + triangles * 50);
  new DataView(bytes.buffer).setUint32(80, triangles, true);
  return bytes;
}

describe('CAD files', () => {
  it.each([
    ['ring.STL', 'stl'],
    ['band.3dm', '3dm'],
    ['halo.step', 'step'],
    ['halo.obj', 'obj'],
    ['render.png', null],
    ['stl', null],
  ])('reads the type of %s from its extension', (name, extension) => {
    expect(cadExtensionOf(name)).toBe(extension);
  });

  it('takes a file whose bytes fit its extension', () => {
    expect(looksLikeCad('stl', text('solid ring\n facet normal 0 0 1'), 40)).toBe(true);
    const stl = binaryStl(3);
    expect(looksLikeCad('stl', stl.subarray(0, 512), stl.length)).toBe(true);
    expect(looksLikeCad('3dm', text('3D Geometry File Format        5'), 2000)).toBe(true);
    expect(looksLikeCad('step', text('ISO-10303-21;\nHEADER;'), 2000)).toBe(true);
    expect(looksLikeCad('obj', text('# Rhino\nv 0 0 0\nv 1 0 0\nf 1 2 3\n'), 40)).toBe(true);
  });

  it('refuses a file that only carries the extension', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Uint8Array(100)]);
    expect(looksLikeCad('stl', png, png.length)).toBe(false);
    // A binary STL whose size does not match its triangle count is cut off or not an STL.
    expect(looksLikeCad('stl', binaryStl(3), 84 + 3 * 50 + 7)).toBe(false);
    expect(looksLikeCad('3dm', text('%PDF-1.7'), 100)).toBe(false);
    expect(looksLikeCad('obj', png, png.length)).toBe(false);
    expect(looksLikeCad('obj', text('just some words'), 15)).toBe(false);
  });
});
