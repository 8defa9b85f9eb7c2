import { z } from 'zod';
import { ZCalendarDateSchema } from '../api/dates';
import { ZJobStateSchema } from '../jobs/job-views';
import { lazySchema } from '../validation/lazy-schema';

/**
 * Station TVs (issue 14): a screen above a bench, paired once with a short code instead of a staff password,
 * then holding a device credential that reads only its station's screen.
 */

/** Letters and digits that cannot be mistaken for one another across a room (no 0/O, 1/I/L, 5/S, 2/Z, 8/B). */
export const PAIRING_CODE_ALPHABET = 'ACDEFGHJKMNPQRTUVWXY34679';
export const PAIRING_CODE_LENGTH = 6;
/** A pairing code works for ten minutes and once (issue 14 §2). */
export const PAIRING_CODE_TTL_MS = 10 * 60_000;
/** A display is online when it fetched its screen or held its socket within this window. */
export const TV_ONLINE_WINDOW_MS = 90_000;
/** How often a TV fetches its screen again even when no event arrived (events can be missed on a reconnect). */
export const TV_REFRESH_MS = 30_000;
/** A station TV with more pieces than fit its screen turns a page this often (issue 37 §2). */
export const TV_PAGE_MS = 8000;

/** The scheme of the HTTP Authorization header a TV sends its device credential in. */
export const DEVICE_AUTH_SCHEME = 'Device';

/** "abc-def", "ABC DEF" and "abcdef" are the same code: what people type is forgiven its spacing and case. */
export function normalizePairingCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '');
}

/** Shown as two groups of three, easier to read aloud and to type. */
export function formatPairingCode(code: string): string {
  const normalized = normalizePairingCode(code);
  return normalized.length === PAIRING_CODE_LENGTH
    ? `${normalized.slice(0, 3)}-${normalized.slice(3)}`
    : normalized;
}

export function isPairingCode(input: string): boolean {
  const code = normalizePairingCode(input);
  return (
    code.length === PAIRING_CODE_LENGTH && [...code].every((char) => PAIRING_CODE_ALPHABET.includes(char))
  );
}

/** A TV shows the customer's first name only: never a surname, a phone number or an e-mail (issue 14 §1). */
export function customerFirstName(fullName: string): string {
  const first = fullName.trim().split(/\s+/)[0] ?? '';
  return first.includes('@') ? '' : first;
}

const ZPairingCodeInputSchema = lazySchema(() =>
  z
    .string()
    .max(20)
    .refine(isPairingCode, 'Enter the six-character code the TV shows')
    .transform(normalizePairingCode),
);

const ZDisplayNameSchema = lazySchema(() =>
  z.string().trim().min(1, 'Name the display, e.g. "Bench 3 TV"').max(80, 'At most 80 characters'),
);

/** POST /tv-displays: a manager claims the code a TV shows, names it and gives it a station. */
export const ZClaimTvDisplaySchema = lazySchema(() =>
  z.object({
    code: ZPairingCodeInputSchema,
    name: ZDisplayNameSchema,
    stationId: z.string().min(1, 'Choose the station this TV hangs at').max(100),
  }),
);
export type TClaimTvDisplayInput = z.input<typeof ZClaimTvDisplaySchema>;

/** PATCH /tv-displays/{id}: rename it or move it to another station. */
export const ZUpdateTvDisplaySchema = lazySchema(() =>
  z
    .object({ name: ZDisplayNameSchema.optional(), stationId: z.string().min(1).max(100).optional() })
    .refine((body) => body.name !== undefined || body.stationId !== undefined, 'Nothing to change'),
);
export type TUpdateTvDisplayInput = z.input<typeof ZUpdateTvDisplaySchema>;

const ZTimestampSchema = lazySchema(() => z.iso.datetime({ offset: true }));

export const ZTvDisplaySchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    stationId: z.string().nullable(),
    stationName: z.string().nullable(),
    departmentName: z.string().nullable(),
    online: z.boolean(),
    lastSeenAt: ZTimestampSchema.nullable(),
    pairedAt: ZTimestampSchema,
    pairedBy: z.string().nullable(),
  }),
);
export type TTvDisplay = z.infer<typeof ZTvDisplaySchema>;

/** POST /tv/pairings: what a TV at /tv-setup shows, and the secret that becomes its credential once claimed. */
export const ZTvPairingSchema = lazySchema(() =>
  z.object({
    code: z.string(),
    expiresAt: ZTimestampSchema,
    /** Kept by the TV only; it authenticates the TV's polls now and its screen once a manager claims the code. */
    deviceToken: z.string(),
  }),
);
export type TTvPairing = z.infer<typeof ZTvPairingSchema>;

/** GET /tv/device: where the TV stands. */
export const ZTvDeviceStatusSchema = lazySchema(() =>
  z.discriminatedUnion('status', [
    z.object({ status: z.literal('pending'), code: z.string(), expiresAt: ZTimestampSchema }),
    z.object({
      status: z.literal('paired'),
      display: z.object({ id: z.string(), name: z.string(), stationId: z.string().nullable() }),
    }),
  ]),
);
export type TTvDeviceStatus = z.infer<typeof ZTvDeviceStatusSchema>;

/** One piece on a station screen: nothing a customer would not want on a wall (no price, no contact). */
export const ZStationScreenPieceSchema = lazySchema(() =>
  z.object({
    kind: z.enum(['order', 'repair']),
    id: z.string(),
    number: z.string(),
    customerFirstName: z.string(),
    product: z.string(),
    metal: z.string().nullable(),
    promisedDate: ZCalendarDateSchema.nullable(),
    isRush: z.boolean(),
    /** When it arrived at the station it is at now; null when it is not tagged. */
    arrivedAt: ZTimestampSchema.nullable(),
    /** Where it is now (for the pieces due here next). */
    stationName: z.string().nullable(),
    phaseName: z.string().nullable(),
    nextPhaseName: z.string().nullable(),
    /** Overdue, at risk, over its phase target: the job read model's one evaluation. */
    state: ZJobStateSchema,
  }),
);
export type TStationScreenPiece = z.infer<typeof ZStationScreenPieceSchema>;

/** GET /tv/screen and GET /stations/{id}/screen: everything a station TV shows. */
export const ZStationScreenSchema = lazySchema(() =>
  z.object({
    station: z.object({
      id: z.string(),
      /** For the kiosk's address the TV shows (decision 020: start and stop work on the station's kiosk). */
      departmentId: z.string(),
      name: z.string(),
      jewelerName: z.string().nullable(),
      departmentName: z.string(),
    }),
    here: z.array(ZStationScreenPieceSchema),
    dueNext: z.array(ZStationScreenPieceSchema),
    finishedToday: z.number().int().nonnegative(),
    /** Who is working on which piece here now (issue 37 §3): the TV shows the person and a ticking time. */
    timers: z.array(
      z.object({
        kind: z.enum(['order', 'repair']),
        itemId: z.string(),
        personName: z.string(),
        phaseName: z.string(),
        startedAt: ZTimestampSchema,
      }),
    ),
    generatedAt: ZTimestampSchema,
  }),
);
export type TStationScreen = z.infer<typeof ZStationScreenSchema>;
