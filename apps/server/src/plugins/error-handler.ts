import { AppError, ERROR_CODES, type TApiError, type TErrorCode } from '@loupe/domain/errors/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { loggablePath } from '../lib/log-serializers.ts';
import { wantsWebApp } from './web-app.ts';

/**
 * The one error handler of /api/v1 (docs/architecture.md): every failure becomes the spec's error object
 * {message, status, code, details, correlationId}; 5xx bodies never carry internals, the log does.
 */
export function registerErrorHandler(app: FastifyInstance, options: { serveWebApp: () => boolean }): void {
  app.setErrorHandler((error: FastifyError, request, reply) => sendError(request, reply, toAppError(error)));

  app.setNotFoundHandler((request, reply) => {
    // Deep links of the single-page app (/orders/42) are the app's to resolve, not a 404.
    if (options.serveWebApp() && wantsWebApp(request.method, request.url)) {
      void reply.header('cache-control', 'no-cache').sendFile('index.html');
      return;
    }
    // The message is logged too: the path as the log may show it (no query, no capability token).
    const path = loggablePath(request.url);
    sendError(request, reply, new AppError('NOT_FOUND', `No route for ${request.method} ${path}.`));
  });
}

/**
 * Fastify's own refusals before any route is found (a path that is not valid percent-encoded UTF-8, a path
 * parameter over the router's length limit): the same error object as every other refusal, without echoing
 * the address back. Passed as Fastify's `frameworkErrors` option.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  reply.header('x-correlation-id', request.id);
  const status = error.statusCode === 414 ? 414 : 400;
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'A part of the address of this request is too long.'
      : 'The address of this request is not valid.';
  sendError(request, reply, new AppError('VALIDATION_FAILED', message, { status }));
}

export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((issue) => ({
      field: [
        error.validationContext,
        ...String(issue.instancePath ?? '')
          .split('/')
          .filter(Boolean),
      ].join('.'),
      message: issue.message ?? 'is not valid',
    }));
    return new AppError(codeOfIssues(error.validation), describeIssues(issues), { details: { issues } });
  }
  const status = (error as FastifyError).statusCode;
  if (String((error as FastifyError).code).startsWith('FST_CSRF')) {
    return new AppError(
      'CSRF_INVALID',
      'The security token of this request is missing or invalid. Reload the page.',
    );
  }
  if (status === 429) {
    return new AppError('RATE_LIMITED', 'Too many requests. Wait a moment and try again.');
  }
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new AppError('VALIDATION_FAILED', (error as Error).message, { status });
  }
  return new AppError(
    'INTERNAL',
    'Something went wrong on our side. Try again; if it persists, contact support.',
    {
      cause: error,
    },
  );
}

/**
 * VALIDATION_FAILED, unless every issue comes from a domain refinement that names its own stable code in
 * `params.code` (ZWorkshopLocaleSchema's LOCALE_UNKNOWN): then that code, so a client can tell it apart.
 */
function codeOfIssues(validation: readonly { params?: unknown }[]): TErrorCode {
  const codes = new Set(
    validation.map((issue) => {
      const params = (issue.params as { params?: { code?: unknown } } | undefined)?.params;
      return params?.code;
    }),
  );
  const [code] = codes;
  return codes.size === 1 && typeof code === 'string' && code in ERROR_CODES
    ? (code as TErrorCode)
    : 'VALIDATION_FAILED';
}

export function describeIssues(issues: readonly { field: string; message: string }[]): string {
  const first = issues[0];
  if (!first) return 'The request is not valid.';
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
  return `${first.field}: ${first.message}${more}`;
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError): void {
  if (error.status >= 500) request.log.error({ err: error.cause ?? error }, 'request failed');
  else request.log.info({ code: error.code, status: error.status }, error.message);
  const body: TApiError = {
    message: error.message,
    status: error.status,
    code: error.code,
    details: error.status >= 500 ? undefined : error.details,
    correlationId: request.id,
  };
  if (error.status === 429 && !reply.hasHeader('retry-after')) {
    const retryAfter = (error.details as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds;
    reply.header('retry-after', String(retryAfter ?? 60));
  }
  void reply.status(error.status).send(body);
}
