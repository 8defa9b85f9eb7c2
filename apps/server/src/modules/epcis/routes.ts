import { ADMIN_ROLES } from '@loupe/domain/auth/permissions';
import {
  EPCIS_MEDIA_TYPE,
  EPCIS_READER_ROLES,
  ZEpcisCaptureSettingsInputSchema,
  ZEpcisCaptureSettingsSchema,
  ZEpcisCaptureTestResultSchema,
  ZEpcisEventQuerySchema,
  ZEpcisExportQuerySchema,
} from '@loupe/domain/integrations/epcis';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, resultWithData } from '../../lib/api-response.ts';
import { apiRoute } from '../../lib/route-schemas.ts';
import { currentUserOf } from '../auth/request-context.ts';
import type { TEpcisCapture } from './capture.ts';
import type { TEpcisService } from './service.ts';

const tags = ['epcis'];

/** An EPCIS 2.0 JSON-LD document; its full shape is GS1's JSON schema (the tests validate against it). */
const ZEpcisDocumentJsonSchema = z.looseObject({
  '@context': z.unknown(),
  type: z.enum(['EPCISDocument', 'EPCISQueryDocument']),
  schemaVersion: z.string(),
  creationDate: z.string(),
  epcisBody: z.record(z.string(), z.unknown()),
});

/** The REST binding's version headers (EPCIS 2.0 §12.7): this server speaks EPCIS 2.0 with CBV 2.0. */
const VERSION_HEADERS = { 'gs1-epcis-version': '2.0.0', 'gs1-cbv-version': '2.0.0' } as const;

/**
 * EPCIS 2.0 out of Loupe (issue 41): the events query of the REST binding, and a document export. The answers
 * are EPCIS documents themselves (application/ld+json), not Loupe's {success, data} envelope, so any EPCIS
 * client reads them. Errors keep Loupe's error shape with a stable code (EPCIS_QUERY_INVALID, …).
 */
export async function registerEpcisRoutes(
  instance: FastifyInstance,
  options: { readonly epcis: TEpcisService; readonly capture: TEpcisCapture },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { epcis, capture } = options;

  app.get(
    '/epcis/events',
    apiRoute(EPCIS_READER_ROLES, {
      tags,
      summary:
        'EPCIS 2.0 events (REST binding SimpleEventQuery) as an EPCISQueryDocument; lists are pipe-delimited; the next page is in the Link header (rel="next") and GS1-Next-Page-Token',
      querystring: ZEpcisEventQuerySchema,
      response: { 200: ZEpcisDocumentJsonSchema },
    }),
    async (request, reply) => {
      const { document, nextPageToken } = await epcis.queryEvents(currentUserOf(request), request.query);
      reply.headers(VERSION_HEADERS).type(EPCIS_MEDIA_TYPE);
      if (nextPageToken !== null) {
        const url = new URL(request.url, 'http://loupe.invalid');
        url.searchParams.set('nextPageToken', nextPageToken);
        reply.header('link', `<${url.pathname}${url.search}>; rel="next"`);
        reply.header('gs1-next-page-token', nextPageToken);
      }
      return document as z.infer<typeof ZEpcisDocumentJsonSchema>;
    },
  );

  app.get(
    '/epcis/documents',
    apiRoute(EPCIS_READER_ROLES, {
      tags,
      summary:
        'Export one job’s EPCIS events (jobId) or a time range’s (from inclusive, to exclusive) as an EPCISDocument download',
      querystring: ZEpcisExportQuerySchema,
      response: { 200: ZEpcisDocumentJsonSchema },
    }),
    async (request, reply) => {
      const document = await epcis.exportDocument(currentUserOf(request), request.query);
      const name =
        request.query.jobId ?? `${request.query.from}_${request.query.to}`.replace(/[^0-9A-Za-z_-]/g, '');
      reply
        .headers(VERSION_HEADERS)
        .type(EPCIS_MEDIA_TYPE)
        .header('content-disposition', `attachment; filename="loupe-epcis-${name}.jsonld"`);
      return document as z.infer<typeof ZEpcisDocumentJsonSchema>;
    },
  );

  // Settings › integrations › EPCIS repository: where Loupe captures its events (admins, like webhooks).
  const captureTags = ['integrations'];

  app.get(
    '/integrations/epcis-capture',
    apiRoute(ADMIN_ROLES, {
      tags: captureTags,
      summary:
        'The EPCIS repository Loupe captures to (the Authorization value is never shown), and its progress',
      response: { 200: resultWithData(ZEpcisCaptureSettingsSchema) },
    }),
    async (request) => ok(await capture.settings(currentUserOf(request))),
  );

  app.put(
    '/integrations/epcis-capture',
    apiRoute(ADMIN_ROLES, {
      tags: captureTags,
      summary:
        'Save the EPCIS repository (its base URL; Loupe POSTs to <url>/capture); authorization: a value replaces, null removes, left out keeps',
      body: ZEpcisCaptureSettingsInputSchema,
      response: { 200: resultWithData(ZEpcisCaptureSettingsSchema) },
    }),
    async (request) =>
      ok(await capture.save(currentUserOf(request), request.body), 'EPCIS repository saved.'),
  );

  app.post(
    '/integrations/epcis-capture/test',
    apiRoute(
      ADMIN_ROLES,
      {
        tags: captureTags,
        summary: 'Send one test event to the saved EPCIS repository now, and answer what it said',
        response: { 200: resultWithData(ZEpcisCaptureTestResultSchema) },
      },
      { rateLimit: { max: 30, timeWindow: '1 minute' } },
    ),
    async (request) => {
      const result = await capture.sendTest(currentUserOf(request));
      return ok(
        result,
        result.ok ? 'The repository accepted the test event.' : 'The test event was not accepted.',
      );
    },
  );
}
