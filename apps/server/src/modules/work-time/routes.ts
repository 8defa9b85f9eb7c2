import {
  type TWorkAction,
  type TWorkActionResult,
  ZHandBackSchema,
  ZJobLabourSchema,
  ZMyWorkTimeSchema,
  ZStartWorkSchema,
  ZStationWorkSchema,
  ZWorkActionResultSchema,
} from '@loupe/domain/workflow/work-time';
import { ZWorkflowKindSchema } from '@loupe/domain/workflow/workflow-api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, resultWithData, ZMessageResultSchema } from '../../lib/api-response.ts';
import { apiRoute, ZIdParamsSchema } from '../../lib/route-schemas.ts';
import type { TCurrentUser } from '../auth/current-user.ts';
import { currentUserOf } from '../auth/request-context.ts';
import type { TWorkTimeService } from './service.ts';

export type TWorkTimeRoutesOptions = { readonly workTime: TWorkTimeService };

const tags = ['workflow'];

/**
 * Work time (issue 37 §3): timers on assigned steps from My Tasks, each tap undoable for a few seconds, and a
 * job's labour per step. The service lets only the assignee, or a manager, work a timer (WORK_NOT_YOURS).
 */
export async function registerWorkTimeRoutes(instance: FastifyInstance, options: TWorkTimeRoutesOptions) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { workTime } = options;
  const actionResponse = { 200: resultWithData(ZWorkActionResultSchema) };

  // The four taps share one shape: POST /work-time/assignments/:id/<action>, answered with what to undo.
  const taps = [
    {
      action: 'start',
      summary: 'Start (or resume) the timer on an assigned step; the person’s timer on another step pauses',
      body: ZStartWorkSchema,
      run: (actor: TCurrentUser, id: string, body: unknown) =>
        workTime.start(actor, id, ZStartWorkSchema.parse(body)),
    },
    {
      action: 'pause',
      summary: 'Pause the running timer of an assigned step',
      body: undefined,
      run: (actor: TCurrentUser, id: string) => workTime.pause(actor, id),
    },
    {
      action: 'done',
      summary: 'The step is done: its timer stops and the assignment completes (the job moves on)',
      body: undefined,
      run: (actor: TCurrentUser, id: string) => workTime.done(actor, id),
    },
    {
      action: 'hand-back',
      summary: 'Hand the step back to the managers’ queue, with an optional note; its timer stops',
      body: ZHandBackSchema,
      run: (actor: TCurrentUser, id: string, body: unknown) =>
        workTime.handBack(actor, id, ZHandBackSchema.parse(body)),
    },
  ] as const satisfies readonly {
    action: TWorkAction;
    summary: string;
    body: z.ZodType | undefined;
    run: (actor: TCurrentUser, id: string, body: unknown) => Promise<TWorkActionResult>;
  }[];

  for (const tap of taps) {
    app.post(
      `/work-time/assignments/:id/${tap.action}`,
      apiRoute('signed-in', {
        tags,
        summary: tap.summary,
        params: ZIdParamsSchema,
        ...(tap.body ? { body: tap.body } : {}),
        response: actionResponse,
      }),
      async (request) => {
        const data = await tap.run(currentUserOf(request), request.params.id, request.body);
        return ok(data, data.message);
      },
    );
  }

  app.post(
    '/work-time/actions/:id/undo',
    apiRoute('signed-in', {
      tags,
      summary: 'Undo one tap (start, pause, done, hand back) within a few seconds of it',
      params: ZIdParamsSchema,
      response: { 200: ZMessageResultSchema },
    }),
    async (request) => {
      const { message } = await workTime.undo(currentUserOf(request), request.params.id);
      return { success: true as const, message };
    },
  );

  app.get(
    '/work-time/mine',
    apiRoute('signed-in', {
      tags,
      summary: 'My running timer and the labour so far on each of my open assignments',
      response: { 200: resultWithData(ZMyWorkTimeSchema) },
    }),
    async (request) => ok(await workTime.mine(currentUserOf(request))),
  );

  app.get(
    '/work-time/jobs/:kind/:id',
    apiRoute('signed-in', {
      tags,
      summary: 'A job’s labour per step and person, with the sessions behind it',
      params: z.object({ kind: ZWorkflowKindSchema, id: z.uuid() }),
      response: { 200: resultWithData(ZJobLabourSchema) },
    }),
    async (request) =>
      ok(await workTime.jobLabour(currentUserOf(request), request.params.kind, request.params.id)),
  );

  app.get(
    '/work-time/stations/:id',
    apiRoute('signed-in', {
      tags,
      summary: 'The pieces at a station for its kiosk: my step on each, its labour, and who works on it now',
      params: z.object({ id: z.string().trim().min(1).max(100) }),
      response: { 200: resultWithData(ZStationWorkSchema) },
    }),
    async (request) => ok(await workTime.stationWork(currentUserOf(request), request.params.id)),
  );
}
