import { listPageSchema } from '@loupe/domain/api/list';
import { ZDesignSchema } from '@loupe/domain/catalog/catalog';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';

export const DESIGN_PICKER_LIMIT = 8;

const ZDesignsPageSchema = listPageSchema(ZDesignSchema);

/** GET /catalog/designs?q=: the order form's design picker asks as one types (SearchPicker caches it). */
export async function searchDesigns(q: string, signal?: AbortSignal) {
  const body = await apiClient.get('catalog/designs', {
    searchParams: { q: q || undefined, limit: DESIGN_PICKER_LIMIT },
    ...(signal ? { signal } : {}),
  });
  return parseData(ZDesignsPageSchema, body).items;
}
