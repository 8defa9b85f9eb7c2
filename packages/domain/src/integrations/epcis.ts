import { z } from 'zod';
import type { TRole } from '../auth/roles';
import { lazySchema } from '../validation/lazy-schema';

/**
 * GS1 EPCIS 2.0 out of Loupe (issue 41): every tag commissioning, move, phase change, offsite/return and
 * delivery of a job is an EPCIS ObjectEvent in the JSON-LD binding, derived from the history Loupe already
 * keeps (epcis-events.ts maps it). This file holds the route contract: the query's filters in the EPCIS 2.0 REST
 * style, the export's parameters, and the capture settings (an external EPCIS repository Loupe POSTs to).
 * The vocabulary table and the document shapes are in docs/integrations.md › EPCIS.
 */

// ── Documents ────────────────────────────────────────────────────────────────────────────────────

/** The standard's JSON-LD context (EPCIS 2.0 §7.3.5); Loupe's own prefix is added next to it. */
export const EPCIS_CONTEXT_URL = 'https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld';
export const EPCIS_SCHEMA_VERSION = '2.0';
/** The prefix of Loupe's extension fields (`loupe:job`) and ilmd fields, declared in each document's @context. */
export const EPCIS_LOUPE_PREFIX = 'loupe';
export const EPCIS_MEDIA_TYPE = 'application/ld+json';

/** A JSON-LD EPCIS document as Loupe sends it: validated against GS1's JSON schema in the tests. */
export type TEpcisJson = Record<string, unknown>;

/**
 * Who reads EPCIS events (query and export). The standard leaves access to the implementation; the events say
 * where every job is and has been, which Loupe shows admins and managers, so they read them. Capture settings
 * are the admins' (like webhooks).
 */
export const EPCIS_READER_ROLES = ['admin', 'manager'] as const satisfies readonly TRole[];

// ── Query (GET /epcis/events) ────────────────────────────────────────────────────────────────────

export const EPCIS_PER_PAGE_DEFAULT = 30;
export const EPCIS_PER_PAGE_MAX = 500;

/** A list as the REST binding's openapi.json sends it (pipeDelimited: `EQ_bizStep=arriving|departing`). */
const ZUriListSchema = lazySchema(() =>
  z
    .string()
    .trim()
    .min(1)
    .max(4000)
    .transform((raw) =>
      raw
        .split('|')
        .map((item) => item.trim())
        .filter((item) => item !== ''),
    )
    .pipe(z.array(z.string().max(500)).min(1).max(50)),
);

const ZEventTimeSchema = lazySchema(() => z.iso.datetime({ offset: true }));

/**
 * The SimpleEventQuery parameters Loupe supports (EPCIS 2.0 §8.2.7.1), as query-string parameters of the REST
 * binding. `MATCH_epc` and `MATCH_anyEPC` are the same here (Loupe's events carry only `epcList`). Bizsteps may be
 * bare CBV words (`arriving`) or URNs (`urn:epcglobal:cbv:bizstep:arriving`). Unknown parameters are refused.
 */
export const ZEpcisEventQuerySchema = lazySchema(() =>
  z
    .object({
      GE_eventTime: ZEventTimeSchema.optional(),
      LT_eventTime: ZEventTimeSchema.optional(),
      MATCH_epc: ZUriListSchema.optional(),
      MATCH_anyEPC: ZUriListSchema.optional(),
      EQ_bizStep: ZUriListSchema.optional(),
      EQ_readPoint: ZUriListSchema.optional(),
      EQ_bizLocation: ZUriListSchema.optional(),
      perPage: z.coerce.number().int().min(1).max(EPCIS_PER_PAGE_MAX).default(EPCIS_PER_PAGE_DEFAULT),
      nextPageToken: z.string().max(500).optional(),
    })
    .strict(),
);
export type TEpcisEventQuery = z.output<typeof ZEpcisEventQuerySchema>;

// ── Export (GET /epcis/documents) ────────────────────────────────────────────────────────────────

/** The most events one exported document holds; a wider range is refused (EPCIS_EXPORT_TOO_LARGE). */
export const EPCIS_EXPORT_MAX_EVENTS = 10_000;

/** One job's events (`jobId`, an order's or a repair's id), or a time range (`from` inclusive, `to` exclusive). */
export const ZEpcisExportQuerySchema = lazySchema(() =>
  z
    .object({
      jobId: z.uuid().optional(),
      from: ZEventTimeSchema.optional(),
      to: ZEventTimeSchema.optional(),
    })
    .strict()
    .refine((query) => query.jobId !== undefined || (query.from !== undefined && query.to !== undefined), {
      message: 'Give jobId, or from and to',
      path: ['jobId'],
    }),
);
export type TEpcisExportQuery = z.output<typeof ZEpcisExportQuerySchema>;

// ── Capture to an external EPCIS repository ─────────────────────────────────────────────────────

export const ZEpcisCaptureUrlSchema = lazySchema(() =>
  z.string().trim().min(1, 'Enter the address').max(2000),
);

/**
 * PUT /integrations/epcis-capture. `url` is the repository's base (Loupe POSTs to `<url>/capture`).
 * `authorization` is the Authorization header's value (e.g. `Bearer …`): a string replaces the stored one, null
 * removes it, left out keeps it. It is sealed and never shown again (the view says only `hasAuthorization`).
 */
export const ZEpcisCaptureSettingsInputSchema = lazySchema(() =>
  z.object({
    url: ZEpcisCaptureUrlSchema,
    enabled: z.boolean(),
    authorization: z.string().trim().min(1).max(2000).nullable().optional(),
    /** The admin's opt-in for a repository on the workshop's own network (as webhooks' allowPrivateNetwork). */
    allowPrivateNetwork: z.boolean().default(false),
  }),
);
export type TEpcisCaptureSettingsInput = z.input<typeof ZEpcisCaptureSettingsInputSchema>;

/** GET /integrations/epcis-capture: the settings (no secret) and how capture is going. */
export const ZEpcisCaptureSettingsSchema = lazySchema(() =>
  z.object({
    /** Empty until an admin saves one. */
    url: z.string(),
    enabled: z.boolean(),
    hasAuthorization: z.boolean(),
    allowPrivateNetwork: z.boolean(),
    /** When the repository last accepted a capture (202). */
    lastCaptureAt: z.iso.datetime({ offset: true }).nullable(),
    /** Why the last attempt failed; null once one succeeds. */
    lastError: z.string().nullable(),
    /** Events waiting to be captured (retried with backoff). */
    pending: z.number().int().nonnegative(),
  }),
);
export type TEpcisCaptureSettings = z.infer<typeof ZEpcisCaptureSettingsSchema>;

/** POST /integrations/epcis-capture/test: one event sent at once, and the repository's answer. */
export const ZEpcisCaptureTestResultSchema = lazySchema(() =>
  z.object({
    ok: z.boolean(),
    statusCode: z.number().int().nullable(),
    error: z.string().nullable(),
    durationMs: z.number().int().nonnegative(),
  }),
);
export type TEpcisCaptureTestResult = z.infer<typeof ZEpcisCaptureTestResultSchema>;
