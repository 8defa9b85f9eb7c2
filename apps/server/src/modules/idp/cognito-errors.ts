import { AppError } from '@loupe/domain/errors/errors';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AMZ_JSON, validationMessage } from './cognito-wire.ts';
import { IdpError, invalidParameter } from './idp-error.ts';

/** Any error of the identity routes as Cognito answers it: `{__type, message}`, its status, no internals. */
export function toIdpError(error: unknown): IdpError {
  if (error instanceof IdpError) return error;
  if (error instanceof z.ZodError) return invalidParameter(validationMessage(error));
  // Refusals of the app's own hooks (text PostgreSQL cannot store): Cognito's shape, their status.
  if (error instanceof AppError && error.status < 500) {
    return new IdpError('InvalidParameterException', error.message, error.status);
  }
  const fastifyError = error as Partial<FastifyError>;
  if (
    fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
  ) {
    return new IdpError('SerializationException', 'The request body is not valid JSON.');
  }
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // Fastify's own refusals (body too large, unsupported media type): their messages carry no request data.
    return new IdpError(
      'InvalidParameterException',
      fastifyError.message ?? 'The request is not valid.',
      status,
    );
  }
  return new IdpError('InternalErrorException', 'Internal error', 500);
}

export function sendIdpError(request: FastifyRequest, reply: FastifyReply, error: IdpError): void {
  if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
  void reply
    .status(error.status)
    .header('x-amzn-requestid', request.id)
    .header('x-amzn-errortype', error.type)
    .type(AMZ_JSON)
    .send({ __type: error.type, message: error.message });
}
