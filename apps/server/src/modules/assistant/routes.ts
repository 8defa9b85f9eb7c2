import {
  type TAssistantStreamEvent,
  ZAskSchema,
  ZAssistantConversationDetailSchema,
  ZAssistantConversationSchema,
  ZAssistantSettingsSchema,
  ZConnectionTestSchema,
  ZCreateConversationSchema,
  ZRenameConversationSchema,
  ZUpdateAssistantSettingsSchema,
} from '@loupe/domain/assistant/assistant-api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, resultWithData, ZMessageResultSchema } from '../../lib/api-response.ts';
import { apiRoute, ZIdParamsSchema } from '../../lib/route-schemas.ts';
import { currentUserOf, requestContext } from '../auth/request-context.ts';
import type { TAssistantService } from './service.ts';

const tags = ['assistant'];

/** The assistant (issue 16): conversations, the streamed answer, and /ai/settings. The service checks again. */
export async function registerAssistantRoutes(
  instance: FastifyInstance,
  options: { assistant: TAssistantService },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { assistant } = options;

  app.get(
    '/assistant/conversations',
    apiRoute('signed-in', {
      tags,
      summary: 'My conversations with the assistant, the latest first',
      response: { 200: resultWithData(z.array(ZAssistantConversationSchema)) },
    }),
    async (request) => ok(await assistant.listConversations(currentUserOf(request))),
  );

  app.post(
    '/assistant/conversations',
    apiRoute('signed-in', {
      tags,
      summary: 'Start a new conversation',
      body: ZCreateConversationSchema,
      response: { 200: resultWithData(ZAssistantConversationSchema) },
    }),
    async (request) => ok(await assistant.createConversation(currentUserOf(request), request.body.title)),
  );

  app.get(
    '/assistant/conversations/:id',
    apiRoute('signed-in', {
      tags,
      summary: 'One of my conversations with its messages',
      params: ZIdParamsSchema,
      response: { 200: resultWithData(ZAssistantConversationDetailSchema) },
    }),
    async (request) => ok(await assistant.getConversation(currentUserOf(request), request.params.id)),
  );

  app.patch(
    '/assistant/conversations/:id',
    apiRoute('signed-in', {
      tags,
      summary: 'Rename a conversation',
      params: ZIdParamsSchema,
      body: ZRenameConversationSchema,
      response: { 200: resultWithData(ZAssistantConversationSchema) },
    }),
    async (request) =>
      ok(
        await assistant.renameConversation(currentUserOf(request), request.params.id, request.body.title),
        'Conversation renamed.',
      ),
  );

  app.delete(
    '/assistant/conversations/:id',
    apiRoute('signed-in', {
      tags,
      summary: 'Delete a conversation and its messages',
      params: ZIdParamsSchema,
      response: { 200: ZMessageResultSchema },
    }),
    async (request) => {
      await assistant.deleteConversation(currentUserOf(request), request.params.id);
      return { success: true as const, message: 'Conversation deleted.' };
    },
  );

  app.post(
    '/assistant/conversations/:id/messages',
    apiRoute('signed-in', {
      tags,
      summary:
        'Ask a question: the answer streams back as server-sent events (step, delta, then done with the stored message, or error)',
      params: ZIdParamsSchema,
      body: ZAskSchema,
    }),
    async (request, reply) => {
      const actor = currentUserOf(request);
      // A wrong conversation is a plain 404 with the API's error object, before the stream starts.
      await assistant.assertConversation(actor, request.params.id);
      reply.hijack();
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        // Hijacked: the API's no-store hook does not see this answer, so it says so itself.
        'cache-control': 'no-store, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-correlation-id': request.id,
      });
      const closed = new AbortController();
      reply.raw.on('close', () => closed.abort());
      const emit = (event: TAssistantStreamEvent) => {
        if (!reply.raw.writableEnded) reply.raw.write(`data: ${JSON.stringify(event)}\n\n`);
      };
      try {
        await assistant.ask(actor, request.params.id, request.body.question, emit, closed.signal);
      } catch (error) {
        request.log.error({ err: error }, 'the assistant could not answer');
        emit({ type: 'error', message: 'The assistant could not answer. Try again.' });
      } finally {
        reply.raw.end();
      }
    },
  );

  app.get(
    '/assistant/settings',
    apiRoute('signed-in', {
      tags,
      summary: 'The assistant’s provider, model, name and tone (never the key: only whether one is stored)',
      response: { 200: resultWithData(ZAssistantSettingsSchema) },
    }),
    async (request) => ok(await assistant.settings(currentUserOf(request))),
  );

  app.put(
    '/assistant/settings',
    apiRoute(['admin'], {
      tags,
      summary: 'Change the assistant’s provider (the key is stored encrypted), name and tone',
      body: ZUpdateAssistantSettingsSchema,
      response: { 200: resultWithData(ZAssistantSettingsSchema) },
    }),
    async (request) =>
      ok(
        await assistant.updateSettings(currentUserOf(request), request.body, requestContext(request)),
        'AI settings saved.',
      ),
  );

  app.post(
    '/assistant/settings/test',
    apiRoute(['admin'], {
      tags,
      summary: 'Test a provider (these settings; the stored key when none is given) with a one-word question',
      body: ZUpdateAssistantSettingsSchema,
      response: { 200: resultWithData(ZConnectionTestSchema) },
    }),
    async (request) => ok(await assistant.testConnection(currentUserOf(request), request.body)),
  );
}
