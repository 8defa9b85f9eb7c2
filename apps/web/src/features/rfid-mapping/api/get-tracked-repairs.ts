import { type TTrackedRepair, ZTrackedRepairSchema } from '@loupe/domain/tracking/repair-tracking';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';

/** GET /tracking/repairs: every tracked repair. */
export async function getTrackedRepairs(signal?: AbortSignal): Promise<TTrackedRepair[]> {
  return parseData(
    z.array(ZTrackedRepairSchema),
    await apiClient.get('tracking/repairs', signal ? { signal } : {}),
  );
}
