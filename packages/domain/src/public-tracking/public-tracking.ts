import { z } from 'zod';
import type { TOrderStatus } from '../orders/order';
import type { TRepairStatus } from '../repairs/repair';
import { keysOf } from '../text/label-table';
import { lazySchema } from '../validation/lazy-schema';

/**
 * The public tracking page (issue 15 §6): what a customer holding a job's link may see — its stage in their
 * words, the promised date and the shop's contact. Never prices, notes, staff, tags or other jobs: the page's
 * schema is strict and lists every field, and a test holds the server to exactly these keys.
 */
export const PUBLIC_JOB_KINDS = ['order', 'repair'] as const;
export const ZPublicJobKindSchema = lazySchema(() => z.enum(PUBLIC_JOB_KINDS));
export type TPublicJobKind = z.infer<typeof ZPublicJobKindSchema>;

/** The stages a customer sees: fewer and plainer than the workshop's statuses. */
export const PUBLIC_STAGE_LABELS = {
  received: 'Received',
  in_design: 'Being designed',
  awaiting_approval: 'Waiting for your approval',
  in_progress: 'In the workshop',
  waiting_parts: 'Waiting for parts',
  with_specialist: 'With a specialist partner',
  quality_check: 'Final inspection',
  ready: 'Ready for pickup',
  completed: 'Collected',
  cancelled: 'Cancelled',
} as const;
export const PUBLIC_STAGES = keysOf(PUBLIC_STAGE_LABELS);
export const ZPublicStageSchema = lazySchema(() => z.enum(PUBLIC_STAGES));
export type TPublicStage = z.infer<typeof ZPublicStageSchema>;

/** One line under the stage, saying what it means for the customer. */
export const PUBLIC_STAGE_DESCRIPTIONS: Readonly<Record<TPublicStage, string>> = {
  received: 'We have your piece and it is waiting for its turn at the bench.',
  in_design: 'Our designers are working on your piece.',
  awaiting_approval: 'We are waiting for your go-ahead. Please get in touch with us.',
  in_progress: 'Your piece is being worked on by our jewelers.',
  waiting_parts: 'We are waiting for a part to arrive before we carry on.',
  with_specialist: 'Your piece is with one of our trusted specialist partners.',
  quality_check: 'Your piece is being checked before it is handed back.',
  ready: 'Your piece is ready. Come and collect it during opening hours.',
  completed: 'Your piece has been collected. Thank you!',
  cancelled: 'This job was cancelled. Please contact us with any questions.',
};

/** The everyday path the page draws as steps; the other stages sit on it where they belong. */
export const PUBLIC_STAGE_STEPS = ['received', 'in_progress', 'quality_check', 'ready'] as const;

const STEP_OF: Readonly<Record<TPublicStage, number>> = {
  received: 0,
  in_design: 1,
  awaiting_approval: 1,
  in_progress: 1,
  waiting_parts: 1,
  with_specialist: 1,
  quality_check: 2,
  ready: 3,
  completed: 4,
  cancelled: -1,
};

/** How many of PUBLIC_STAGE_STEPS are reached (4 = all, collected); -1 for a cancelled job. */
export function publicStepOf(stage: TPublicStage): number {
  return STEP_OF[stage];
}

const ORDER_STAGES: Readonly<Record<TOrderStatus, TPublicStage>> = {
  new: 'received',
  in_design: 'in_design',
  awaiting_approval: 'awaiting_approval',
  in_production: 'in_progress',
  quality_check: 'quality_check',
  ready: 'ready',
  delivered: 'completed',
  cancelled: 'cancelled',
};

const REPAIR_STAGES: Readonly<Record<TRepairStatus, TPublicStage>> = {
  received: 'received',
  awaiting_approval: 'awaiting_approval',
  in_progress: 'in_progress',
  waiting_parts: 'waiting_parts',
  quality_check: 'quality_check',
  ready: 'ready',
  picked_up: 'completed',
  cancelled: 'cancelled',
};

export type TPublicStageInput =
  | { readonly kind: 'order'; readonly status: TOrderStatus; readonly isWithSpecialist: boolean }
  | { readonly kind: 'repair'; readonly status: TRepairStatus; readonly isWithSpecialist: boolean };

/**
 * The stage a customer sees. A job sent out on purpose (an expected offsite) shows "with a specialist"
 * while it is still being worked on; an unexpected offsite (a piece not seen for a while) shows nothing new.
 */
export function publicStageOf(job: TPublicStageInput): TPublicStage {
  const stage = job.kind === 'order' ? ORDER_STAGES[job.status] : REPAIR_STAGES[job.status];
  if (job.isWithSpecialist && STEP_OF[stage] === 1) return 'with_specialist';
  return stage;
}

export const ZShopContactSchema = lazySchema(() =>
  z.strictObject({
    name: z.string(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    addressLines: z.array(z.string()),
  }),
);
export type TShopContact = z.infer<typeof ZShopContactSchema>;

/** GET /api/v1/public/tracking/{token}: every field the page shows, and nothing else. */
export const ZPublicTrackingSchema = lazySchema(() =>
  z.strictObject({
    kind: ZPublicJobKindSchema,
    number: z.string(),
    stage: ZPublicStageSchema,
    stageLabel: z.string(),
    stageDescription: z.string(),
    promisedDate: z.string().nullable(),
    shop: ZShopContactSchema,
  }),
);
export type TPublicTracking = z.infer<typeof ZPublicTrackingSchema>;

/** A job's tracking link as staff see it: shown again as often as needed until it is revoked. */
export const ZTrackingLinkSchema = lazySchema(() =>
  z.object({
    token: z.string(),
    url: z.string(),
    createdAt: z.string(),
  }),
);
export type TTrackingLink = z.infer<typeof ZTrackingLinkSchema>;

/** GET …/tracking-link: the job's live link, or null when none was issued or the last was revoked. */
export const ZTrackingLinkStateSchema = lazySchema(() => z.object({ link: ZTrackingLinkSchema.nullable() }));
export type TTrackingLinkState = z.infer<typeof ZTrackingLinkStateSchema>;

/** A token as it appears in /t/{token}: URL-safe base64 of at least 128 random bits. */
export const TRACKING_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22,128}$/;

/** The page's path for a token. */
export function trackingPath(token: string): string {
  return `/t/${token}`;
}
