import { z } from 'zod';
import { lazySchema } from '../validation/lazy-schema';

/** The shapes of /api/v1/assistant (issue 16): the server answers them, the web parses them. */

/** A record an answer used, shown as a link: every answer cites what it read. */
export const ZAssistantCitationSchema = lazySchema(() =>
  z.object({
    kind: z.enum(['order', 'repair', 'station', 'department', 'reader', 'page']),
    id: z.string(),
    label: z.string(),
    href: z.string(),
  }),
);
export type TAssistantCitation = z.infer<typeof ZAssistantCitationSchema>;

/** A cell is text, or a link to a record. */
export const ZAssistantCellSchema = lazySchema(() =>
  z.union([z.string(), z.object({ text: z.string(), href: z.string() })]),
);
export type TAssistantCell = z.infer<typeof ZAssistantCellSchema>;

export const ZAssistantTableSchema = lazySchema(() =>
  z.object({
    columns: z.array(z.string()),
    rows: z.array(z.array(ZAssistantCellSchema)),
  }),
);
export type TAssistantTable = z.infer<typeof ZAssistantTableSchema>;

/** A small bar chart: one series of labelled counts. */
export const ZAssistantChartSchema = lazySchema(() =>
  z.object({
    title: z.string(),
    bars: z.array(z.object({ label: z.string(), value: z.number() })),
  }),
);
export type TAssistantChart = z.infer<typeof ZAssistantChartSchema>;

/** One tool the engine ran, with what it asked and what came back in a line. */
export const ZAssistantStepSchema = lazySchema(() =>
  z.object({
    tool: z.string(),
    input: z.record(z.string(), z.unknown()),
    summary: z.string(),
  }),
);
export type TAssistantStep = z.infer<typeof ZAssistantStepSchema>;

export const ASSISTANT_ACTION_KINDS = ['open', 'assign', 'nudge', 'expect-offsite'] as const;
export type TAssistantActionKind = (typeof ASSISTANT_ACTION_KINDS)[number];

/** Something the asking user may do from an answer, in one click after confirming. */
export const ZAssistantActionSchema = lazySchema(() =>
  z.object({
    kind: z.enum(ASSISTANT_ACTION_KINDS),
    itemKind: z.enum(['order', 'repair']),
    itemId: z.string(),
    label: z.string(),
    /** assign: the suggested person. */
    assigneeId: z.string().optional(),
  }),
);
export type TAssistantAction = z.infer<typeof ZAssistantActionSchema>;

export const ASSISTANT_ENGINES = ['built-in', 'openai', 'anthropic'] as const;
export type TAssistantEngine = (typeof ASSISTANT_ENGINES)[number];

/** A whole answer: the text (markdown, rendered without HTML) and what goes with it. */
export const ZAssistantAnswerSchema = lazySchema(() =>
  z.object({
    text: z.string(),
    engine: z.enum(ASSISTANT_ENGINES),
    /** Set when the configured provider failed and the built-in engine answered instead. */
    notice: z.string().nullable(),
    tables: z.array(ZAssistantTableSchema),
    charts: z.array(ZAssistantChartSchema),
    citations: z.array(ZAssistantCitationSchema),
    steps: z.array(ZAssistantStepSchema),
    followUps: z.array(z.string()),
    actions: z.array(ZAssistantActionSchema),
    /** False when the built-in engine did not understand the question. */
    understood: z.boolean(),
  }),
);
export type TAssistantAnswer = z.infer<typeof ZAssistantAnswerSchema>;

export const ZAssistantMessageSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    role: z.enum(['user', 'assistant']),
    text: z.string(),
    answer: ZAssistantAnswerSchema.nullable(),
    createdAt: z.string(),
  }),
);
export type TAssistantMessage = z.infer<typeof ZAssistantMessageSchema>;

export const ZAssistantConversationSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    title: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);
export type TAssistantConversation = z.infer<typeof ZAssistantConversationSchema>;

export const ZAssistantConversationDetailSchema = lazySchema(() =>
  ZAssistantConversationSchema.unwrap().extend({
    messages: z.array(ZAssistantMessageSchema),
  }),
);
export type TAssistantConversationDetail = z.infer<typeof ZAssistantConversationDetailSchema>;

export const ASSISTANT_TITLE_MAX = 120;
export const ASSISTANT_QUESTION_MAX = 2000;

export const ZCreateConversationSchema = lazySchema(() =>
  z.object({
    title: z.string().trim().min(1).max(ASSISTANT_TITLE_MAX).optional(),
  }),
);
export const ZRenameConversationSchema = lazySchema(() =>
  z.object({
    title: z.string().trim().min(1).max(ASSISTANT_TITLE_MAX),
  }),
);
export const ZAskSchema = lazySchema(() =>
  z.object({ question: z.string().trim().min(1).max(ASSISTANT_QUESTION_MAX) }),
);
export type TAskInput = z.infer<typeof ZAskSchema>;

/** The events of the answer stream (server-sent events), in order: steps and deltas, then done or error. */
export type TAssistantStreamEvent =
  | { type: 'step'; step: TAssistantStep }
  | { type: 'delta'; text: string }
  | { type: 'done'; message: TAssistantMessage }
  | { type: 'error'; message: string };

export const ZAssistantStreamEventSchema = lazySchema(() =>
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('step'), step: ZAssistantStepSchema }),
    z.object({ type: z.literal('delta'), text: z.string() }),
    z.object({ type: z.literal('done'), message: ZAssistantMessageSchema }),
    z.object({ type: z.literal('error'), message: z.string() }),
  ]),
);

// ── Settings (/ai/settings)

export const ASSISTANT_PROVIDERS = ['none', 'openai', 'anthropic'] as const;
export type TAssistantProvider = (typeof ASSISTANT_PROVIDERS)[number];
export const ASSISTANT_TONES = ['concise', 'friendly', 'formal'] as const;
export type TAssistantTone = (typeof ASSISTANT_TONES)[number];

export const ASSISTANT_PROVIDER_LABELS: Readonly<Record<TAssistantProvider, string>> = {
  none: 'Built-in engine only (no vendor)',
  openai: 'OpenAI-compatible chat completions (OpenAI, Ollama, vLLM…)',
  anthropic: 'Anthropic messages API',
};

/**
 * What everyone may read: never the key, only whether one is stored; the provider's address only for admins
 * (null for the others: it may name a machine of the workshop's network, issue 34 §5).
 */
export const ZAssistantSettingsSchema = lazySchema(() =>
  z.object({
    provider: z.enum(ASSISTANT_PROVIDERS),
    baseUrl: z.string().nullable(),
    /** An admin's opt-in to a model server on the workshop's own network (issue 34 §2). */
    allowPrivateNetwork: z.boolean(),
    model: z.string(),
    hasApiKey: z.boolean(),
    assistantName: z.string(),
    tone: z.enum(ASSISTANT_TONES),
    timeoutSeconds: z.number().int(),
  }),
);
export type TAssistantSettings = z.infer<typeof ZAssistantSettingsSchema>;

export const ZUpdateAssistantSettingsSchema = lazySchema(() =>
  z.object({
    provider: z.enum(ASSISTANT_PROVIDERS),
    baseUrl: z.union([z.literal(''), z.url({ protocol: /^https?$/ })]),
    model: z.string().trim().max(200),
    /**
     * A new key; absent keeps the stored one (only while the provider and base URL stay the same: SECRET_REQUIRED
     * otherwise), null removes it.
     */
    apiKey: z.string().trim().min(1).max(500).nullable().optional(),
    allowPrivateNetwork: z.boolean().default(false),
    assistantName: z.string().trim().max(60),
    tone: z.enum(ASSISTANT_TONES),
    timeoutSeconds: z.number().int().min(2).max(120),
  }),
);
export type TUpdateAssistantSettingsInput = z.input<typeof ZUpdateAssistantSettingsSchema>;

export const ZConnectionTestSchema = lazySchema(() => z.object({ ok: z.boolean(), message: z.string() }));
export type TConnectionTest = z.infer<typeof ZConnectionTestSchema>;

export const ASSISTANT_SETTINGS_DEFAULTS = {
  provider: 'none',
  baseUrl: '',
  allowPrivateNetwork: false,
  model: '',
  assistantName: '',
  tone: 'concise',
  timeoutSeconds: 20,
} as const satisfies Omit<TAssistantSettings, 'hasApiKey'>;
