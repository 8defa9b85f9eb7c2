import { ImageOffIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { type TAttachmentSize, useAttachment } from '@/lib/attachments-api/get-attachment';
import { cn } from '@/lib/cn';

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
  const query = useAttachment(id, size);
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
