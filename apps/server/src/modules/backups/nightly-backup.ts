import type { TWorkshopGeneralSettings } from '@loupe/domain/settings/workshop-general-settings';
import type { TClock } from '../../lib/clock.ts';
import type { TBackupService } from './service.ts';

/** Two nightly backups are at least this far apart, whichever minute of BACKUP_HOUR the first ran. */
const MIN_GAP_MS = 12 * 3_600_000;

/**
 * Tonight's backup is due when Settings › general keeps some (nightlyBackupKeep > 0), it is BACKUP_HOUR in
 * the workshop's time zone, and the newest backup is older than twelve hours (or there is none).
 */
export function isNightlyBackupDue(input: {
  readonly now: Date;
  readonly timeZone: string;
  readonly backupHour: number;
  readonly keep: number | undefined;
  readonly newestAt: Date | null;
}): boolean {
  if (!input.keep) return false;
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: input.timeZone, hour: '2-digit', hourCycle: 'h23' }).format(
      input.now,
    ),
  );
  if (hour !== input.backupHour) return false;
  return input.newestAt === null || input.now.getTime() - input.newestAt.getTime() >= MIN_GAP_MS;
}

/** One look at the clock (background-jobs.ts runs it every minute): a backup when one is due. */
export function nightlyBackupTick(options: {
  readonly backups: TBackupService;
  readonly generalSettings: () => Promise<TWorkshopGeneralSettings>;
  readonly timeZone: () => Promise<string>;
  readonly backupHour: number;
  readonly clock: TClock;
}): () => Promise<string | null> {
  return async () => {
    const { nightlyBackupKeep: keep } = await options.generalSettings();
    if (!keep) return null;
    const due = isNightlyBackupDue({
      now: options.clock(),
      timeZone: await options.timeZone(),
      backupHour: options.backupHour,
      keep,
      newestAt: await options.backups.newestBackupAt(),
    });
    if (!due) return null;
    const created = await options.backups.backupNow({ keep, trigger: 'nightly' });
    return created.name;
  };
}
