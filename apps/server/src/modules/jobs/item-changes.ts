import type { TListPage } from '@loupe/domain/api/list';
import { AppError } from '@loupe/domain/errors/errors';
import { diffFields, type TItemChange } from '@loupe/domain/history/item-change';
import type { TTrackedItemKind } from '@loupe/domain/tracking/tracking-api';
import { isCursorTimestamp, isSerialId, pageOf, parseCursor } from '../../lib/keyset.ts';
import type { TItemChangeEntry, TItemHistoryRepository } from './item-history-repository.ts';

/**
 * What orders and repairs write to and read from their change history. Each entry is written in the
 * caller's transaction, together with the change it records: the history repository passed in is bound to it.
 */

/** Whose change it is: the item, when and by whom. */
export type TChangeOf = Pick<TItemChangeEntry, 'itemKind' | 'itemId' | 'at' | 'actorId'>;

/** A status move the item's transitions do not allow (409), e.g. ORD-00042 from “New” to “Delivered”. */
export function statusConflict<S extends string>(
  itemNumber: string,
  labels: Readonly<Record<S, string>>,
  from: S,
  to: S,
): AppError {
  return new AppError('CONFLICT', `${itemNumber} cannot go from “${labels[from]}” to “${labels[to]}”.`, {
    details: { field: 'status', from, to },
  });
}

/** One change of an order or repair, in the caller's transaction (another module's, e.g. a design approved). */
export async function recordChange(history: TItemHistoryRepository, entry: TItemChangeEntry): Promise<void> {
  await history.record(entry);
}

/** A new item: every field of its snapshot, from nothing. */
export async function recordCreated(
  history: TItemHistoryRepository,
  entry: TChangeOf & { readonly snapshot: Record<string, unknown> },
): Promise<void> {
  const { snapshot, ...of } = entry;
  await history.record({
    ...of,
    action: 'created',
    changes: diffFields({}, snapshot),
  });
}

/**
 * An update, from the item's snapshots before and after it: the changed fields, then the status change.
 * The status change is written last: newest first, it heads the history.
 */
export async function recordUpdated(
  history: TItemHistoryRepository,
  entry: TChangeOf & { readonly before: Record<string, unknown>; readonly after: Record<string, unknown> },
): Promise<void> {
  const { before, after, ...of } = entry;
  const { status: statusChange, ...fieldChanges } = diffFields(before, after);
  if (Object.keys(fieldChanges).length > 0) {
    await history.record({ ...of, action: 'updated', changes: fieldChanges });
  }
  if (statusChange) {
    await history.record({ ...of, action: 'status-changed', changes: { status: statusChange } });
  }
}

/** Photos added (their file names) or one removed. */
export async function recordPhotoChange(
  history: TItemHistoryRepository,
  entry: TChangeOf & {
    readonly action: 'photo-added' | 'photo-removed';
    readonly fileNames: readonly string[];
  },
): Promise<void> {
  const { action, fileNames, ...of } = entry;
  const names = [...fileNames];
  await history.record({
    ...of,
    action,
    changes:
      action === 'photo-added'
        ? diffFields({}, { photos: names })
        : diffFields({ photos: names }, { photos: null }),
  });
}

/** The history cursor a client passed back: the time and id of the last entry seen (400 otherwise). */
export function historyCursor(raw: string | undefined): { value: string; id: string } | undefined {
  return parseCursor(raw, isCursorTimestamp, isSerialId);
}

/** One page of an item's history, newest first, with who made each change. */
export async function historyPage(
  history: TItemHistoryRepository,
  kind: TTrackedItemKind,
  itemId: string,
  options: { readonly limit: number; readonly after: { value: string; id: string } | undefined },
): Promise<TListPage<TItemChange>> {
  const { rows, total } = await history.list(kind, itemId, options);
  const page = pageOf(rows, options.limit, {
    cursorOf: (row) => ({ value: row.cursorAt, id: String(row.id) }),
    toItem: ({ cursorAt: _cursorAt, ...change }) => change,
  });
  return { ...page, total };
}
