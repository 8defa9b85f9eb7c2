import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** `thumb`: a small WebP the server makes for galleries (issue 17 §1); `full`: the image as uploaded. */
export type TAttachmentSize = 'full' | 'thumb';

export const attachmentImageQueryKey = (id: string, size: TAttachmentSize = 'full') =>
  ['attachment-image', id, size] as const;

/** GET /attachments/:id needs the bearer token, which an <img src> cannot send: fetch the bytes instead. */
export async function downloadAttachment(
  id: string,
  signal?: AbortSignal,
  size: TAttachmentSize = 'full',
): Promise<Blob> {
  return apiClient.download(`attachments/${encodeURIComponent(id)}`, {
    ...(size === 'thumb' ? { searchParams: { size } } : {}),
    ...(signal ? { signal } : {}),
  });
}

export const attachmentQueryOptions = (id: string, size: TAttachmentSize = 'full') =>
  queryOptions({
    queryKey: attachmentImageQueryKey(id, size),
    queryFn: ({ signal }) => downloadAttachment(id, signal, size),
    // An attachment's bytes never change: a new photo is a new attachment.
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useAttachment(id: string, size: TAttachmentSize = 'full') {
  return useQuery(attachmentQueryOptions(id, size));
}
