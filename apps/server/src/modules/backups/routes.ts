import { AppError } from '@loupe/domain/errors/errors';
import { ZBackupProgressSchema, ZBackupsOverviewSchema } from '@loupe/domain/settings/backups';
import { SETTINGS_SECTION_ACCESS } from '@loupe/domain/settings/sections';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, resultWithData } from '../../lib/api-response.ts';
import { apiRoute } from '../../lib/route-schemas.ts';
import type { TAccess } from '../../plugins/access-control.ts';
import { BackupError } from './backup-manifest.ts';
import type { TBackupService } from './service.ts';

/**
 * Settings › general › backups (issue 42 §1): the list of backups with size, time and checksum, the one
 * being made (polled while it runs), and "Back up now". Whoever may change Settings › general (admin and
 * manager, spec §6) may see and start them; restoring stays a command on the server (`npm run restore`).
 */
export async function registerBackupRoutes(
  instance: FastifyInstance,
  options: { readonly backups: TBackupService },
): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const access = SETTINGS_SECTION_ACCESS.general;
  const roles: TAccess = access === 'all' ? 'signed-in' : access;

  app.get(
    '/settings/backups',
    apiRoute(roles, {
      tags: ['settings'],
      summary: 'The backups of this server, newest first, and the one being made now with its progress',
      response: { 200: resultWithData(ZBackupsOverviewSchema) },
    }),
    async () => ok(await options.backups.overview()),
  );

  app.post(
    '/settings/backups',
    apiRoute(roles, {
      tags: ['settings'],
      summary: 'Start a backup now; answers at once with its progress (GET /settings/backups for the rest)',
      response: { 202: resultWithData(ZBackupProgressSchema) },
    }),
    async (request, reply) => {
      try {
        const progress = options.backups.start('manual');
        request.log.info({ backup: 'started', trigger: 'manual' }, 'backup');
        return reply.status(202).send(ok(progress, 'Backup started.'));
      } catch (error) {
        if (error instanceof BackupError && error.code === 'BACKUP_IN_PROGRESS') {
          throw new AppError('CONFLICT', 'A backup is already being made.', {
            details: { code: error.code },
          });
        }
        throw error;
      }
    },
  );
}
