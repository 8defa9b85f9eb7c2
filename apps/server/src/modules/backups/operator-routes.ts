import type { FastifyInstance } from 'fastify';
import { bearerToken } from '../auth/current-user.ts';
import { BackupError } from './backup-manifest.ts';
import { isOperatorToken, type TBackupService } from './service.ts';

/**
 * `POST /operator/backups`: the call `npm run backup` makes to a running Loupe on the embedded database,
 * whose PGlite only this process may open (docs/deployment.md). Outside /api: no person or browser calls
 * it, so it has no access rule of the table, CSRF or session; the operator token (service.ts) is its
 * only key, compared in constant time. A wrong or missing token is 401 and nothing happens.
 */
export async function registerOperatorRoutes(
  app: FastifyInstance,
  options: { readonly backups: TBackupService; readonly secret: () => string },
): Promise<void> {
  // Not part of the API: left out of its OpenAPI document, as /metrics is.
  app.post('/operator/backups', { schema: { hide: true } }, async (request, reply) => {
    if (!isOperatorToken(options.secret(), bearerToken(request) ?? undefined)) {
      return reply
        .status(401)
        .send({ code: 'BACKUP_UNAUTHORIZED', message: 'the operator token is missing or wrong' });
    }
    try {
      const lines: string[] = [];
      const created = await options.backups.backupNow({
        onProgress: (line) => {
          lines.push(line);
          request.log.info({ backup: line }, 'backup');
        },
      });
      return { name: created.name, dir: created.dir, manifest: created.manifest, progress: lines };
    } catch (error) {
      if (!(error instanceof BackupError)) throw error;
      return reply
        .status(error.code === 'BACKUP_IN_PROGRESS' ? 409 : 500)
        .send({ code: error.code, message: error.message });
    }
  });
}
