import type { TAttachment } from '@loupe/domain/catalog/catalog';
import { PhotoGallery } from '@/components/attachments/photo-gallery';
import { DetailSection } from '@/components/detail-section';
import { toast } from '@/lib/toast';

export type TJobPhotosProps = {
  readonly photos: readonly TAttachment[];
  readonly canEdit: boolean;
  /** Sends one file to the job; rejects with the error to show. */
  readonly upload: (file: File, onProgress: (fraction: number) => void) => Promise<unknown>;
  readonly remove: (photo: TAttachment) => Promise<unknown>;
};

/** The "Intake photos" card: the job's photos, with upload and delete for roles that may edit it. */
export function JobPhotos({ photos, canEdit, upload, remove }: TJobPhotosProps) {
  return (
    <DetailSection title="Intake photos">
      <PhotoGallery
        photos={photos}
        canEdit={canEdit}
        onUpload={async (file, onProgress) => {
          await upload(file, onProgress);
        }}
        onDelete={async (photo) => {
          await remove(photo);
          toast({ title: 'Photo deleted' });
        }}
      />
    </DetailSection>
  );
}
