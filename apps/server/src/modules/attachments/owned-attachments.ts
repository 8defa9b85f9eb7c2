import { attachmentUrl, type TAttachment } from '@loupe/domain/catalog/catalog';
import type { TDatabase } from '../../db/client.ts';
import type { TStoredImage } from './image-storage.ts';
import {
  createAttachmentsRepository,
  type TAttachmentOwner,
  type TAttachmentOwnerKind,
  type TAttachmentRow,
} from './repository.ts';

// The attachments module's surface for the modules that own attachments (orders, repairs, designs): they
// write rows inside their own transaction through these, and never reach into the repository itself.

/** The photos and files of one owner; pass the owner's transaction to change them together with it. */
export function attachmentsOf(db: TDatabase, owner: TAttachmentOwner) {
  const repository = createAttachmentsRepository(db);
  return {
    /** Oldest first: the order they were taken in. */
    list: () => repository.listByOwner(owner),
    add: (images: readonly TStoredImage[], meta: { createdBy: string | null; at: Date }) =>
      repository.insertMany(owner, images, meta),
    /** Undefined when the owner has no such attachment. */
    remove: (attachmentId: string) => repository.deleteOfOwner(owner, attachmentId),
    removeAll: () => repository.deleteAllOfOwner(owner),
  };
}

/** Several owners' attachments at once (a page of a list), grouped by owner id. */
export function attachmentsOfOwners(
  db: TDatabase,
  kind: TAttachmentOwnerKind,
  ownerIds: readonly string[],
): Promise<Map<string, TAttachmentRow[]>> {
  return createAttachmentsRepository(db).listByOwners(kind, ownerIds);
}

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
