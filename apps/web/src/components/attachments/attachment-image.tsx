import { useQuery } from '@tanstack/react-query';
import { ImageOffIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { apiClient } from '@/lib/api-client';
import { cn } from '@/lib/cn';

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

/** An uploaded image shown from an object URL, released when it leaves the screen. */
export function AttachmentImage({
  id,
  alt,
  className,
  size = 'full',
}: {
  id: string;
  alt: string;
  className?: string;
  size?: TAttachmentSize;
}) {
  const query = useQuery({
    queryKey: attachmentImageQueryKey(id, size),
    queryFn: ({ signal }) => downloadAttachment(id, signal, size),
    // An attachment's bytes never change: a new photo is a new attachment.
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [url, setUrl] = useState<string | null>(null);
  const blob = query.data;

  useEffect(() => {
    if (!blob || typeof URL.createObjectURL !== 'function') return;
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => {
      URL.revokeObjectURL(objectUrl);
      setUrl(null);
    };
  }, [blob]);

  if (query.isError) {
    return (
      <div
        role="img"
        aria-label={`${alt} (could not be loaded)`}
        className={cn('flex items-center justify-center bg-muted text-muted-foreground', className)}
      >
        <ImageOffIcon className="size-6" aria-hidden="true" />
      </div>
    );
  }
  if (url === null) return <Skeleton className={className} />;
  return <img src={url} alt={alt} className={cn('object-cover', className)} />;
}
