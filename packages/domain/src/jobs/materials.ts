import { z } from 'zod';
import { isAllowed } from '../auth/permissions';
import type { TActor, TRole } from '../auth/roles';
import { lazySchema } from '../validation/lazy-schema';
import { ZJobKindSchema } from './job-views';

/**
 * The job envelope's materials (issue 37 §4): what the customer left at intake — items, stones, metal by
 * weight — and a ledger of where each line went since: issued to a bench, returned, used in the work, added,
 * and checked out at pickup. Weights are kept as integers in thousandths of their unit (milligrams for metal,
 * millicarats for stones) so that no balance is off by a float; grams are entered to 0.01 g, carats to 0.001 ct.
 */

export const MATERIAL_KINDS = ['stone', 'metal', 'item'] as const;
export const ZMaterialKindSchema = lazySchema(() => z.enum(MATERIAL_KINDS));
export type TMaterialKind = z.infer<typeof ZMaterialKindSchema>;

export const STONE_SETTINGS = ['loose', 'set'] as const;
export const ZStoneSettingSchema = lazySchema(() => z.enum(STONE_SETTINGS));

export const STONE_SHAPES = [
  'round',
  'oval',
  'cushion',
  'princess',
  'emerald',
  'pear',
  'marquise',
  'heart',
  'radiant',
  'asscher',
  'baguette',
  'cabochon',
  'other',
] as const;
export const ZStoneShapeSchema = lazySchema(() => z.enum(STONE_SHAPES));

/** Ledger entry types, in the order a job meets them. */
export const MATERIAL_ENTRY_TYPES = [
  'received',
  'added',
  'issued',
  'returned',
  'used',
  'checked_out',
  'shortfall',
] as const;
export const ZMaterialEntryTypeSchema = lazySchema(() => z.enum(MATERIAL_ENTRY_TYPES));
export type TMaterialEntryType = z.infer<typeof ZMaterialEntryTypeSchema>;

export const MATERIAL_ENTRY_LABELS: Record<TMaterialEntryType, string> = {
  received: 'Received at intake',
  added: 'Added',
  issued: 'Issued',
  returned: 'Returned',
  used: 'Used in the work',
  checked_out: 'Checked out at pickup',
  shortfall: 'Shortfall',
};

/** Grams to 0.01 g, carats to 0.001 ct (thousandths: mg and mct). */
const GRAM_STEP_MILLI = 10;
const CARAT_STEP_MILLI = 1;
const MAX_MILLI = 100_000_000;

/** The unit a line's weight is in: metal and items in grams, stones in carats. */
export const weightUnitOf = (kind: TMaterialKind): 'g' | 'ct' => (kind === 'stone' ? 'ct' : 'g');
/** The smallest weight a line takes: 0.001 ct for stones, 0.01 g otherwise (in thousandths). */
export const weightStepOf = (kind: TMaterialKind) => (kind === 'stone' ? CARAT_STEP_MILLI : GRAM_STEP_MILLI);

/** "12.45" g → 12450 mg; "0.252" ct → 252 mct. Null when it is not a number to that precision. */
export function parseWeight(kind: TMaterialKind, text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  const decimals = kind === 'stone' ? 3 : 2;
  if (!new RegExp(`^\\d{1,6}(\\.\\d{1,${decimals}})?$`).test(trimmed)) return null;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  return Number(whole) * 1000 + Number(fraction.padEnd(3, '0'));
}

/** 12450 mg → "12.45 g"; 252 mct → "0.252 ct". */
export function formatWeight(kind: TMaterialKind, milli: number): string {
  const decimals = kind === 'stone' ? 3 : 2;
  return `${(milli / 1000).toFixed(decimals)} ${weightUnitOf(kind)}`;
}

const ZWeightMilliSchema = lazySchema(() => z.number().int().min(0).max(MAX_MILLI));
const ZCountSchema = lazySchema(() => z.number().int().min(0).max(100_000));
const ZShortText = lazySchema(() => z.string().trim().max(120));

export const ZStoneDetailsSchema = lazySchema(() =>
  z.object({
    shape: ZStoneShapeSchema,
    /** Size as the jeweller measured it, e.g. "6.5 mm" or "6.5 × 4.2 mm"; empty when the carat says it. */
    sizeMm: ZShortText.default(''),
    colour: ZShortText.default(''),
    clarity: ZShortText.default(''),
    setting: ZStoneSettingSchema,
  }),
);
export type TStoneDetails = z.infer<typeof ZStoneDetailsSchema>;

export const ZMetalDetailsSchema = lazySchema(() =>
  z.object({
    /** Alloy or karat: "18k yellow", "Pt950", "925 silver". */
    alloy: ZShortText.unwrap().min(1),
  }),
);

/** A line of what the customer left, as the counter enters it. */
export const ZMaterialLineInputSchema = lazySchema(() =>
  z
    .object({
      kind: ZMaterialKindSchema,
      description: z.string().trim().min(1).max(300),
      /** Stones and items: how many; metal: 0. */
      count: ZCountSchema,
      /** Thousandths of a gram (metal, items) or of a carat (stones); null when not weighed. */
      weightMilli: ZWeightMilliSchema.nullable(),
      stone: ZStoneDetailsSchema.nullable().default(null),
      metal: ZMetalDetailsSchema.nullable().default(null),
    })
    .superRefine((line, context) => {
      const issue = lineIssue(line);
      if (issue !== null) context.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
    }),
);
export type TMaterialLineInput = z.input<typeof ZMaterialLineInputSchema>;
export type TMaterialLineValues = z.output<typeof ZMaterialLineInputSchema>;

/** What is wrong with a line, if anything: the rules each kind keeps. */
export function lineIssue(line: {
  kind: TMaterialKind;
  count: number;
  weightMilli: number | null;
  stone: TStoneDetails | null;
  metal: { alloy: string } | null;
}): { path: string; message: string } | null {
  if (line.weightMilli !== null && line.weightMilli % weightStepOf(line.kind) !== 0) {
    return {
      path: 'weightMilli',
      message: line.kind === 'stone' ? 'Carats are to 0.001 ct.' : 'Grams are to 0.01 g.',
    };
  }
  switch (line.kind) {
    case 'stone':
      if (line.count < 1) return { path: 'count', message: 'How many stones?' };
      if (line.stone === null) return { path: 'stone', message: 'A stone needs its shape and setting.' };
      return null;
    case 'metal':
      if (line.weightMilli === null || line.weightMilli <= 0) {
        return { path: 'weightMilli', message: 'Metal is taken in by its weight in grams.' };
      }
      if (line.metal === null) return { path: 'metal', message: 'Which alloy or karat?' };
      return null;
    case 'item':
      if (line.count < 1) return { path: 'count', message: 'How many pieces?' };
      return null;
    default: {
      const unknown: never = line.kind;
      throw new Error(`unknown material kind ${String(unknown)}`);
    }
  }
}

/** A movement of a line asked for: how much, to or from whom. */
export const ZMaterialMovementInputSchema = lazySchema(() =>
  z.object({
    type: z.enum(['issued', 'returned', 'used', 'added']),
    count: ZCountSchema,
    weightMilli: ZWeightMilliSchema.nullable(),
    /** The bench or person it went to or came back from (issued, returned, used). */
    holder: ZShortText.default(''),
    note: z.string().trim().max(500).default(''),
  }),
);
export type TMaterialMovementInput = z.input<typeof ZMaterialMovementInputSchema>;

/** The pickup check: each received line going out, and why anything is short. */
export const ZPickupLineSchema = lazySchema(() =>
  z.object({
    lineId: z.uuid(),
    count: ZCountSchema,
    weightMilli: ZWeightMilliSchema.nullable(),
    /** Required when less goes out than is on hand: what happened to the rest. */
    shortfallNote: z.string().trim().max(500).default(''),
  }),
);
export type TPickupLine = z.input<typeof ZPickupLineSchema>;

export const SIGNATURE_PURPOSES = ['intake', 'pickup'] as const;
export const ZSignaturePurposeSchema = lazySchema(() => z.enum(SIGNATURE_PURPOSES));
export type TSignaturePurpose = z.infer<typeof ZSignaturePurposeSchema>;
/** A PNG as a data URL; a signature is a few kB, 300 kB is far more than a tablet's canvas makes. */
export const SIGNATURE_MAX_CHARS = 300_000;
export const ZSignatureImageSchema = lazySchema(() =>
  z
    .string()
    .max(SIGNATURE_MAX_CHARS)
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/, 'A signature is a PNG image.'),
);

export const ZSignatureInputSchema = lazySchema(() =>
  z.object({
    signerName: z.string().trim().min(1).max(120),
    image: ZSignatureImageSchema,
  }),
);
export type TSignatureInput = z.input<typeof ZSignatureInputSchema>;

export const ZPickupInputSchema = lazySchema(() =>
  z.object({
    lines: z.array(ZPickupLineSchema).max(500),
    signature: ZSignatureInputSchema,
  }),
);
export type TPickupInput = z.input<typeof ZPickupInputSchema>;

/** A quantity: how many and how heavy (null when the line is not weighed). */
export type TQuantity = { readonly count: number; readonly weightMilli: number | null };

export const ZMaterialEntrySchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    lineId: z.uuid(),
    type: ZMaterialEntryTypeSchema,
    count: ZCountSchema,
    weightMilli: ZWeightMilliSchema.nullable(),
    holder: z.string(),
    note: z.string(),
    at: z.iso.datetime({ offset: true }),
    byName: z.string(),
  }),
);
export type TMaterialEntry = z.infer<typeof ZMaterialEntrySchema>;

const ZQuantitySchema = lazySchema(() =>
  z.object({ count: z.number().int(), weightMilli: z.number().int().nullable() }),
);

export const ZMaterialBalanceSchema = lazySchema(() =>
  z.object({
    /** Received at intake and added since. */
    in: ZQuantitySchema,
    onHand: ZQuantitySchema,
    /** What each bench or person holds now, those holding nothing left out. */
    atBench: z.array(ZQuantitySchema.unwrap().extend({ holder: z.string() })),
    used: ZQuantitySchema,
    checkedOut: ZQuantitySchema,
    shortfall: ZQuantitySchema,
    /** Nothing left on hand or at a bench: the line went back to the customer, into the work or is explained. */
    isAccounted: z.boolean(),
  }),
);
export type TMaterialBalance = z.infer<typeof ZMaterialBalanceSchema>;

export const ZMaterialLineSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    kind: ZMaterialKindSchema,
    description: z.string(),
    count: z.number().int(),
    weightMilli: z.number().int().nullable(),
    stone: ZStoneDetailsSchema.nullable(),
    metal: ZMetalDetailsSchema.nullable(),
    /** Received at intake (false: added during the work). */
    isIntake: z.boolean(),
    balance: ZMaterialBalanceSchema,
    entries: z.array(ZMaterialEntrySchema),
  }),
);
export type TMaterialLine = z.infer<typeof ZMaterialLineSchema>;

export const ZJobSignatureSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    purpose: ZSignaturePurposeSchema,
    signerName: z.string(),
    image: z.string(),
    signedAt: z.iso.datetime({ offset: true }),
    recordedByName: z.string(),
  }),
);
export type TJobSignature = z.infer<typeof ZJobSignatureSchema>;

export const ZJobMaterialsSchema = lazySchema(() =>
  z.object({
    kind: ZJobKindSchema,
    itemId: z.uuid(),
    lines: z.array(ZMaterialLineSchema),
    signatures: z.array(ZJobSignatureSchema),
    isAccounted: z.boolean(),
    /** The job's workflow phases, in order: the envelope prints a sign-off box for each. */
    phases: z.array(z.object({ key: z.string(), name: z.string() })),
  }),
);
export type TJobMaterials = z.infer<typeof ZJobMaterialsSchema>;

export const ZIntakeMaterialsInputSchema = lazySchema(() =>
  z.object({
    lines: z.array(ZMaterialLineInputSchema).max(200),
    /** The customer's signature: they left these materials. Optional when only adding lines later. */
    signature: ZSignatureInputSchema.nullable().default(null),
  }),
);
export type TIntakeMaterialsInput = z.input<typeof ZIntakeMaterialsInputSchema>;

// Who does what (issue 37 §4). The job's own rule comes first: a repair's materials only to those who see repairs.

/** The counter: intake, lines added, signatures and the pickup check. */
export const MATERIAL_INTAKE_ROLES = [
  'admin',
  'manager',
  'salesperson',
  'operator',
] as const satisfies readonly TRole[];
/** The bench: stones and metal issued, returned, used, added. */
export const MATERIAL_BENCH_ROLES = [
  'admin',
  'manager',
  'production',
  'qa',
] as const satisfies readonly TRole[];

export function canRecordIntake(actor: TActor | null | undefined): boolean {
  return isAllowed(actor, MATERIAL_INTAKE_ROLES);
}

export function canMoveMaterials(actor: TActor | null | undefined, type: TMaterialEntryType): boolean {
  // Adding material is the counter's and the bench's; the rest of the moves are the bench's.
  if (type === 'added') return canRecordIntake(actor) || isAllowed(actor, MATERIAL_BENCH_ROLES);
  return isAllowed(actor, MATERIAL_BENCH_ROLES);
}

/** A job is picked up from "Ready for pickup", orders and repairs alike. */
export const PICKUP_FROM_STATUS = 'ready';

export const MATERIAL_KIND_LABELS: Record<TMaterialKind, string> = {
  stone: 'Stone',
  metal: 'Metal',
  item: 'Item',
};

/** One line in words, as the ledger and the envelope print it: "1 × round diamond 6.5 mm G VS1, set". */
export function describeLine(line: {
  kind: TMaterialKind;
  description: string;
  count: number;
  weightMilli: number | null;
  stone: TStoneDetails | null;
  metal: { alloy: string } | null;
}): string {
  const weight = line.weightMilli === null ? '' : formatWeight(line.kind, line.weightMilli);
  switch (line.kind) {
    case 'stone': {
      const stone = line.stone;
      const traits = stone
        ? [stone.shape, stone.sizeMm ? `${stone.sizeMm} mm` : '', stone.colour, stone.clarity, stone.setting]
        : [];
      return [`${line.count} × ${line.description}`, weight, ...traits].filter(Boolean).join(', ');
    }
    case 'metal':
      return [line.description, line.metal?.alloy ?? '', weight].filter(Boolean).join(', ');
    case 'item':
      return [`${line.count} × ${line.description}`, weight].filter(Boolean).join(', ');
    default: {
      const unknown: never = line.kind;
      throw new Error(`unknown material kind ${String(unknown)}`);
    }
  }
}
