import type { TAttachment } from '@loupe/domain/catalog/catalog';
import { AppError } from '@loupe/domain/errors/errors';
import type { TTrackedItemKind } from '@loupe/domain/tracking/tracking-api';
import type { TDatabase } from '../../db/client.ts';
import type { TTransactional } from '../../db/transaction.ts';
import type { TClock } from '../../lib/clock.ts';
import type { TImageStorage, TStoredImage } from '../attachments/image-storage.ts';
import { type TOwnedAttachments, toAttachment } from '../attachments/owned-attachments.ts';
import { recordPhotoChange } from './item-changes.ts';
import type { TItemHistoryRepository } from './item-history-repository.ts';

/** The rows of the item the photos belong to. */
export type TPhotoOwnerRows = {
  findRowForUpdate(id: string): Promise<unknown>;
  update(id: string, values: { updatedAt: Date }): Promise<void>;
};

/** What adding and removing photos needs of an order or repair; access checks stay with its service. */
export type TPhotoOwner<T> = {
  readonly kind: TTrackedItemKind;
  readonly notFound: () => AppError;
  /**
   * One transaction with the item's rows bound to it: the row is locked first, its updatedAt moved with the
   * photos.
   */
  readonly withTransaction: <R>(work: (rows: TPhotoOwnerRows, tx: TDatabase) => Promise<R>) => Promise<R>;
  /** The item as the API answers it, after the change, in the change's transaction. */
  readonly load: (id: string, tx: TDatabase) => Promise<T>;
  /** Called after commit. */
  readonly announce: (item: T) => void;
};

/** The photos of orders and repairs: rows, files and a history entry for every change. */
export function createItemPhotos<T>(options: {
  readonly attachments: TOwnedAttachments;
  readonly history: TTransactional<TItemHistoryRepository>;
  readonly clock: TClock;
  readonly storage: TImageStorage;
  readonly owner: TPhotoOwner<T>;
}) {
  const { attachments, history, clock, storage, owner } = options;
  const { kind } = owner;

  /** Records a photo change in the history; both add and remove write through here. */
  async function recordPhotos(
    tx: TDatabase,
    rows: TPhotoOwnerRows,
    actorId: string,
    id: string,
    action: 'photo-added' | 'photo-removed',
    fileNames: readonly string[],
  ): Promise<void> {
    await recordPhotoChange(history.within(tx), {
      itemKind: kind,
      itemId: id,
      at: clock(),
      actorId,
      action,
      fileNames,
    });
    await rows.update(id, { updatedAt: clock() });
  }

  return {
    async add(actorId: string, id: string, images: readonly TStoredImage[]): Promise<TAttachment[]> {
      const { rows, item } = await owner.withTransaction(async (rows, tx) => {
        if (!(await rows.findRowForUpdate(id))) throw owner.notFound();
        const inserted = await attachments.of({ kind, id }, tx).add(images, {
          createdBy: actorId,
          at: clock(),
        });
        await recordPhotos(
          tx,
          rows,
          actorId,
          id,
          'photo-added',
          inserted.map((row) => row.fileName),
        );
        return { rows: inserted, item: await owner.load(id, tx) };
      });
      owner.announce(item);
      return rows.map(toAttachment);
    },

    /** The row goes in the transaction, the file after it committed. */
    async remove(actorId: string, id: string, imageId: string): Promise<void> {
      const { row, item } = await owner.withTransaction(async (rows, tx) => {
        if (!(await rows.findRowForUpdate(id))) throw owner.notFound();
        const deleted = await attachments.of({ kind, id }, tx).remove(imageId);
        if (!deleted) throw new AppError('NOT_FOUND', `This photo is not one of this ${kind}’s.`);
        await recordPhotos(tx, rows, actorId, id, 'photo-removed', [deleted.fileName]);
        return { row: deleted, item: await owner.load(id, tx) };
      });
      await storage.remove([row.storageKey]);
      owner.announce(item);
    },
  };
}
