import { ADMIN_ROLES } from '@loupe/domain/auth/permissions';
import {
  PASSED_OVER_LISTED,
  PASSED_OVER_REPLAY_LIMIT,
  ZReplaySummarySchema,
  ZRfidStatusSchema,
} from '@loupe/domain/rfid/rfid-status';
import { ZMqttSettingsSchema } from '@loupe/domain/settings/mqtt-settings';
import type { FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, resultWithData } from '../../lib/api-response.ts';
import { apiRoute } from '../../lib/route-schemas.ts';
import { ZImpinjTagInventorySchema } from './adapters/impinj.ts';
import { ZZebraTagDataSchema } from './adapters/zebra.ts';
import { PAYLOAD_FORMATS, readerTopic, type TPayloadFormat } from './mqtt-topics.ts';
import type { TRfidService } from './service.ts';

// What the vendors send, for the OpenAPI document and generated clients (issue 21 §2). The routes read the
// body as text themselves (NDJSON and glued objects are not JSON), so these describe it, not validate it.
const ZZebraEventSchema = z.union([
  ZZebraTagDataSchema,
  z.looseObject({ type: z.literal('heartbeat'), timestamp: z.string() }),
]);
const INGEST_BODIES: Readonly<Record<TPayloadFormat, z.ZodType>> = {
  reads: z
    .unknown()
    .describe('One tag read or an array of them: {epc or epcCode, antenna?, timestamp?, rssi?}'),
  zebra: z
    .union([ZZebraEventSchema, z.array(ZZebraEventSchema)])
    .describe('One IoT Connector event or an array of them; NDJSON and objects glued }{ are read too'),
  impinj: z
    .array(
      z.union([ZImpinjTagInventorySchema, z.looseObject({ eventType: z.string(), timestamp: z.string() })]),
    )
    .describe("The R700 webhook's array of events; [] is its keep-alive. NDJSON is read too"),
};

const ZIngestSummarySchema = z.object({
  accepted: z.number().int(),
  repeats: z.number().int(),
  rejected: z
    .array(z.object({ index: z.number().int(), message: z.string() }))
    .describe('The first 20 parts that could not be read, with why'),
  rejectedCount: z.number().int().describe('How many parts could not be read'),
  ignored: z.number().int(),
  heartbeats: z.number().int(),
});

const TOPIC_DESCRIPTIONS: Readonly<Record<TPayloadFormat, string>> = {
  zebra: 'Zebra FX readers (IoT Connector data and management events)',
  impinj: 'Impinj R700 readers (IoT device interface events)',
  reads: 'Generic JSON tag reads',
};

// Any one of the three: each is the reader's API key (issue 21 §1).
const readerDoc = {
  security: [{ readerApiKey: [] }, { readerBearer: [] }, { readerBasic: [] }] as {
    [scheme: string]: string[];
  }[],
};
const readerRoute = { access: 'reader' as const, csrfExempt: true };

/**
 * HTTP ingest (issue 6 §1): the reader is the one whose API key comes with the request (X-API-Key); the
 * answer is sent once its reads are recorded, so a 2xx means nothing is lost. Payloads are read as text:
 * NDJSON and objects glued `}{` are not JSON, and a payload's reads are counted before it is parsed, so one
 * holding too many is refused without an object made per element (issue 34 §3).
 */
export async function registerRfidRoutes(
  instance: FastifyInstance,
  options: { readonly rfid: TRfidService },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { rfid } = options;

  app.get(
    '/rfid/status',
    apiRoute(ADMIN_ROLES, {
      tags: ['rfid'],
      summary:
        'What this instance’s pipeline has seen since it started, and the cluster’s reads of unmapped antennas and unknown tags',
      security: [{ idToken: [] }],
      response: { 200: resultWithData(ZRfidStatusSchema) },
    }),
    async () => {
      const { unmapped: _local, unknownTag: _localUnknown, ...counters } = rfid.pipeline.counters();
      const [unresolved, rejections, passedOver] = await Promise.all([
        rfid.unresolvedReads(),
        rfid.rejections(),
        rfid.pipeline.passedOver(PASSED_OVER_LISTED),
      ]);
      const of = (reason: string) =>
        unresolved.filter((row) => row.reason === reason).map(({ reason: _r, ...row }) => row);
      const unknownTags = of('unknown-tag');
      return {
        success: true as const,
        data: {
          ...counters,
          unknownTag: unknownTags.reduce((sum, row) => sum + row.reads, 0),
          unmapped: of('unmapped-antenna'),
          unknownTags,
          rejections,
          passedOver: {
            total: passedOver.total,
            rows: passedOver.rows.map((row) => ({
              seq: row.seq,
              kind: row.kind,
              epc: row.epc,
              readerId: row.readerId,
              antenna: row.antenna,
              readAt: row.readAt.toISOString(),
              error: row.error,
              attempts: row.attempts,
              passedOverAt: row.passedOverAt.toISOString(),
            })),
          },
        },
      };
    },
  );

  app.post(
    '/rfid/passed-over/replay',
    apiRoute(ADMIN_ROLES, {
      tags: ['rfid'],
      summary: `Applies again the acknowledged reads the applier passed over (oldest first, up to ${PASSED_OVER_REPLAY_LIMIT}), once what refused them is fixed; a read refused again stays listed`,
      security: [{ idToken: [] }],
      response: { 200: resultWithData(ZReplaySummarySchema) },
    }),
    async () => ok(await rfid.pipeline.replayPassedOver()),
  );

  app.get(
    '/settings/mqtt',
    apiRoute(ADMIN_ROLES, {
      tags: ['settings', 'rfid'],
      summary: 'Settings › MQTT: how readers reach this instance, the broker’s state and the reader topics',
      security: [{ idToken: [] }],
      response: { 200: resultWithData(ZMqttSettingsSchema) },
    }),
    async () => {
      const transport = rfid.mqttTransport();
      return {
        success: true as const,
        data: {
          mode: transport.mode,
          port: transport.mode === 'embedded' ? transport.port : null,
          brokerHost: transport.mode === 'external' ? transport.brokerHost : null,
          connectedClients: transport.mode === 'embedded' ? transport.connectedClients() : null,
          subscription: transport.mode === 'external' ? transport.subscription : null,
          topics: PAYLOAD_FORMATS.map((format) => ({
            format,
            topic: readerTopic('{readerId}', format),
            description: TOPIC_DESCRIPTIONS[format],
          })),
        },
      };
    },
  );

  await app.register(async (raw) => {
    raw.addContentTypeParser(
      ['application/json', 'text/plain', 'application/x-ndjson'],
      { parseAs: 'string' },
      (_request, body, done) => done(null, body),
    );
    // The body stays text: its schema only documents it (see INGEST_BODIES); the adapters read and check it.
    raw.setValidatorCompiler<z.ZodType>((route) =>
      route.httpPart === 'body' ? (data: unknown) => ({ value: data }) : validatorCompiler(route),
    );
    const rawApp = raw.withTypeProvider<ZodTypeProvider>();
    const formats: readonly [TPayloadFormat, string, string][] = [
      [
        'reads',
        '/rfid/reads',
        'Generic JSON: one tag read or an array (spec §3 tag read or simplified scan events)',
      ],
      [
        'zebra',
        '/rfid/zebra',
        'Zebra FX IoT Connector data and management events (object, array, NDJSON or glued)',
      ],
      ['impinj', '/rfid/impinj', 'Impinj R700 IoT interface webhook (array of events; [] is a keep-alive)'],
    ];
    for (const [format, url, summary] of formats) {
      rawApp.post(
        url,
        {
          config: readerRoute,
          schema: {
            tags: ['rfid'],
            summary,
            ...readerDoc,
            body: INGEST_BODIES[format],
            response: { 200: resultWithData(ZIngestSummarySchema) },
          },
        },
        async (request) =>
          ok(await rfid.ingest(request.currentReaderId ?? '', format, request.body as unknown)),
      );
    }
  });
}
