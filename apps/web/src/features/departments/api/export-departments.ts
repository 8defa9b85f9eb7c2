import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** GET /departments/export: every department with its stations, as the JSON file import takes back. */
export async function exportDepartments(): Promise<Blob> {
  return apiClient.download('departments/export');
}

export function useExportDepartments() {
  return useMutation({ mutationFn: exportDepartments });
}
