import { SUGGESTED_QUESTIONS } from '@loupe/domain/assistant/answer-format';
import {
  ASSISTANT_SETTINGS_DEFAULTS,
  ASSISTANT_TONES,
  type TAssistantAnswer,
  type TAssistantConversation,
  type TAssistantConversationDetail,
  type TAssistantMessage,
  type TAssistantSettings,
  type TAssistantStep,
  type TAssistantStreamEvent,
  type TConnectionTest,
  type TUpdateAssistantSettingsInput,
  ZAssistantAnswerSchema,
  ZUpdateAssistantSettingsSchema,
} from '@loupe/domain/assistant/assistant-api';
import { isAdmin } from '@loupe/domain/auth/permissions';
import { AppError } from '@loupe/domain/errors/errors';
import { destinationOf, mustReenterSecret } from '@loupe/domain/validation/provider-secret';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { openForDestination, sealForDestination, secretRequired } from '../../lib/bound-secret.ts';
import type { TClock } from '../../lib/clock.ts';
import { assertOutboundUrl, type TOutboundGuard } from '../../lib/outbound-url.ts';
import type { TSecretBox } from '../../lib/secret-box.ts';
import { forbidden } from '../../lib/service-errors.ts';
import type { TRequestContext } from '../auth/service.ts';
import type { TBuiltInEngine } from './built-in-engine.ts';
import { ProviderError, runProvider, systemPrompt, type TProviderConfig } from './provider-engine.ts';
import type { TAssistantRepository, TConversationRow, TMessageRow } from './repository.ts';
import type { TAssistantActor, TAssistantTools, TToolContext } from './tools.ts';

const SETTINGS_KEY = 'assistant';
export const NEW_CHAT_TITLE = 'New chat';
/** Earlier turns a model sees: enough for "and why?" follow-ups, not a whole day's chat. */
const HISTORY_TURNS = 6;
/** The built-in engine's answer arrives in pieces of this many characters, like a model's. */
const STREAM_PIECE = 24;

/** What is stored: the key only sealed (secret-box.ts), never in clear. */
const ZStoredSettingsSchema = z.object({
  provider: z.enum(['none', 'openai', 'anthropic']).catch('none'),
  baseUrl: z.string().catch(''),
  model: z.string().catch(''),
  sealedApiKey: z.string().nullable().catch(null),
  assistantName: z.string().catch(''),
  tone: z.enum(ASSISTANT_TONES).catch('concise'),
  timeoutSeconds: z.number().int().min(2).max(120).catch(ASSISTANT_SETTINGS_DEFAULTS.timeoutSeconds),
  allowPrivateNetwork: z.boolean().catch(false),
});
type TStoredSettings = z.infer<typeof ZStoredSettingsSchema>;

/** Where the key goes: the provider's kind and its address (a key is sealed for this, bound-secret.ts). */
const keyDestination = (value: { provider: string; baseUrl: string }) =>
  `${value.provider} ${destinationOf(value.baseUrl)}`;

export type TAssistantServiceOptions = {
  readonly assistant: TAssistantRepository;
  readonly tools: TAssistantTools;
  readonly builtIn: TBuiltInEngine;
  readonly secrets: TSecretBox;
  readonly clock: TClock;
  readonly timeZone: () => Promise<string>;
  readonly companyName: string;
  /** AI_ASSISTANT_NAME: the name until /ai/settings gives another. */
  readonly defaultName: string;
  readonly settings: {
    read(key: string, schema: z.ZodType<unknown>): Promise<unknown>;
    write(key: string, value: unknown, updatedBy: string | null): Promise<void>;
  };
  readonly audit: { record(entry: Record<string, unknown> & { action: 'settings.updated' }): Promise<void> };
  readonly logger: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Every request to the provider goes through it (issue 34 §2). */
  readonly outbound: Pick<TOutboundGuard, 'fetch'>;
};

function toConversation(row: TConversationRow): TAssistantConversation {
  return {
    id: row.id,
    title: row.title,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toMessage(row: TMessageRow): TAssistantMessage {
  const answer = row.answer === null ? null : ZAssistantAnswerSchema.safeParse(row.answer);
  return {
    id: row.id,
    role: row.role === 'assistant' ? 'assistant' : 'user',
    text: row.text,
    answer: answer?.success ? answer.data : null,
    createdAt: row.createdAt.toISOString(),
  };
}

const titleFrom = (question: string) => {
  const line = question.replace(/\s+/g, ' ').trim();
  return line.length > 60 ? `${line.slice(0, 57)}…` : line;
};

/**
 * The assistant (issue 16): per-user conversations, answers from the configured provider or the built-in
 * engine through permission-checked tools, and the provider's settings (admins change them, all may read).
 */
export function createAssistantService(options: TAssistantServiceOptions) {
  const { assistant, clock, logger } = options;

  async function stored(): Promise<TStoredSettings> {
    return ZStoredSettingsSchema.parse((await options.settings.read(SETTINGS_KEY, z.unknown())) ?? {});
  }

  /** The provider's address only for admins: it may name a machine on the workshop's network (issue 34 §5). */
  function publicSettings(value: TStoredSettings, actor: TAssistantActor | null): TAssistantSettings {
    return {
      provider: value.provider,
      baseUrl: isAdmin(actor) ? value.baseUrl : null,
      allowPrivateNetwork: value.allowPrivateNetwork,
      model: value.model,
      hasApiKey: value.sealedApiKey !== null,
      assistantName: value.assistantName || options.defaultName,
      tone: value.tone,
      timeoutSeconds: value.timeoutSeconds,
    };
  }

  /** The provider as configured, with its key only when the key was entered for this provider and address. */
  function providerConfig(value: TStoredSettings, givenKey?: string | null): TProviderConfig | null {
    if (value.provider === 'none' || value.baseUrl === '' || value.model === '') return null;
    let apiKey: string | null = givenKey ?? null;
    if (givenKey === undefined && value.sealedApiKey !== null) {
      apiKey = openForDestination(options.secrets, value.sealedApiKey, keyDestination(value));
      if (apiKey === null) {
        logger.warn(
          'the AI provider key was entered for another address, or cannot be opened (SECRET_KEY changed?); using the built-in engine',
        );
        return null;
      }
    }
    const policy = { allowPrivateNetwork: value.allowPrivateNetwork };
    return {
      provider: value.provider,
      baseUrl: value.baseUrl,
      model: value.model,
      apiKey,
      timeoutMs: value.timeoutSeconds * 1000,
      fetch: (url, init) => options.outbound.fetch(url, init, policy),
    };
  }

  /**
   * Issue 34 §2: a provider's address passes the outbound URL check, and a new provider or address needs the
   * key again when one is stored (it was entered for the old one). Switching to the built-in engine needs
   * nothing: no key leaves then.
   */
  function checkProviderChange(
    next: z.output<typeof ZUpdateAssistantSettingsSchema>,
    current: TStoredSettings,
  ) {
    if (next.provider === 'none') return;
    if (next.baseUrl !== '') {
      assertOutboundUrl(next.baseUrl, { allowPrivateNetwork: next.allowPrivateNetwork }, 'body.baseUrl');
    }
    const mustReenter = mustReenterSecret({
      storedDestination: keyDestination(current),
      nextDestination: keyDestination(next),
      hasStoredSecret: current.sealedApiKey !== null,
      secretChanged: next.apiKey !== undefined,
    });
    if (mustReenter) throw secretRequired('body.apiKey');
  }

  async function ownConversation(actor: TAssistantActor, id: string): Promise<TConversationRow> {
    const row = z.uuid().safeParse(id).success ? await assistant.findConversation(actor.id, id) : undefined;
    if (!row) throw new AppError('NOT_FOUND', 'There is no such conversation.');
    return row;
  }

  /** Message times strictly increase within a conversation, so the order survives a clock that stands still. */
  function nextTime(after: Date | undefined): Date {
    const now = clock();
    return after && now.getTime() <= after.getTime() ? new Date(after.getTime() + 1) : now;
  }

  async function streamText(text: string, emit: (event: TAssistantStreamEvent) => void): Promise<void> {
    for (let at = 0; at < text.length; at += STREAM_PIECE) {
      emit({ type: 'delta', text: text.slice(at, at + STREAM_PIECE) });
      // Yield to the event loop so each piece leaves as its own chunk.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  async function answerWith(
    actor: TAssistantActor,
    question: string,
    history: readonly TMessageRow[],
    emit: (event: TAssistantStreamEvent) => void,
    signal?: AbortSignal,
  ): Promise<TAssistantAnswer> {
    const context: TToolContext = {
      actor,
      now: clock(),
      timeZone: await options.timeZone(),
      memo: new Map(),
    };
    const settings = await stored();
    const config = providerConfig(settings);
    const onStep = (step: TAssistantStep) => emit({ type: 'step', step });
    let notice: string | null = null;
    if (config !== null) {
      try {
        const result = await runProvider(config, {
          system: systemPrompt({
            assistantName: publicSettings(settings, null).assistantName,
            companyName: options.companyName,
            tone: settings.tone,
            now: context.now,
            timeZone: context.timeZone,
          }),
          history: history
            .slice(-HISTORY_TURNS * 2)
            .map((m) => ({ role: m.role === 'assistant' ? 'assistant' : 'user', text: m.text })),
          question,
          context,
          toolbox: options.tools,
          onDelta: (text) => emit({ type: 'delta', text }),
          onStep,
          ...(signal ? { signal } : {}),
        });
        const citations = result.results.flatMap((r) => r.citations);
        const seen = new Set<string>();
        return {
          text: result.text,
          engine: config.provider,
          notice: null,
          tables: result.results.flatMap((r) => (r.table && r.denied === null ? [r.table] : [])),
          charts: result.results.flatMap((r) => (r.chart ? [r.chart] : [])),
          citations: citations.filter((c) => !seen.has(`${c.kind}:${c.id}`) && seen.add(`${c.kind}:${c.id}`)),
          steps: result.steps,
          followUps: SUGGESTED_QUESTIONS.slice(0, 3),
          actions: result.results.flatMap((r) => r.actions).slice(0, 8),
          understood: true,
        };
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        logger.warn(
          { provider: config.provider, reason: error.message },
          'AI provider failed; the built-in engine answers',
        );
        notice = `The AI provider did not answer (${error.message}), so the built-in engine answered instead.`;
      }
    }
    const answer = await options.builtIn.answer(question, context, onStep);
    await streamText(answer.text, emit);
    return { ...answer, notice };
  }

  return {
    async settings(actor: TAssistantActor): Promise<TAssistantSettings> {
      return publicSettings(await stored(), actor);
    },

    async assistantName(): Promise<string> {
      return publicSettings(await stored(), null).assistantName;
    },

    async updateSettings(
      actor: TAssistantActor,
      input: TUpdateAssistantSettingsInput,
      context: TRequestContext,
    ): Promise<TAssistantSettings> {
      if (!isAdmin(actor)) throw forbidden('Only admins can change the AI settings.');
      const next = ZUpdateAssistantSettingsSchema.parse(input);
      const current = await stored();
      checkProviderChange(next, current);
      const moved = keyDestination(next) !== keyDestination(current);
      const value: TStoredSettings = {
        provider: next.provider,
        baseUrl: next.baseUrl,
        model: next.model,
        sealedApiKey:
          next.apiKey === undefined
            ? moved
              ? null
              : current.sealedApiKey
            : next.apiKey === null
              ? null
              : sealForDestination(options.secrets, keyDestination(next), next.apiKey),
        assistantName: next.assistantName,
        tone: next.tone,
        timeoutSeconds: next.timeoutSeconds,
        allowPrivateNetwork: next.allowPrivateNetwork,
      };
      await options.settings.write(SETTINGS_KEY, value, actor.id);
      await options.audit.record({
        action: 'settings.updated',
        at: clock(),
        actorId: actor.id,
        subject: SETTINGS_KEY,
        ...context,
        details: { section: 'assistant', provider: value.provider, keyChanged: next.apiKey !== undefined },
      });
      return publicSettings(value, actor);
    },

    /** Asks the provider (these settings, or the saved ones) for a word, without tools. */
    async testConnection(
      actor: TAssistantActor,
      input: TUpdateAssistantSettingsInput,
    ): Promise<TConnectionTest> {
      if (!isAdmin(actor)) throw forbidden('Only admins can test the AI provider.');
      const next = ZUpdateAssistantSettingsSchema.parse(input);
      const current = await stored();
      // The stored key is tried only where it was entered for: a test of another address brings its own.
      checkProviderChange(next, current);
      const config = providerConfig(
        {
          ...current,
          provider: next.provider,
          baseUrl: next.baseUrl,
          model: next.model,
          timeoutSeconds: next.timeoutSeconds,
          allowPrivateNetwork: next.allowPrivateNetwork,
        },
        next.apiKey,
      );
      if (config === null) {
        return { ok: false, message: 'Choose a provider and fill in its base URL and model first.' };
      }
      try {
        const result = await runProvider(config, {
          system: 'Reply with the single word OK.',
          history: [],
          question: 'Are you there?',
          context: { actor, now: clock(), timeZone: 'UTC' },
          toolbox: {
            definitions: [],
            run: async () => {
              throw new Error('no tools in a connection test');
            },
          },
          onDelta: () => {},
          onStep: () => {},
        });
        return {
          ok: true,
          message: `Connected: ${config.model} answered “${result.text.trim().slice(0, 60) || '(empty)'}”.`,
        };
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        return { ok: false, message: `Could not connect: ${error.message}.` };
      }
    },

    async listConversations(actor: TAssistantActor): Promise<TAssistantConversation[]> {
      return (await assistant.listConversations(actor.id)).map(toConversation);
    },

    async createConversation(actor: TAssistantActor, title?: string): Promise<TAssistantConversation> {
      return toConversation(await assistant.createConversation(actor.id, title ?? NEW_CHAT_TITLE, clock()));
    },

    async getConversation(actor: TAssistantActor, id: string): Promise<TAssistantConversationDetail> {
      const row = await ownConversation(actor, id);
      return { ...toConversation(row), messages: (await assistant.messagesOf(row.id)).map(toMessage) };
    },

    async renameConversation(
      actor: TAssistantActor,
      id: string,
      title: string,
    ): Promise<TAssistantConversation> {
      await ownConversation(actor, id);
      const row = await assistant.updateConversation(actor.id, id, { title });
      if (!row) throw new AppError('NOT_FOUND', 'There is no such conversation.');
      return toConversation(row);
    },

    async deleteConversation(actor: TAssistantActor, id: string): Promise<void> {
      await ownConversation(actor, id);
      await assistant.deleteConversation(actor.id, id);
    },

    /** Checks the conversation before the answer starts streaming, so a wrong id is a plain 404. */
    async assertConversation(actor: TAssistantActor, id: string): Promise<void> {
      await ownConversation(actor, id);
    },

    /** One question: stored, answered (streaming through `emit`), the answer stored and sent as `done`. */
    async ask(
      actor: TAssistantActor,
      conversationId: string,
      question: string,
      emit: (event: TAssistantStreamEvent) => void,
      signal?: AbortSignal,
    ): Promise<TAssistantMessage> {
      const conversation = await ownConversation(actor, conversationId);
      const history = await assistant.messagesOf(conversation.id);
      const asked = await assistant.addMessage({
        conversationId: conversation.id,
        role: 'user',
        text: question,
        answer: null,
        createdAt: nextTime(history.at(-1)?.createdAt),
      });
      const answer = await answerWith(actor, question, history, emit, signal);
      const row = await assistant.addMessage({
        conversationId: conversation.id,
        role: 'assistant',
        text: answer.text,
        answer,
        createdAt: nextTime(asked.createdAt),
      });
      await assistant.updateConversation(actor.id, conversation.id, {
        updatedAt: row.createdAt,
        ...(conversation.title === NEW_CHAT_TITLE && history.length === 0
          ? { title: titleFrom(question) }
          : {}),
      });
      const message = toMessage(row);
      emit({ type: 'done', message });
      return message;
    },

    /** How the built-in engine reads a question (tests and the bench). */
    parse: (question: string, context: TToolContext) => options.builtIn.parse(question, context),

    /** An answer outside any conversation: the bench and tests of the engines. */
    answer: (
      actor: TAssistantActor,
      question: string,
      emit: (event: TAssistantStreamEvent) => void = () => {},
    ) => answerWith(actor, question, [], emit),
  };
}

export type TAssistantService = ReturnType<typeof createAssistantService>;
