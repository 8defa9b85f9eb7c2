import type { TTrackedItemKind } from '@loupe/domain/tracking/tracking-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { offsiteQueryKeys } from './offsite-query-keys';

export type TReturnOffsiteItem = { readonly itemKind: TTrackedItemKind; readonly itemId: string };

/** The return route of each kind: POST /tracking/orders/{id}/return or /tracking/repairs/{id}/return. */
export function returnPath({ itemKind, itemId }: TReturnOffsiteItem): string {
  const id = encodeURIComponent(itemId);
  switch (itemKind) {
    case 'order':
      return `tracking/orders/${id}/return`;
    case 'repair':
      return `tracking/repairs/${id}/return`;
    default: {
      const unreachable: never = itemKind;
      throw new Error(`unknown item kind ${String(unreachable)}`);
    }
  }
}

/** Marks an offsite order or repair as back in the building (spec §4: offsite → returned). */
export async function returnOffsiteItem(item: TReturnOffsiteItem): Promise<void> {
  await apiClient.post(returnPath(item));
}

export function useReturnOffsiteItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: returnOffsiteItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offsiteQueryKeys.items }),
  });
}
