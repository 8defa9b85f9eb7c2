import { deflateSync } from 'node:zlib';

// A designer's render for the demo and the browser tests: a real PNG (the upload checks magic bytes), drawn
// here so no picture has to be kept in the repository.

/** CRC-32 of PNG chunks (the table-less bitwise form: a few lines, no dependency). */
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export type TRingColours = {
  readonly band: readonly [number, number, number];
  readonly stone: readonly [number, number, number];
};

export const YELLOW_GOLD_SAPPHIRE: TRingColours = { band: [212, 175, 55], stone: [40, 80, 200] };

/** A ring seen from the front on an off-white ground, `size` pixels square. */
export function ringRender(size = 160, colours: TRingColours = YELLOW_GOLD_SAPPHIRE): Buffer {
  const rows: Buffer[] = [];
  const centre = size / 2;
  for (let y = 0; y < size; y += 1) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x += 1) {
      const distance = Math.hypot(x - centre, y - centre);
      const isBand = distance > size * 0.28 && distance < size * 0.36;
      const isStone = Math.hypot(x - centre, y - size * 0.16) < size * 0.08;
      const colour = isStone ? colours.stone : isBand ? colours.band : ([250, 250, 247] as const);
      row.set(colour, 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
