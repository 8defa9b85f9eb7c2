import type { TAttachment } from '@loupe/domain/catalog/catalog';
import { AppError } from '@loupe/domain/errors/errors';
import type { TTrackedItemKind } from '@loupe/domain/tracking/tracking-api';
import type { TDatabase } from '../../db/client.ts';
import type { TClock } from '../../lib/clock.ts';
import type { TImageStorage, TStoredImage } from '../attachments/image-storage.ts';
import { attachmentsOf, toAttachment } from '../attachments/owned-attachments.ts';
import { recordPhotoChange } from './item-changes.ts';

/** What adding and removing photos needs of an order or repair; access checks stay with its service. */
export type TPhotoOwner<T> = {
  readonly kind: TTrackedItemKind;
  readonly notFound: () => AppError;
  /** The item's repository on a transaction: the row is locked first, its updatedAt moved with the photos. */
  readonly repository: (tx: TDatabase) => {
    findRowForUpdate(id: string): Promise<unknown>;
    update(id: string, values: { updatedAt: Date }): Promise<void>;
  };
  /** The item as the API answers it, after the change. */
  readonly load: (tx: TDatabase, id: string) => Promise<T>;
  /** Called after commit. */
  readonly announce: (item: T) => void;
};

/** The photos of orders and repairs: rows, files and a history entry for every change. */
export function createItemPhotos<T>(options: {
  readonly db: TDatabase;
  readonly clock: TClock;
  readonly storage: TImageStorage;
  readonly owner: TPhotoOwner<T>;
}) {
  const { db, clock, storage, owner } = options;
  const { kind } = owner;

  /** Records a photo change in the history; both add and remove write through here. */
  async function recordPhotos(
    tx: TDatabase,
    actorId: string,
    id: string,
    action: 'photo-added' | 'photo-removed',
    fileNames: readonly string[],
  ): Promise<void> {
    await recordPhotoChange(tx, { itemKind: kind, itemId: id, at: clock(), actorId, action, fileNames });
    await owner.repository(tx).update(id, { updatedAt: clock() });
  }

  return {
    async add(actorId: string, id: string, images: readonly TStoredImage[]): Promise<TAttachment[]> {
      const { rows, item } = await db.transaction(async (tx) => {
        if (!(await owner.repository(tx).findRowForUpdate(id))) throw owner.notFound();
        const inserted = await attachmentsOf(tx, { kind, id }).add(images, {
          createdBy: actorId,
          at: clock(),
        });
        await recordPhotos(
          tx,
          actorId,
          id,
          'photo-added',
          inserted.map((row) => row.fileName),
        );
        return { rows: inserted, item: await owner.load(tx, id) };
      });
      owner.announce(item);
      return rows.map(toAttachment);
    },

    /** The row goes in the transaction, the file after it committed. */
    async remove(actorId: string, id: string, imageId: string): Promise<void> {
      const { row, item } = await db.transaction(async (tx) => {
        if (!(await owner.repository(tx).findRowForUpdate(id))) throw owner.notFound();
        const deleted = await attachmentsOf(tx, { kind, id }).remove(imageId);
        if (!deleted) throw new AppError('NOT_FOUND', `This photo is not one of this ${kind}’s.`);
        await recordPhotos(tx, actorId, id, 'photo-removed', [deleted.fileName]);
        return { row: deleted, item: await owner.load(tx, id) };
      });
      await storage.remove([row.storageKey]);
      owner.announce(item);
    },
  };
}
