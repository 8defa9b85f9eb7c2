import { and, asc, eq, inArray } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import { attachments } from '../../db/schema/attachments.ts';
import type { TStoredImage } from './image-storage.ts';

/** What an attachment belongs to: its `owner_kind`. */
export type TAttachmentOwnerKind = 'order' | 'repair' | 'design' | 'design-revision';
export type TAttachmentOwner = { readonly kind: TAttachmentOwnerKind; readonly id: string };
export type TAttachmentRow = typeof attachments.$inferSelect;

/** Rows of `attachments`; pass a transaction to write them together with what they belong to. */
export function createAttachmentsRepository(db: TDatabase) {
  return {
    async insertMany(
      owner: TAttachmentOwner,
      images: readonly TStoredImage[],
      meta: { createdBy: string | null; at: Date },
    ): Promise<TAttachmentRow[]> {
      if (images.length === 0) return [];
      return db
        .insert(attachments)
        .values(
          // A millisecond apart, in upload order: the order they were taken in is the order they show in.
          images.map((image, index) => ({
            ownerKind: owner.kind,
            ownerId: owner.id,
            fileName: image.fileName,
            contentType: image.contentType,
            sizeBytes: image.sizeBytes,
            storageKey: image.storageKey,
            createdBy: meta.createdBy,
            createdAt: new Date(meta.at.getTime() + index),
          })),
        )
        .returning();
    },

    async findById(id: string): Promise<TAttachmentRow | undefined> {
      const [row] = await db.select().from(attachments).where(eq(attachments.id, id)).limit(1);
      return row;
    },

    /** The owners' attachments, oldest first (the order they were taken in), grouped by owner id. */
    async listByOwners(
      kind: TAttachmentOwnerKind,
      ownerIds: readonly string[],
    ): Promise<Map<string, TAttachmentRow[]>> {
      const grouped = new Map<string, TAttachmentRow[]>();
      if (ownerIds.length === 0) return grouped;
      const rows = await db
        .select()
        .from(attachments)
        .where(and(eq(attachments.ownerKind, kind), inArray(attachments.ownerId, [...ownerIds])))
        .orderBy(asc(attachments.createdAt), asc(attachments.id));
      for (const row of rows) grouped.set(row.ownerId, [...(grouped.get(row.ownerId) ?? []), row]);
      return grouped;
    },

    async listByOwner(owner: TAttachmentOwner): Promise<TAttachmentRow[]> {
      return (await this.listByOwners(owner.kind, [owner.id])).get(owner.id) ?? [];
    },

    /** Deletes one attachment of this owner; undefined when the owner has no such attachment. */
    async deleteOfOwner(owner: TAttachmentOwner, id: string): Promise<TAttachmentRow | undefined> {
      const [row] = await db
        .delete(attachments)
        .where(
          and(
            eq(attachments.id, id),
            eq(attachments.ownerKind, owner.kind),
            eq(attachments.ownerId, owner.id),
          ),
        )
        .returning();
      return row;
    },

    async deleteAllOfOwner(owner: TAttachmentOwner): Promise<TAttachmentRow[]> {
      return db
        .delete(attachments)
        .where(and(eq(attachments.ownerKind, owner.kind), eq(attachments.ownerId, owner.id)))
        .returning();
    },
  };
}

export type TAttachmentsRepository = ReturnType<typeof createAttachmentsRepository>;
