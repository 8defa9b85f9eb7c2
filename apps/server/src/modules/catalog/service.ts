import type { Readable } from 'node:stream';
import type { TListPage, TListQuery } from '@loupe/domain/api/list';
import { canEditCatalog, canEditDesigns } from '@loupe/domain/auth/permissions';
import type { TActor } from '@loupe/domain/auth/roles';
import type {
  TAttachment,
  TCatalogType,
  TCatalogTypeListQuery,
  TDesign,
  TDesignFolder,
  TDesignListQuery,
} from '@loupe/domain/catalog/catalog';
import { AppError } from '@loupe/domain/errors/errors';
import { plural } from '@loupe/domain/text/plural';
import type { TTransactional } from '../../db/transaction.ts';
import type { TClock } from '../../lib/clock.ts';
import { isString, pageBySortName, parseCursor } from '../../lib/keyset.ts';
import { fieldError, forbidden, isUniqueViolation } from '../../lib/service-errors.ts';
import type { TImageStorage, TStoredImage } from '../attachments/image-storage.ts';
import { type TOwnedAttachments, toAttachment } from '../attachments/owned-attachments.ts';
import type { TAttachmentRow } from '../attachments/repository.ts';
import type {
  TCatalogRepository,
  TCatalogTypeKind,
  TCatalogTypeRow,
  TDesignFolderRow,
  TDesignRow,
} from './repository.ts';

const TYPE_NOUNS: Readonly<Record<TCatalogTypeKind, string>> = {
  metal: 'metal type',
  product: 'product type',
};

function toCatalogType(row: TCatalogTypeRow): TCatalogType {
  return { id: row.id, name: row.name, isActive: row.isActive, createdAt: row.createdAt.toISOString() };
}

function toDesignFolder(row: TDesignFolderRow): TDesignFolder {
  return {
    id: row.id,
    name: row.name,
    parentId: row.parentId,
    designCount: row.designCount,
    createdAt: row.createdAt.toISOString(),
  };
}

function toDesign(row: TDesignRow, images: readonly TAttachmentRow[]): TDesign {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    stones: row.stones,
    tags: row.tags,
    folderId: row.folderId,
    productTypeId: row.productTypeId,
    metalTypeId: row.metalTypeId,
    images: images.map(toAttachment),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A design's own fields as a new design gives them; an update gives any of them. */
type TDesignInput = {
  name: string;
  description?: string | undefined;
  stones?: string | undefined;
  tags?: string[] | undefined;
  folderId?: string | null | undefined;
  productTypeId?: string | null | undefined;
  metalTypeId?: string | null | undefined;
};

const notFound = (what: string) => new AppError('NOT_FOUND', `This ${what} does not exist.`);

export type TCatalogServiceOptions = {
  readonly catalog: TTransactional<TCatalogRepository>;
  readonly attachments: TOwnedAttachments;
  readonly clock: TClock;
  readonly storage: TImageStorage;
};

/**
 * The catalog the order form picks from: metal and product types (workshop policy: admins and managers),
 * and the design library with its folders and images (designers too).
 */
export function createCatalogService(options: TCatalogServiceOptions) {
  const { catalog, attachments, clock, storage } = options;

  function assertMayEditTypes(actor: TActor): void {
    if (!canEditCatalog(actor)) throw forbidden();
  }

  function assertMayEditDesigns(actor: TActor): void {
    if (!canEditDesigns(actor)) throw forbidden();
  }

  async function assertNameFree(
    repository: TCatalogRepository,
    kind: TCatalogTypeKind,
    name: string,
    ownId?: string,
  ): Promise<void> {
    const existing = await repository.findTypeByName(kind, name);
    if (existing && existing.id !== ownId) throw nameTaken(kind, existing.name);
  }

  function nameTaken(kind: TCatalogTypeKind, name: string): AppError {
    return new AppError('CONFLICT', `A ${TYPE_NOUNS[kind]} named “${name}” already exists.`, {
      details: { field: 'name' },
    });
  }

  /** The design's references must exist: a folder, a product type, a metal type. */
  async function checkDesignRefs(
    repository: TCatalogRepository,
    refs: { folderId?: string | null; productTypeId?: string | null; metalTypeId?: string | null },
  ): Promise<void> {
    if (refs.folderId && !(await repository.findFolder(refs.folderId))) {
      throw fieldError('folderId', 'This folder does not exist.');
    }
    if (refs.productTypeId && !(await repository.findType('product', refs.productTypeId))) {
      throw fieldError('productTypeId', 'This product type does not exist.');
    }
    if (refs.metalTypeId && !(await repository.findType('metal', refs.metalTypeId))) {
      throw fieldError('metalTypeId', 'This metal type does not exist.');
    }
  }

  async function designWithImages(row: TDesignRow): Promise<TDesign> {
    return toDesign(row, await attachments.of({ kind: 'design', id: row.id }).list());
  }

  return {
    // ── Metal and product types ────────────────────────────────────────────────────────────────
    async listTypes(
      _actor: TActor,
      kind: TCatalogTypeKind,
      query: TCatalogTypeListQuery,
    ): Promise<TListPage<TCatalogType>> {
      const after = parseCursor(query.cursor, isString);
      const { rows, total } = await catalog.listTypes(kind, { ...query, after });
      return { ...pageBySortName(rows, query.limit, toCatalogType), total };
    },

    async createType(
      actor: TActor,
      kind: TCatalogTypeKind,
      input: { name: string; isActive?: boolean | undefined },
    ): Promise<TCatalogType> {
      assertMayEditTypes(actor);
      await assertNameFree(catalog, kind, input.name);
      try {
        const row = await catalog.insertType(kind, {
          name: input.name,
          isActive: input.isActive ?? true,
          createdAt: clock(),
        });
        return toCatalogType(row);
      } catch (error) {
        // Two people adding the same name at once: the unique index decides.
        if (isUniqueViolation(error)) throw nameTaken(kind, input.name);
        throw error;
      }
    },

    /** Rename, or retire (isActive false: kept on existing orders, no longer offered for new ones). */
    async updateType(
      actor: TActor,
      kind: TCatalogTypeKind,
      id: string,
      changes: { name?: string | undefined; isActive?: boolean | undefined },
    ): Promise<TCatalogType> {
      assertMayEditTypes(actor);
      if (!(await catalog.findType(kind, id))) throw notFound(TYPE_NOUNS[kind]);
      if (changes.name !== undefined) await assertNameFree(catalog, kind, changes.name, id);
      const values = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
      try {
        const row =
          Object.keys(values).length > 0
            ? await catalog.updateType(kind, id, values)
            : await catalog.findType(kind, id);
        if (!row) throw notFound(TYPE_NOUNS[kind]);
        return toCatalogType(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken(kind, changes.name ?? '');
        throw error;
      }
    },

    /** Only a type no order uses can go; one in use is retired with isActive false instead. */
    async deleteType(actor: TActor, kind: TCatalogTypeKind, id: string): Promise<void> {
      assertMayEditTypes(actor);
      await catalog.withTransaction(async (repository) => {
        const type = await repository.findType(kind, id);
        if (!type) throw notFound(TYPE_NOUNS[kind]);
        const used = await repository.countOrdersUsingType(kind, id);
        if (used > 0) {
          throw new AppError(
            'CONFLICT',
            `“${type.name}” is used by ${plural(used, 'order')}, so it cannot be deleted. Mark it inactive instead: those orders keep it, new ones can no longer choose it.`,
            { details: { orderCount: used } },
          );
        }
        await repository.deleteType(kind, id);
      });
    },

    // ── Design folders ─────────────────────────────────────────────────────────────────────────
    async listFolders(_actor: TActor, query: TListQuery): Promise<TListPage<TDesignFolder>> {
      const after = parseCursor(query.cursor, isString);
      const { rows, total } = await catalog.listFolders({ ...query, after });
      return { ...pageBySortName(rows, query.limit, toDesignFolder), total };
    },

    async createFolder(
      actor: TActor,
      input: { name: string; parentId?: string | null | undefined },
    ): Promise<TDesignFolder> {
      assertMayEditDesigns(actor);
      const id = await catalog.withTransaction(async (repository) => {
        if (input.parentId && !(await repository.findFolder(input.parentId))) {
          throw fieldError('parentId', 'The parent folder does not exist.');
        }
        return repository.insertFolder({
          name: input.name,
          parentId: input.parentId ?? null,
          createdAt: clock(),
        });
      });
      const folder = await catalog.findFolder(id);
      if (!folder) throw notFound('folder');
      return toDesignFolder(folder);
    },

    /** Rename or move; a folder cannot move into itself or any folder below it. */
    async updateFolder(
      actor: TActor,
      id: string,
      changes: { name?: string | undefined; parentId?: string | null | undefined },
    ): Promise<TDesignFolder> {
      assertMayEditDesigns(actor);
      await catalog.withTransaction(async (repository) => {
        if (!(await repository.findFolder(id))) throw notFound('folder');
        if (changes.parentId) {
          if (!(await repository.findFolder(changes.parentId))) {
            throw fieldError('parentId', 'The parent folder does not exist.');
          }
          const above = [changes.parentId, ...(await repository.ancestorIdsOf(changes.parentId))];
          if (above.includes(id)) {
            throw fieldError('parentId', 'A folder cannot go inside itself or one of its own subfolders.');
          }
        }
        const values = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
        if (Object.keys(values).length > 0) await repository.updateFolder(id, values);
      });
      const folder = await catalog.findFolder(id);
      if (!folder) throw notFound('folder');
      return toDesignFolder(folder);
    },

    /** A folder with subfolders stays until they are moved or deleted; its designs become unfiled. */
    async deleteFolder(actor: TActor, id: string): Promise<void> {
      assertMayEditDesigns(actor);
      await catalog.withTransaction(async (repository) => {
        const folder = await repository.findFolder(id);
        if (!folder) throw notFound('folder');
        const subfolders = await repository.countSubfolders(id);
        if (subfolders > 0) {
          throw new AppError(
            'CONFLICT',
            `“${folder.name}” holds ${plural(subfolders, 'subfolder')}. Move or delete them first.`,
            { details: { subfolderCount: subfolders } },
          );
        }
        await repository.deleteFolder(id);
      });
    },

    // ── Designs ────────────────────────────────────────────────────────────────────────────────
    async listDesigns(_actor: TActor, query: TDesignListQuery): Promise<TListPage<TDesign>> {
      const after = parseCursor(query.cursor, isString);
      const { rows, total } = await catalog.listDesigns({ ...query, after });
      const images = await attachments.ofOwners(
        'design',
        rows.slice(0, query.limit).map((row) => row.id),
      );
      const page = pageBySortName(rows, query.limit, (row) => toDesign(row, images.get(row.id) ?? []));
      return { ...page, total };
    },

    async getDesign(_actor: TActor, id: string): Promise<TDesign> {
      const row = await catalog.findDesign(id);
      if (!row) throw notFound('design');
      return designWithImages(row);
    },

    async createDesign(actor: TActor & { readonly id: string }, input: TDesignInput): Promise<TDesign> {
      assertMayEditDesigns(actor);
      const row = await catalog.withTransaction(async (repository) => {
        await checkDesignRefs(repository, input);
        const now = clock();
        return repository.insertDesign({
          name: input.name,
          description: input.description ?? '',
          stones: input.stones ?? '',
          tags: input.tags ?? [],
          folderId: input.folderId ?? null,
          productTypeId: input.productTypeId ?? null,
          metalTypeId: input.metalTypeId ?? null,
          createdBy: actor.id,
          createdAt: now,
          updatedAt: now,
        });
      });
      return toDesign(row, []);
    },

    async updateDesign(actor: TActor, id: string, changes: Partial<TDesignInput>): Promise<TDesign> {
      assertMayEditDesigns(actor);
      const row = await catalog.withTransaction(async (repository) => {
        if (!(await repository.findDesign(id))) throw notFound('design');
        await checkDesignRefs(repository, changes);
        const values = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
        const updated = await repository.updateDesign(id, { ...values, updatedAt: clock() });
        if (!updated) throw notFound('design');
        return updated;
      });
      return designWithImages(row);
    },

    /**
     * A new custom design from a library one (issue 17 §1): its fields, named “… (custom)” unless a name is
     * given, in the same folder, with copies of its images (new files: deleting one never touches the other).
     */
    async copyDesign(
      actor: TActor & { readonly id: string },
      id: string,
      input: { readonly name?: string | undefined },
    ): Promise<TDesign> {
      assertMayEditDesigns(actor);
      const source = await catalog.findDesign(id);
      if (!source) throw notFound('design');
      const images = await attachments.of({ kind: 'design', id }).list();
      const files: { file: Readable; filename: string }[] = [];
      for (const image of images) {
        const opened = await storage.open(image.storageKey);
        if (opened) files.push({ file: opened.stream, filename: image.fileName });
      }
      const copied = await storage.receive(
        (async function* () {
          yield* files;
        })(),
      );
      try {
        const row = await catalog.withTransaction(async (repository, tx) => {
          const now = clock();
          const inserted = await repository.insertDesign({
            name: input.name ?? `${source.name} (custom)`.slice(0, 200),
            description: source.description,
            stones: source.stones,
            tags: source.tags,
            folderId: source.folderId,
            productTypeId: source.productTypeId,
            metalTypeId: source.metalTypeId,
            createdBy: actor.id,
            createdAt: now,
            updatedAt: now,
          });
          await attachments.of({ kind: 'design', id: inserted.id }, tx).add(copied, {
            createdBy: actor.id,
            at: now,
          });
          return inserted;
        });
        return designWithImages(row);
      } catch (error) {
        await storage.remove(copied.map((image) => image.storageKey));
        throw error;
      }
    },

    /** The design, its image rows and then (after commit) its image files. */
    async deleteDesign(actor: TActor, id: string): Promise<void> {
      assertMayEditDesigns(actor);
      const removed = await catalog.withTransaction(async (repository, tx) => {
        if (!(await repository.findDesign(id))) throw notFound('design');
        const rows = await attachments.of({ kind: 'design', id }, tx).removeAll();
        await repository.deleteDesign(id);
        return rows;
      });
      await storage.remove(removed.map((row) => row.storageKey));
    },

    /** Before an upload is read: the design exists and the caller may add to it. */
    async assertMayAddImages(actor: TActor, id: string): Promise<void> {
      assertMayEditDesigns(actor);
      if (!(await catalog.findDesign(id))) throw notFound('design');
    },

    async addDesignImages(
      actor: TActor & { readonly id: string },
      id: string,
      images: readonly TStoredImage[],
    ): Promise<TAttachment[]> {
      assertMayEditDesigns(actor);
      const rows = await catalog.withTransaction(async (repository, tx) => {
        if (!(await repository.findDesign(id))) throw notFound('design');
        const inserted = await attachments.of({ kind: 'design', id }, tx).add(images, {
          createdBy: actor.id,
          at: clock(),
        });
        await repository.updateDesign(id, { updatedAt: clock() });
        return inserted;
      });
      return rows.map(toAttachment);
    },

    async removeDesignImage(actor: TActor, id: string, imageId: string): Promise<void> {
      assertMayEditDesigns(actor);
      const row = await catalog.withTransaction(async (repository, tx) => {
        if (!(await repository.findDesign(id))) throw notFound('design');
        const deleted = await attachments.of({ kind: 'design', id }, tx).remove(imageId);
        if (!deleted) throw notFound('image of this design');
        await repository.updateDesign(id, { updatedAt: clock() });
        return deleted;
      });
      await storage.remove([row.storageKey]);
    },
  };
}

export type TCatalogService = ReturnType<typeof createCatalogService>;
