import { normalizeEpc } from './epc';

/**
 * The job envelope's label for a Zebra RFID printer (ZD621R, ZT411R; issue 37 §4): ZPL that prints the job's
 * number, customer and a QR code, and encodes the job's EPC into the label's UHF tag as it prints, so printing
 * the envelope also writes its tag. Zebra's RFID Programming Guide: `^RFo,f,b,n,m` writes (o = W) hex data
 * (f = H) from word b for n bytes of Gen2 memory bank m (1 = EPC, whose words 0 and 1 are CRC and PC). The
 * PC word's top five bits are the EPC's length in words, so it is written first, then the EPC from word 2.
 */

/** Gen2 EPCs the printer writes: 16 to 496 bits (1 to 31 words, the PC word's length field). */
const MAX_EPC_WORDS = 31;
/** Dots per mm of the ZD621R / ZT411R at 203 dpi. */
const DOTS_PER_MM = 8;

export type TZebraEnvelopeLabel = {
  readonly number: string;
  readonly customerName: string;
  /** The job's EPC, any reader spelling; null prints the label without encoding a tag. */
  readonly epc: string | null;
  /** What the QR code holds (the job ticket's value). */
  readonly qrValue: string;
  /** Label size in millimetres; 100 × 50 mm by default. */
  readonly widthMm?: number;
  readonly heightMm?: number;
};

/** The PC word for an EPC of `words` 16-bit words: length in bits 15–11, UMI, XI and numbering system 0. */
export function pcWordFor(words: number): string {
  return ((words << 11) & 0xffff).toString(16).toUpperCase().padStart(4, '0');
}

/** ZPL's field data cannot hold ^ or ~ (command prefixes); they become spaces, and the text is cut to fit. */
function fieldText(text: string, max: number): string {
  return text.replace(/[\^~]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, max);
}

/** The RFID write of an EPC: the PC word with its length, then the EPC itself, both as hex. */
export function zplEpcWrite(rawEpc: string): string {
  const parsed = normalizeEpc(rawEpc);
  if (!parsed.ok) throw new Error(`not an EPC: ${parsed.reason}`);
  const words = parsed.epc.length / 4;
  if (words > MAX_EPC_WORDS) throw new Error(`an EPC of ${words} words is longer than Gen2 allows`);
  const bytes = words * 2;
  return [`^RFW,H,1,2,1^FD${pcWordFor(words)}^FS`, `^RFW,H,2,${bytes},1^FD${parsed.epc}^FS`].join('\n');
}

/** The whole label: one format (^XA … ^XZ), UTF-8 text (^CI28), the tag written before the label prints. */
export function zebraEnvelopeZpl(label: TZebraEnvelopeLabel): string {
  const width = Math.round((label.widthMm ?? 100) * DOTS_PER_MM);
  const height = Math.round((label.heightMm ?? 50) * DOTS_PER_MM);
  const lines = [
    '^XA',
    '^CI28',
    `^PW${width}`,
    `^LL${height}`,
    ...(label.epc === null ? [] : [zplEpcWrite(label.epc)]),
    `^FO24,24^A0N,56,56^FD${fieldText(label.number, 30)}^FS`,
    `^FO24,96^A0N,32,32^FD${fieldText(label.customerName, 40)}^FS`,
    `^FO24,140^A0N,22,22^FD${label.epc === null ? 'No tag' : `EPC ${fieldText(label.epc, 64)}`}^FS`,
    `^FO${Math.max(24, width - 200)},24^BQN,2,5^FDMA,${fieldText(label.qrValue, 300)}^FS`,
    '^PQ1',
    '^XZ',
  ];
  return `${lines.join('\n')}\n`;
}
