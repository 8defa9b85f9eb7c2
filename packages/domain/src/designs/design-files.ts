/**
 * CAD files of a design revision (issue 17 §1): kept with their type and size, offered for download. The type
 * comes from the name's extension and must agree with the bytes, as images are checked by their magic bytes.
 */
export const CAD_CONTENT_TYPES = {
  stl: 'model/stl',
  obj: 'model/obj',
  '3dm': 'model/vnd.3dm',
  step: 'model/step',
  stp: 'model/step',
} as const;
export type TCadExtension = keyof typeof CAD_CONTENT_TYPES;
export type TCadContentType = (typeof CAD_CONTENT_TYPES)[TCadExtension];

/** A ring's CAD model is a few MB; a detailed scan tens. */
export const CAD_MAX_BYTES = 50 * 1024 * 1024;
/** How much of the start of a file the check reads. */
export const CAD_SNIFF_BYTES = 512;
/** What the file picker offers. */
export const CAD_ACCEPT = Object.keys(CAD_CONTENT_TYPES)
  .map((extension) => `.${extension}`)
  .join(',');

export function cadExtensionOf(fileName: string): TCadExtension | null {
  const dot = fileName.lastIndexOf('.');
  if (dot <= 0) return null;
  const extension = fileName.slice(dot + 1).toLowerCase();
  return Object.hasOwn(CAD_CONTENT_TYPES, extension) ? (extension as TCadExtension) : null;
}

export function isCadContentType(contentType: string): boolean {
  return (Object.values(CAD_CONTENT_TYPES) as string[]).includes(contentType);
}

const ascii = (head: Uint8Array, length: number) => String.fromCharCode(...head.subarray(0, length));
const isText = (head: Uint8Array) =>
  head.every((byte) => byte === 9 || byte === 10 || byte === 13 || byte >= 32);

/**
 * Whether the start of a file (`head`, up to CAD_SNIFF_BYTES) and its full size fit its extension: STL text
 * (`solid`) or binary (80-byte header, a triangle count and 50 bytes a triangle), Rhino's 3DM header, STEP's
 * ISO-10303-21 header, OBJ text with vertex or face lines.
 */
export function looksLikeCad(extension: TCadExtension, head: Uint8Array, sizeBytes: number): boolean {
  switch (extension) {
    case 'stl': {
      if (ascii(head, 5).toLowerCase() === 'solid' && isText(head)) return true;
      if (head.length < 84) return false;
      const triangles = new DataView(head.buffer, head.byteOffset + 80, 4).getUint32(0, true);
      return triangles > 0 && sizeBytes === 84 + triangles * 50;
    }
    case '3dm':
      return ascii(head, 24) === '3D Geometry File Format ';
    case 'step':
    case 'stp':
      return ascii(head, 13) === 'ISO-10303-21;';
    case 'obj':
      return isText(head) && /^(v|vt|vn|f|o|g|mtllib|usemtl)\s/m.test(ascii(head, head.length));
  }
}
