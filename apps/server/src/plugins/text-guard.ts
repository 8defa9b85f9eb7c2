import { AppError } from '@loupe/domain/errors/errors';
import { findUnstorableText } from '@loupe/domain/validation/storable-text';
import type { FastifyInstance } from 'fastify';
import { describeIssues } from './error-handler.ts';

/**
 * Refuses text PostgreSQL cannot store (NUL, lone surrogates) in the path parameters, query and body of
 * every route, before the route's own validation runs (issue 20 §1): a 400 VALIDATION_FAILED with the usual
 * `details.issues`, where before it reached the database as a 500. Identity requests get the same refusal
 * in Cognito's shape through their plugin's error handler.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const issues = [
      ...findUnstorableText(request.params, 'params'),
      ...findUnstorableText(request.query, 'query'),
      ...findUnstorableText(request.body, 'body'),
    ];
    if (issues.length > 0) {
      throw new AppError('VALIDATION_FAILED', describeIssues(issues), { details: { issues } });
    }
  });
}
