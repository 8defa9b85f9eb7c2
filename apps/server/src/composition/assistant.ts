import { LIST_LIMIT_MAX } from '@loupe/domain/api/list';
import { canViewRepairs } from '@loupe/domain/auth/permissions';
import { ZOrderListQuerySchema } from '@loupe/domain/orders/order';
import { ZRepairListQuerySchema } from '@loupe/domain/repairs/repair';
import { personName } from '@loupe/domain/users/user';
import type { FastifyBaseLogger } from 'fastify';
import type { TConfig } from '../config.ts';
import type { TClock } from '../lib/clock.ts';
import type { TOutboundGuard } from '../lib/outbound-url.ts';
import type { TSecretBox } from '../lib/secret-box.ts';
import { createBuiltInEngine } from '../modules/assistant/built-in-engine.ts';
import { createAssistantService } from '../modules/assistant/service.ts';
import { createAssistantTools } from '../modules/assistant/tools.ts';
import type { TFloorComposition } from './floor.ts';
import type { TJobsComposition } from './jobs.ts';
import type { TRepositories } from './repositories.ts';

/** The assistant: its tools read through the same services as the API, each with its own permission check. */
export function composeAssistant(context: {
  readonly config: TConfig;
  readonly repos: TRepositories;
  readonly clock: TClock;
  readonly logger: FastifyBaseLogger;
  readonly outbound: TOutboundGuard;
  readonly secretBox: TSecretBox;
  readonly floor: TFloorComposition;
  readonly jobs: Pick<TJobsComposition, 'orders' | 'repairs'>;
}) {
  const { config, repos, floor } = context;
  const { orders, repairs } = context.jobs;
  const { tracking, workflow, readers, registry, settingsService } = floor;
  const assistantTools = createAssistantTools({
    jobStates: floor.jobStates,
    finishedJobs: async (actor, kind, status) => {
      const query = { status, sort: 'newest', limit: 50 };
      if (kind === 'order') {
        const page = await orders.list(actor, ZOrderListQuerySchema.parse(query));
        return { total: page.total, jobs: page.items.map((o) => ({ id: o.id, number: o.orderNumber })) };
      }
      const page = await repairs.list(actor, ZRepairListQuerySchema.parse(query));
      return { total: page.total, jobs: page.items.map((r) => ({ id: r.id, number: r.repairNumber })) };
    },
    locationHistory: (actor, kind, id) => tracking.locationHistory(actor, kind, id),
    epcOwners: async (actor) => [
      ...(await tracking.listOrders()).map((o) => ({
        kind: 'order' as const,
        id: o.orderId,
        epc: o.epcCode,
      })),
      ...(canViewRepairs(actor)
        ? (await tracking.listRepairs(actor)).map((r) => ({
            kind: 'repair' as const,
            id: r.repairId,
            epc: r.epcCode,
          }))
        : []),
    ],
    itemsAtStation: (actor, stationId) => tracking.itemsAtStation(actor, stationId),
    offsiteItems: (actor) => tracking.offsiteItems(actor),
    staff: (actor) => workflow.staff(actor),
    summary: (actor) => workflow.summary(actor),
    readers: async (actor) => (await readers.list(actor, { limit: LIST_LIMIT_MAX })).items,
    lastReads: (actor) => readers.lastReads(actor),
    stations: async () =>
      (await registry.listStations({ limit: LIST_LIMIT_MAX })).items.map((station) => ({
        id: station.id,
        name: station.name,
        departmentId: station.departmentId,
        departmentName: station.departmentName,
        jewelerName: station.jewelerName,
      })),
  });
  return createAssistantService({
    assistant: repos.assistant,
    tools: assistantTools,
    builtIn: createBuiltInEngine({
      tools: assistantTools,
      people: async () =>
        (await repos.workflow.staff()).map((person) => ({
          id: person.id,
          name: personName(person),
        })),
    }),
    secrets: context.secretBox,
    clock: context.clock,
    timeZone: async () => (await settingsService.workingCalendar()).timeZone,
    companyName: config.COMPANY_NAME,
    defaultName: config.AI_ASSISTANT_NAME,
    settings: repos.settings,
    audit: repos.audit,
    logger: context.logger,
    outbound: context.outbound,
  });
}
