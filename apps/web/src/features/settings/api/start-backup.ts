import { ZBackupProgressSchema } from '@loupe/domain/settings/backups';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { settingsQueryKeys } from './settings-query-keys';

export async function startBackup() {
  return parseData(ZBackupProgressSchema, await apiClient.post('settings/backups'));
}

/** "Back up now": the server answers at once; the list then polls the backup's progress. */
export function useStartBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startBackup,
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsQueryKeys.backups }),
  });
}
