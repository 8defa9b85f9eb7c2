import { IMAGE_CONTENT_TYPES, IMAGE_MAX_BYTES, type TAttachment } from '@loupe/domain/catalog/catalog';
import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import { ImagePlusIcon, Trash2Icon } from 'lucide-react';
import { type ChangeEvent, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessageOf } from '@/lib/api-error';
import { AttachmentImage } from './attachment-image';
import { FileUploadButton, type TUpload, UploadProgress } from './file-upload';

const MAX_MEGABYTES = IMAGE_MAX_BYTES / (1024 * 1024);

/** Why a file cannot be uploaded as a photo, checked before sending it (the server checks again). */
export function photoProblem(file: { name: string; type: string; size: number }): string | null {
  if (!(IMAGE_CONTENT_TYPES as readonly string[]).includes(file.type)) {
    return `${file.name} is not a photo: use JPEG, PNG, WebP, GIF or HEIC.`;
  }
  if (file.size > IMAGE_MAX_BYTES) return `${file.name} is larger than ${MAX_MEGABYTES} MB.`;
  return null;
}

export type TPhotoGalleryProps = {
  readonly photos: readonly TAttachment[];
  readonly canEdit: boolean;
  /** Sends one file; reports progress as a fraction from 0 to 1; rejects with the error to show. */
  readonly onUpload: (file: File, onProgress: (fraction: number) => void) => Promise<void>;
  readonly onDelete: (photo: TAttachment) => Promise<void>;
};

/** Intake photos: thumbnails, uploads with a progress bar, deletion after confirmation. */
export function PhotoGallery({ photos, canEdit, onUpload, onDelete }: TPhotoGalleryProps) {
  const [upload, setUpload] = useState<TUpload | null>(null);
  const [problems, setProblems] = useState<string[]>([]);

  async function onFiles(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    // The same file can be chosen again after a failure.
    event.target.value = '';
    const found: string[] = [];
    for (const file of files) {
      const problem = photoProblem(file);
      if (problem) {
        found.push(problem);
        continue;
      }
      setUpload({ fileName: file.name, fraction: 0 });
      try {
        await onUpload(file, (fraction) => setUpload({ fileName: file.name, fraction }));
      } catch (caught) {
        found.push(`${file.name}: ${errorMessageOf(caught, ERROR_MESSAGES.generic)}`);
      }
    }
    setUpload(null);
    setProblems(found);
  }

  return (
    <div className="grid gap-4">
      {photos.length === 0 ? (
        <p className="text-sm text-muted-foreground">No photos yet.</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label="Photos">
          {photos.map((photo) => (
            <li key={photo.id} className="grid gap-1">
              <AttachmentImage
                id={photo.id}
                alt={photo.fileName}
                size="thumb"
                className="aspect-square w-full rounded-md"
              />
              <div className="flex items-center justify-between gap-1">
                <span className="truncate text-xs text-muted-foreground" title={photo.fileName}>
                  {photo.fileName}
                </span>
                {canEdit ? (
                  <ConfirmDialog
                    trigger={
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        aria-label={`Delete photo ${photo.fileName}`}
                      >
                        <Trash2Icon aria-hidden="true" />
                      </Button>
                    }
                    title="Delete this photo?"
                    description={`${photo.fileName} is removed for good.`}
                    confirmLabel="Delete photo"
                    pendingLabel="Deleting…"
                    onConfirm={() => onDelete(photo)}
                  />
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      <UploadProgress upload={upload} />
      {problems.length > 0 ? (
        <Alert variant="destructive">
          <AlertDescription>
            {problems.map((problem) => (
              <p key={problem}>{problem}</p>
            ))}
          </AlertDescription>
        </Alert>
      ) : null}
      {canEdit ? (
        <FileUploadButton
          accept={IMAGE_CONTENT_TYPES.join(',')}
          inputLabel="Photo files"
          icon={<ImagePlusIcon aria-hidden="true" />}
          isUploading={upload !== null}
          onFiles={onFiles}
        >
          Add photos
        </FileUploadButton>
      ) : null}
    </div>
  );
}
