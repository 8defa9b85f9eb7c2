import { z } from 'zod';
import { ZAttachmentSchema } from '../catalog/catalog';
import { keysOf } from '../text/label-table';
import { lazySchema } from '../validation/lazy-schema';

/**
 * Design requests (issue 17 §2–3): a custom order that needs design work gets one; the designer keeps numbered
 * revisions and sends one to the customer for approval through a public link.
 *
 * The statuses are the queue's columns, in the order they are worked through.
 */
export const DESIGN_REQUEST_STATUS_LABELS = {
  new: 'New',
  'in-progress': 'In progress',
  'waiting-for-customer': 'Waiting for the customer',
  'changes-requested': 'Changes requested',
  approved: 'Approved',
} as const;
export const DESIGN_REQUEST_STATUSES = keysOf(DESIGN_REQUEST_STATUS_LABELS);
export const ZDesignRequestStatusSchema = lazySchema(() => z.enum(DESIGN_REQUEST_STATUSES));
export type TDesignRequestStatus = z.infer<typeof ZDesignRequestStatusSchema>;

/**
 * The designer's board (issue 35 §7): the five statuses while the order is in (or before) its design phases,
 * and one more for the requests whose order went on past design without an approval here. Which column a
 * request is in is `designBoardColumn` (design-board.ts), from its status and its order's phase.
 */
export const DESIGN_BOARD_COLUMNS = [...DESIGN_REQUEST_STATUSES, 'past-design'] as const;
export const ZDesignBoardColumnSchema = lazySchema(() => z.enum(DESIGN_BOARD_COLUMNS));
export type TDesignBoardColumn = z.infer<typeof ZDesignBoardColumnSchema>;

export const DESIGN_BOARD_COLUMN_LABELS: Readonly<Record<TDesignBoardColumn, string>> = {
  ...DESIGN_REQUEST_STATUS_LABELS,
  'past-design': 'Past design',
};

/**
 * What the designer may set by hand. Waiting for the customer follows sending a revision, and changes requested
 * and approved are the customer's answers: those come from the approval link, never from a status menu.
 */
export const DESIGNER_SET_STATUSES = [
  'new',
  'in-progress',
] as const satisfies readonly TDesignRequestStatus[];

export const DESIGN_DECISIONS = ['approved', 'changes-requested'] as const;
export const ZDesignDecisionSchema = lazySchema(() => z.enum(DESIGN_DECISIONS));
export type TDesignDecision = z.infer<typeof ZDesignDecisionSchema>;

/** The request's status once the customer answered a revision. */
export function statusAfterDecision(decision: TDesignDecision): TDesignRequestStatus {
  switch (decision) {
    case 'approved':
      return 'approved';
    case 'changes-requested':
      return 'changes-requested';
  }
}

/** A revision can be sent while no answer came for it, and the request is not approved already. */
export function maySendRevision(request: { status: TDesignRequestStatus }, revision: { decision: unknown }) {
  return request.status !== 'approved' && revision.decision === null;
}

/** The customer's comment: required when asking for changes (the designer needs to know which). */
export const DESIGN_DECISION_COMMENT_MAX = 2000;
export const DESIGN_DECISION_NAME_MAX = 120;
/**
 * The customer's answer, confirmed with the name they type (issue 35 §7): kept on the revision with the
 * decision and its time, so the designer sees who approved what and when.
 */
export const ZDesignDecisionInputSchema = lazySchema(() =>
  z
    .object({
      decision: ZDesignDecisionSchema,
      name: z.string().trim().min(1, 'Type your name to confirm').max(DESIGN_DECISION_NAME_MAX),
      comment: z.string().trim().max(DESIGN_DECISION_COMMENT_MAX).default(''),
    })
    .refine((input) => input.decision === 'approved' || input.comment.length > 0, {
      message: 'Tell us what you would like changed',
      path: ['comment'],
    }),
);
export type TDesignDecisionInput = z.input<typeof ZDesignDecisionInputSchema>;

const ZPersonSchema = lazySchema(() => z.object({ id: z.string(), name: z.string() }));

export const ZDesignRevisionSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    number: z.number().int().positive(),
    notes: z.string(),
    files: z.array(ZAttachmentSchema),
    createdAt: z.string(),
    createdBy: ZPersonSchema.nullable(),
    sentAt: z.string().nullable(),
    decision: ZDesignDecisionSchema.nullable(),
    decisionComment: z.string().nullable(),
    decidedAt: z.string().nullable(),
    /** The name the customer typed to confirm their answer; null before, and for answers older than issue 35. */
    decidedByName: z.string().nullable(),
    /** The live approval link, for staff to copy again or revoke; null when none is live. */
    approvalUrl: z.string().nullable(),
  }),
);
export type TDesignRevision = z.infer<typeof ZDesignRevisionSchema>;

export const ZDesignRequestSummarySchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    orderId: z.uuid(),
    orderNumber: z.string(),
    customerName: z.string(),
    status: ZDesignRequestStatusSchema,
    brief: z.string(),
    designer: ZPersonSchema.nullable(),
    salesperson: ZPersonSchema.nullable(),
    /** The request's own due date, else the design phase's assignment, else the order's promised date. */
    dueDate: z.string().nullable(),
    revisionCount: z.number().int().nonnegative(),
    /** The board's column: from the status and the order's phase (designBoardColumn). */
    column: ZDesignBoardColumnSchema,
    /** The order's workflow phase now; null when the order is finished (no longer on the workflow). */
    orderPhase: z.object({ key: z.string(), name: z.string() }).nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);
export type TDesignRequestSummary = z.infer<typeof ZDesignRequestSummarySchema>;

export const ZDesignRequestSchema = lazySchema(() =>
  ZDesignRequestSummarySchema.unwrap().extend({
    /** The customer's photos: the order's own. */
    photos: z.array(ZAttachmentSchema),
    /** Newest first. */
    revisions: z.array(ZDesignRevisionSchema),
  }),
);
export type TDesignRequest = z.infer<typeof ZDesignRequestSchema>;

export const BRIEF_MAX = 4000;
export const REVISION_NOTES_MAX = 4000;

const ZDueDateSchema = lazySchema(() => z.iso.date());

/** POST /design-requests. */
export const ZCreateDesignRequestSchema = lazySchema(() =>
  z.object({
    orderId: z.uuid(),
    brief: z.string().trim().max(BRIEF_MAX).default(''),
    designerId: z.uuid().nullable().optional(),
    dueDate: ZDueDateSchema.nullable().optional(),
  }),
);
export type TCreateDesignRequestInput = z.input<typeof ZCreateDesignRequestSchema>;

/** PATCH /design-requests/{id}. */
export const ZUpdateDesignRequestSchema = lazySchema(() =>
  z.object({
    status: z.enum(DESIGNER_SET_STATUSES).optional(),
    brief: z.string().trim().max(BRIEF_MAX).optional(),
    designerId: z.uuid().nullable().optional(),
    dueDate: ZDueDateSchema.nullable().optional(),
  }),
);
export type TUpdateDesignRequestInput = z.input<typeof ZUpdateDesignRequestSchema>;

/** POST /design-requests/{id}/revisions. */
export const ZCreateDesignRevisionSchema = lazySchema(() =>
  z.object({
    notes: z.string().trim().max(REVISION_NOTES_MAX).default(''),
  }),
);
export type TCreateDesignRevisionInput = z.input<typeof ZCreateDesignRevisionSchema>;

/** GET /design-requests: `mine` keeps the requests assigned to the caller (and those assigned to nobody). */
export const ZDesignRequestListQuerySchema = lazySchema(() =>
  z.object({
    status: ZDesignRequestStatusSchema.optional(),
    mine: z.stringbool().optional(),
    /** One order's request, also once the order is delivered or cancelled (the order page's Design panel). */
    orderId: z.uuid().optional(),
  }),
);
export type TDesignRequestListQuery = z.output<typeof ZDesignRequestListQuerySchema>;

/** The approval link sent to a customer. */
export const ZDesignApprovalLinkSchema = lazySchema(() => z.object({ token: z.string(), url: z.string() }));
export type TDesignApprovalLink = z.infer<typeof ZDesignApprovalLinkSchema>;

/** The customer's page for a token: `/design-approval/{token}`. */
export const designApprovalPath = (token: string) => `/design-approval/${token}`;

/**
 * What a customer holding the link sees: only the revision it was sent for, no prices, notes of staff or
 * other revisions. A test holds the server to exactly these keys.
 */
export const ZPublicDesignRevisionSchema = lazySchema(() =>
  z.strictObject({
    companyName: z.string(),
    orderNumber: z.string(),
    revisionNumber: z.number().int().positive(),
    notes: z.string(),
    files: z.array(
      z.strictObject({
        id: z.uuid(),
        fileName: z.string(),
        contentType: z.string(),
        url: z.string(),
      }),
    ),
    sentAt: z.string(),
    decision: ZDesignDecisionSchema.nullable(),
    decisionComment: z.string().nullable(),
    decidedAt: z.string().nullable(),
    decidedByName: z.string().nullable(),
  }),
);
export type TPublicDesignRevision = z.infer<typeof ZPublicDesignRevisionSchema>;

/** Where a public file of a revision is served. */
export const publicDesignFileUrl = (token: string, fileId: string) =>
  `/api/v1/public/design-approvals/${token}/files/${fileId}`;

/** The phases of a workflow that a customer's approval of a design completes (DEFAULT_ORDER_PHASES keys). */
export const DESIGN_PHASE_KEYS = ['design', 'approval'] as const;

/**
 * Where an approved design moves a job's workflow: from a design phase to the phase after the last design
 * phase of its template (approval completes the design and the customer's approval at once). Null when the
 * template has no design phase or the job is not in one (it was moved on by hand or by a read already).
 */
export function phaseAfterDesignApproval(
  phases: readonly { readonly key: string }[],
  currentKey: string,
): { readonly to: string | null; readonly skipped: readonly string[] } | null {
  const isDesign = (key: string) => (DESIGN_PHASE_KEYS as readonly string[]).includes(key);
  if (!isDesign(currentKey)) return null;
  const from = phases.findIndex((phase) => phase.key === currentKey);
  if (from === -1) return null;
  let last = from;
  for (let index = from + 1; index < phases.length && isDesign(phases[index]?.key ?? ''); index += 1) {
    last = index;
  }
  return {
    to: phases[last + 1]?.key ?? null,
    skipped: phases.slice(from + 1, last + 1).map((phase) => phase.key),
  };
}
