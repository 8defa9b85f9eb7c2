import { ZBackupsOverviewSchema } from '@loupe/domain/settings/backups';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { settingsQueryKeys } from './settings-query-keys';

/** While a backup is being made, its progress is asked for this often. */
export const BACKUP_PROGRESS_POLL_MS = 1_000;

export async function getBackups() {
  return parseData(ZBackupsOverviewSchema, await apiClient.get('settings/backups'));
}

export const backupsQueryOptions = () =>
  queryOptions({
    queryKey: settingsQueryKeys.backups,
    queryFn: getBackups,
    // Polled only while a backup runs (started here, by the nightly schedule or by `npm run backup`).
    refetchInterval: (query) => (query.state.data?.running ? BACKUP_PROGRESS_POLL_MS : false),
  });

export function useBackups() {
  return useQuery(backupsQueryOptions());
}
