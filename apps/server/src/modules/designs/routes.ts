import {
  DESIGN_REQUEST_CREATOR_ROLES,
  DESIGN_REQUEST_VIEWER_ROLES,
  DESIGN_WORKER_ROLES,
} from '@loupe/domain/auth/permissions';
import { IMAGE_CONTENT_TYPES, ZAttachmentSchema } from '@loupe/domain/catalog/catalog';
import { CAD_ACCEPT, CAD_CONTENT_TYPES, CAD_MAX_BYTES } from '@loupe/domain/designs/design-files';
import {
  ZCreateDesignRequestSchema,
  ZCreateDesignRevisionSchema,
  ZDesignApprovalLinkSchema,
  ZDesignDecisionInputSchema,
  ZDesignRequestListQuerySchema,
  ZDesignRequestSchema,
  ZDesignRequestSummarySchema,
  ZDesignRevisionSchema,
  ZPublicDesignRevisionSchema,
  ZUpdateDesignRequestSchema,
} from '@loupe/domain/designs/design-requests';
import { AppError } from '@loupe/domain/errors/errors';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, resultWithData, ZMessageResultSchema } from '../../lib/api-response.ts';
import { apiRoute, ZIdParamsSchema } from '../../lib/route-schemas.ts';
import type { TImageStorage } from '../attachments/image-storage.ts';
import type { TAttachmentRow } from '../attachments/repository.ts';
import { contentDisposition } from '../attachments/service.ts';
import { imageUploadDoc, keepImagesIf, receiveImages, registerImageUploads } from '../attachments/uploads.ts';
import { currentUserOf } from '../auth/request-context.ts';
import type { TDesignsService } from './service.ts';

const ZRevisionParamsSchema = z.object({ id: z.uuid(), revisionId: z.uuid() });
const ZFileParamsSchema = ZRevisionParamsSchema.extend({ fileId: z.uuid() });
// Any string up to a sane length reaches the service, which answers one 404 for every wrong token.
const ZTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });
/** How many times one address may open or answer approval pages a minute: plenty for a customer. */
const PUBLIC_LIMIT_PER_MINUTE = 30;

const TAGS = ['design-requests'];

/**
 * Design requests, revisions and the customer's approval (issue 17 §2–4): staff routes under
 * /design-requests, and the public approval page's routes under /public/design-approvals/{token}.
 */
export async function registerDesignsRoutes(
  instance: FastifyInstance,
  options: { readonly designs: TDesignsService; readonly storage: TImageStorage },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { designs, storage } = options;
  // Revisions take CAD files up to CAD_MAX_BYTES; their images keep the image limit (the storage checks it).
  await registerImageUploads(app, { maxFileBytes: CAD_MAX_BYTES });

  app.get(
    '/design-requests',
    apiRoute(DESIGN_REQUEST_VIEWER_ROLES, {
      tags: TAGS,
      summary:
        "Design requests by due date: all of them for designers and admins, a salesperson's own customers' for them",
      querystring: ZDesignRequestListQuerySchema,
      response: { 200: resultWithData(z.array(ZDesignRequestSummarySchema)) },
    }),
    async (request) => ok(await designs.list(currentUserOf(request), request.query)),
  );

  app.post(
    '/design-requests',
    apiRoute(DESIGN_REQUEST_CREATOR_ROLES, {
      tags: TAGS,
      summary: 'Open the design request of an order that needs design work (one per order)',
      body: ZCreateDesignRequestSchema,
      response: { 201: resultWithData(ZDesignRequestSchema) },
    }),
    async (request, reply) => {
      const data = await designs.create(currentUserOf(request), request.body);
      return reply.status(201).send(ok(data, 'Design requested.'));
    },
  );

  app.get(
    '/design-requests/:id',
    apiRoute(DESIGN_REQUEST_VIEWER_ROLES, {
      tags: TAGS,
      summary: "A design request with the customer's brief and photos and its revisions, newest first",
      params: ZIdParamsSchema,
      response: { 200: resultWithData(ZDesignRequestSchema) },
    }),
    async (request) => ok(await designs.get(currentUserOf(request), request.params.id)),
  );

  app.patch(
    '/design-requests/:id',
    apiRoute(DESIGN_WORKER_ROLES, {
      tags: TAGS,
      summary: 'Take a request (status new or in-progress), assign its designer, edit its brief or due date',
      params: ZIdParamsSchema,
      body: ZUpdateDesignRequestSchema,
      response: { 200: resultWithData(ZDesignRequestSchema) },
    }),
    async (request) =>
      ok(
        await designs.update(currentUserOf(request), request.params.id, request.body),
        'Design request updated.',
      ),
  );

  app.post(
    '/design-requests/:id/revisions',
    apiRoute(DESIGN_WORKER_ROLES, {
      tags: TAGS,
      summary: 'Start the next numbered revision, with notes; its files are uploaded after',
      params: ZIdParamsSchema,
      body: ZCreateDesignRevisionSchema,
      response: { 201: resultWithData(ZDesignRevisionSchema) },
    }),
    async (request, reply) => {
      const data = await designs.addRevision(currentUserOf(request), request.params.id, request.body);
      return reply.status(201).send(ok(data, `Revision ${data.number} started.`));
    },
  );

  app.post(
    '/design-requests/:id/revisions/:revisionId/files',
    apiRoute(DESIGN_WORKER_ROLES, {
      tags: TAGS,
      summary:
        'Upload renders and CAD files (STL, OBJ, 3DM, STEP) of a revision not sent yet (multipart, with progress)',
      ...imageUploadDoc,
      description: `${imageUploadDoc.description} CAD files by their extension, checked against their content: ${CAD_ACCEPT}, each at most ${CAD_MAX_BYTES / 1024 / 1024} MB.`,
      params: ZRevisionParamsSchema,
      response: { 201: resultWithData(z.array(ZAttachmentSchema)) },
    }),
    async (request, reply) => {
      const actor = currentUserOf(request);
      const { id, revisionId } = request.params;
      await designs.assertMayAddFiles(actor, id, revisionId);
      const files = await receiveImages(request, storage, { allowCad: true });
      const data = await keepImagesIf(storage, files, () => designs.addFiles(actor, id, revisionId, files));
      const message = data.length === 1 ? 'File uploaded.' : `${data.length} files uploaded.`;
      return reply.status(201).send(ok(data, message));
    },
  );

  app.delete(
    '/design-requests/:id/revisions/:revisionId/files/:fileId',
    apiRoute(DESIGN_WORKER_ROLES, {
      tags: TAGS,
      summary: 'Remove a file of a revision not sent yet',
      params: ZFileParamsSchema,
      response: { 200: ZMessageResultSchema },
    }),
    async (request) => {
      const { id, revisionId, fileId } = request.params;
      const row = await designs.removeFile(currentUserOf(request), id, revisionId, fileId);
      await storage.remove([row.storageKey]);
      return { success: true as const, message: 'File removed.' };
    },
  );

  app.post(
    '/design-requests/:id/revisions/:revisionId/approval-link',
    apiRoute(
      DESIGN_REQUEST_VIEWER_ROLES,
      {
        tags: TAGS,
        summary:
          "Send a revision for approval: the customer's link (the same on a second press); other revisions' links are revoked",
        params: ZRevisionParamsSchema,
        response: { 200: resultWithData(ZDesignApprovalLinkSchema) },
      },
      { rateLimit: { max: 30, timeWindow: '1 minute' } },
    ),
    async (request) => ({
      success: true as const,
      message: 'Sent for approval.',
      data: await designs.sendForApproval(
        currentUserOf(request),
        request.params.id,
        request.params.revisionId,
      ),
    }),
  );

  app.delete(
    '/design-requests/:id/revisions/:revisionId/approval-link',
    apiRoute(DESIGN_REQUEST_VIEWER_ROLES, {
      tags: TAGS,
      summary: "Revoke a revision's approval link: it answers 404 from now on",
      params: ZRevisionParamsSchema,
      response: { 200: ZMessageResultSchema },
    }),
    async (request) => {
      await designs.revokeApproval(currentUserOf(request), request.params.id, request.params.revisionId);
      return { success: true as const, message: 'Approval link revoked.' };
    },
  );

  const publicConfig = {
    access: 'public' as const,
    rateLimit: { max: PUBLIC_LIMIT_PER_MINUTE, timeWindow: '1 minute' },
  };
  // A capability in the URL: kept out of caches and search engines.
  const privateAnswer = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex, nofollow');

  app.get(
    '/public/design-approvals/:token',
    {
      config: publicConfig,
      schema: {
        tags: ['public'],
        summary: "The one revision an approval link was sent for: its notes, files and the customer's answer",
        params: ZTokenParamsSchema,
        response: { 200: resultWithData(ZPublicDesignRevisionSchema) },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      return ok(await designs.publicView(request.params.token));
    },
  );

  app.get(
    '/public/design-approvals/:token/files/:fileId',
    {
      config: publicConfig,
      schema: {
        tags: ['public'],
        summary: "A file of the link's revision, and of no other",
        params: ZTokenParamsSchema.extend({ fileId: z.uuid() }),
        produces: [...IMAGE_CONTENT_TYPES, ...new Set(Object.values(CAD_CONTENT_TYPES))],
        response: { 200: z.unknown().describe('The file bytes') },
      },
    },
    async (request, reply) => {
      const row = await designs.publicFile(request.params.token, request.params.fileId);
      return sendFile(reply, storage, row);
    },
  );

  app.post(
    '/public/design-approvals/:token/decision',
    {
      config: publicConfig,
      schema: {
        tags: ['public'],
        summary:
          'The customer approves the revision or asks for changes with a comment, confirmed with their typed name; once (DESIGN_DECISION_ALREADY_MADE after, DESIGN_APPROVAL_LINK_EXPIRED once the order is finished or a newer revision was sent)',
        params: ZTokenParamsSchema,
        body: ZDesignDecisionInputSchema,
        response: { 200: resultWithData(ZPublicDesignRevisionSchema) },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      const data = await designs.decide(request.params.token, request.body);
      return {
        success: true as const,
        message:
          data.decision === 'approved' ? 'Thank you: design approved.' : 'Thank you: we will be in touch.',
        data,
      };
    },
  );
}

async function sendFile(reply: FastifyReply, storage: TImageStorage, row: TAttachmentRow) {
  const file = await storage.open(row.storageKey);
  if (!file) throw new AppError('NOT_FOUND', 'This file does not exist.');
  return reply
    .type(row.contentType)
    .header('content-length', String(file.sizeBytes))
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', contentDisposition(row.fileName, row.contentType))
    .header('cache-control', 'no-store')
    .send(file.stream);
}
