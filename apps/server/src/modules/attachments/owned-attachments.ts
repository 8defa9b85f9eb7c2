import { attachmentUrl, type TAttachment } from '@loupe/domain/catalog/catalog';
import type { TDatabase } from '../../db/client.ts';
import type { TTransactional } from '../../db/transaction.ts';
import type { TStoredImage } from './image-storage.ts';
import type {
  TAttachmentOwner,
  TAttachmentOwnerKind,
  TAttachmentRow,
  TAttachmentsRepository,
} from './repository.ts';

// The attachments module's surface for the modules that own attachments (orders, repairs, designs): they
// write rows inside their own transaction through these, and never reach into the repository itself.
// The composition root makes it once and hands it to them.
export function createOwnedAttachments(attachments: TTransactional<TAttachmentsRepository>) {
  return {
    /** The photos and files of one owner; pass the owner's transaction to change them together with it. */
    of(owner: TAttachmentOwner, tx?: TDatabase) {
      const repository = tx ? attachments.within(tx) : attachments;
      return {
        /** Oldest first: the order they were taken in. */
        list: () => repository.listByOwner(owner),
        add: (images: readonly TStoredImage[], meta: { createdBy: string | null; at: Date }) =>
          repository.insertMany(owner, images, meta),
        /** Undefined when the owner has no such attachment. */
        remove: (attachmentId: string) => repository.deleteOfOwner(owner, attachmentId),
        removeAll: () => repository.deleteAllOfOwner(owner),
      };
    },

    /** Several owners' attachments at once (a page of a list), grouped by owner id. */
    ofOwners(
      kind: TAttachmentOwnerKind,
      ownerIds: readonly string[],
    ): Promise<Map<string, TAttachmentRow[]>> {
      return attachments.listByOwners(kind, ownerIds);
    },
  };
}

export type TOwnedAttachments = ReturnType<typeof createOwnedAttachments>;

export function toAttachment(row: TAttachmentRow): TAttachment {
  return {
    id: row.id,
    fileName: row.fileName,
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    url: attachmentUrl(row.id),
    createdAt: row.createdAt.toISOString(),
  };
}
