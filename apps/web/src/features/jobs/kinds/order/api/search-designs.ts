import { listPageSchema } from '@loupe/domain/api/list';
import { type TDesign, ZDesignSchema } from '@loupe/domain/catalog/catalog';
import { lazySchema } from '@loupe/domain/validation/lazy-schema';
import { usePickerQuery } from '@/components/search-picker';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { orderFormQueryKeys } from '../../../api/query-keys';

export const DESIGN_PICKER_LIMIT = 8;

const ZDesignsPageSchema = lazySchema(() => listPageSchema(ZDesignSchema));

/** GET /catalog/designs?q=: the order form's design picker asks as one types (each answer cached by `useSearchDesigns`). */
export async function searchDesigns(q: string, signal?: AbortSignal) {
  const body = await apiClient.get('catalog/designs', {
    searchParams: { q: q || undefined, limit: DESIGN_PICKER_LIMIT },
    ...(signal ? { signal } : {}),
  });
  return parseData(ZDesignsPageSchema, body).items;
}

/** The design picker's search, each answer shown as `select` makes it. */
export function useSearchDesigns<T>(q: string, enabled: boolean, select: (designs: TDesign[]) => T) {
  const search = (signal: AbortSignal) => searchDesigns(q, signal);
  return usePickerQuery({ queryKey: orderFormQueryKeys.designs(q), search, enabled, select });
}
