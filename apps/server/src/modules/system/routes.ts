import { IDENTITY } from '@loupe/domain/config/constants';
import { ZPublicConfigSchema } from '@loupe/domain/system/public-config';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TConfig } from '../../config.ts';
import type { TDatabaseHandle } from '../../db/client.ts';
import { apiRoute } from '../../lib/route-schemas.ts';
import type { TIngestBacklog } from '../ingest/batch-queue.ts';
import type { TApplierLag } from '../ingest/journal-applier.ts';
import type { TSettingsService } from '../settings/service.ts';
import type { TProjectionLag } from '../tracking/projections.ts';

/** The embedded pool's id: Cognito-shaped (region_name), because Amplify reads the region from it. */
export const LOCAL_USER_POOL_ID = `${IDENTITY.region}_loupe`;

/** Public endpoints: the runtime configuration a browser needs before sign-in, and health. */
export type TSystemRoutesOptions = {
  readonly config: TConfig;
  readonly database: TDatabaseHandle;
  readonly settingsService: TSettingsService;
  /** The name /ai/settings gives the assistant, AI_ASSISTANT_NAME until then (issue 16). */
  readonly assistantName?: () => Promise<string>;
  /** How far behind the RFID pipeline is (issue 18 §6). */
  readonly ingestBacklog?: () => TIngestBacklog;
  /** How far the read journal's applier is behind what was acknowledged (decision 025). */
  readonly ingestApplierLag?: () => Promise<TApplierLag>;
  /** How far each projection of the moves is behind them (decision 026). */
  readonly projectionsLag?: () => Promise<readonly TProjectionLag[]>;
};

/** The pipeline is behind when a payload waited this long, or any payload waits for room in its queue. */
export const INGEST_BEHIND_AFTER_MS = 1_000;

const ZIngestHealthSchema = z.object({
  behind: z.boolean(),
  queuedReads: z.number(),
  waitingPayloads: z.number(),
  maxQueuedReads: z.number(),
  lagMs: z.number(),
  /**
   * The read journal's rows acknowledged and not yet applied, how long the oldest has waited (ms), and the
   * rows passed over that an admin has not replayed yet (/rfid-mapping).
   */
  applier: z.object({ rows: z.number(), oldestMs: z.number(), passedOver: z.number() }).optional(),
  /** Each projection of the moves (decision 026): batches of moves not applied yet, the oldest one's age (ms). */
  projections: z.array(z.object({ name: z.string(), rows: z.number(), oldestMs: z.number() })).optional(),
});

export async function registerSystemRoutes(instance: FastifyInstance, options: TSystemRoutesOptions) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { config, database, settingsService } = options;

  app.get(
    '/api/config',
    apiRoute('public', {
      tags: ['system'],
      summary: 'Runtime configuration for the web client',
      response: { 200: ZPublicConfigSchema },
    }),
    async (request) => {
      const local = config.AUTH_MODE === 'local';
      // Branding saved in settings › general wins over the installation's environment defaults.
      const branding = await settingsService.branding();
      return {
        authMode: config.AUTH_MODE,
        userPoolId: local ? LOCAL_USER_POOL_ID : (config.COGNITO_USER_POOL_ID ?? ''),
        userPoolClientId: local ? config.LOCAL_CLIENT_ID : (config.COGNITO_CLIENT_ID ?? ''),
        ...(local ? { userPoolEndpoint: `${browserOrigin(request, config)}/api/idp` } : {}),
        region: local ? IDENTITY.region : config.COGNITO_REGION,
        ...branding,
        aiAssistantName: options.assistantName ? await options.assistantName() : config.AI_ASSISTANT_NAME,
      };
    },
  );

  app.get(
    '/api/health',
    apiRoute('public', {
      tags: ['system'],
      summary: 'Process and database health',
      response: {
        200: z.object({
          status: z.literal('ok'),
          database: z.enum(['pglite', 'postgres']),
          uptimeSeconds: z.number(),
          ingest: ZIngestHealthSchema.optional(),
        }),
        503: z.object({ status: z.literal('unavailable'), database: z.enum(['pglite', 'postgres']) }),
      },
    }),
    async (request, reply) => {
      try {
        // Before the database answers: a busy embedded database would make every backlog look drained.
        const backlog = options.ingestBacklog?.();
        await database.db.execute(sql`select 1`);
        const applier = await options.ingestApplierLag?.();
        const projections = await options.projectionsLag?.();
        return {
          status: 'ok' as const,
          database: database.kind,
          uptimeSeconds: Math.round(process.uptime()),
          ...(backlog
            ? {
                ingest: {
                  ...backlog,
                  ...(applier ? { applier } : {}),
                  ...(projections ? { projections: [...projections] } : {}),
                  behind: backlog.waitingPayloads > 0 || backlog.lagMs >= INGEST_BEHIND_AFTER_MS,
                },
              }
            : {}),
        };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'unavailable' as const, database: database.kind });
      }
    },
  );
}

/**
 * Where the browser reached Loupe. Without PUBLIC_URL, a workshop PC opening http://192.168.1.20:3000
 * must sign in there, not at its own localhost; tokens keep PUBLIC_URL's issuer either way.
 */
function browserOrigin(request: FastifyRequest, config: TConfig): string {
  return config.PUBLIC_URL ? config.publicUrl : `${request.protocol}://${request.host}`;
}
