import { deflateSync } from 'node:zlib';
import type { LoupeClient } from './loupe-client.ts';
import type { TWorkshop } from './seed-workshop.ts';

/** How many of the demo's repairs come with the customer's own materials. */
export const DEMO_MATERIAL_REPAIRS = 3;

const WIDTH = 240;
const HEIGHT = 60;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A customer's "signature" for the demo: a looping pen stroke drawn into a small black-on-white PNG (the web's
 * pad sends the same kind of image), varied by `seed` so no two customers sign alike.
 */
export function demoSignaturePng(seed: number): string {
  const pixels = Buffer.alloc((WIDTH + 1) * HEIGHT, 0xff);
  for (let row = 0; row < HEIGHT; row += 1) pixels[row * (WIDTH + 1)] = 0; // filter byte: none
  const ink = (x: number, y: number) => {
    for (let dx = 0; dx < 2; dx += 1) {
      for (let dy = 0; dy < 2; dy += 1) {
        const px = Math.round(x) + dx;
        const py = Math.round(y) + dy;
        if (px >= 0 && px < WIDTH && py >= 0 && py < HEIGHT) pixels[py * (WIDTH + 1) + 1 + px] = 0;
      }
    }
  };
  for (let t = 0; t < 1; t += 0.0005) {
    const x = 12 + t * (WIDTH - 24) + 9 * Math.sin(t * 40 + seed);
    const y = HEIGHT / 2 + 14 * Math.sin(t * (9 + seed)) * Math.cos(t * 23);
    ink(x, y);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(WIDTH, 0);
  header.writeUInt32BE(HEIGHT, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}

const diamond = {
  kind: 'stone',
  description: 'Diamond (customer’s own)',
  count: 1,
  weightMilli: 1_010,
  stone: { shape: 'round', sizeMm: '6.4', colour: 'G', clarity: 'VS1', setting: 'set' },
};
const chain = {
  kind: 'metal',
  description: 'Curb chain, 45 cm',
  count: 0,
  weightMilli: 12_450,
  metal: { alloy: '18k yellow' },
};
const sapphires = {
  kind: 'stone',
  description: 'Sapphire side stones',
  count: 2,
  weightMilli: 240,
  stone: { shape: 'oval', sizeMm: '4 × 3', colour: 'blue', clarity: '', setting: 'loose' },
};

/**
 * The job envelope (issue 37 §4): a few repairs came in with the customer's materials — a diamond left for a
 * re-set, a gold chain weighed in, loose sapphires — signed for at the counter; the first diamond is at a bench.
 */
export async function seedDemoMaterials(admin: LoupeClient, workshop: TWorkshop): Promise<string[]> {
  const repairs = workshop.items.filter((item) => item.kind === 'repair').slice(0, DEMO_MATERIAL_REPAIRS);
  const sets = [[diamond, chain], [chain], [diamond, sapphires]];
  const numbers: string[] = [];
  for (const [index, repair] of repairs.entries()) {
    const taken = await admin.data<{ lines: { id: string; kind: string }[] }>(
      'POST',
      `/materials/jobs/repair/${repair.id}/intake`,
      {
        lines: sets[index % sets.length],
        signature: { signerName: 'Customer', image: demoSignaturePng(index + 1) },
      },
    );
    const stone = taken.lines.find((line) => line.kind === 'stone');
    if (index === 0 && stone) {
      await admin.request('POST', `/materials/lines/${stone.id}/movements`, {
        type: 'issued',
        count: 1,
        weightMilli: null,
        holder: 'Bench 2 — Hannah Okafor',
        note: 'Re-set in the new head',
      });
    }
    numbers.push(repair.number);
  }
  return numbers;
}
