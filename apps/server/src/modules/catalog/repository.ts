import { and, arrayContains, count, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import { insertedRow } from '../../db/inserted-row.ts';
import { metalTypes, productTypes } from '../../db/schema/catalog.ts';
import { designFolders, designs } from '../../db/schema/designs.ts';
import { orders } from '../../db/schema/jobs.ts';

export type TCatalogTypeKind = 'metal' | 'product';
export type TCatalogTypeRow = typeof metalTypes.$inferSelect;
export type TDesignFolderRow = typeof designFolders.$inferSelect & { readonly designCount: number };
export type TDesignRow = typeof designs.$inferSelect;
type TKeysetAfter = { readonly value: string; readonly id: string } | undefined;

const TYPE_TABLES = { metal: metalTypes, product: productTypes } as const;
const ORDER_COLUMNS = { metal: orders.metalTypeId, product: orders.productTypeId } as const;

/** `%q%` for ILIKE, with the wildcards of q escaped. */
function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Lists of the catalog go by name, case-insensitively, then id; the cursor carries lower(name). */
function afterName(name: SQL, id: SQL | unknown, after: TKeysetAfter): SQL | undefined {
  return after ? sql`(${name}, ${id}) > (${after.value}, ${after.id}::uuid)` : undefined;
}

/** Metal types, product types, design folders and designs. Pass a transaction to write several together. */
export function createCatalogRepository(db: TDatabase) {
  return {
    // ── Metal and product types ────────────────────────────────────────────────────────────────
    async listTypes(
      kind: TCatalogTypeKind,
      options: { q?: string | undefined; isActive?: boolean | undefined; limit: number; after: TKeysetAfter },
    ): Promise<{ rows: (TCatalogTypeRow & { sortName: string })[]; total: number }> {
      const table = TYPE_TABLES[kind];
      const sortName = sql<string>`lower(${table.name})`;
      const filter = and(
        options.q ? ilike(table.name, containsPattern(options.q)) : undefined,
        options.isActive === undefined ? undefined : eq(table.isActive, options.isActive),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ row: table, sortName })
          .from(table)
          .where(and(filter, afterName(sortName, table.id, options.after)))
          .orderBy(sortName, table.id)
          .limit(options.limit + 1),
        db.select({ value: count() }).from(table).where(filter),
      ]);
      return { rows: rows.map((r) => ({ ...r.row, sortName: r.sortName })), total: total?.value ?? 0 };
    },

    async findType(kind: TCatalogTypeKind, id: string): Promise<TCatalogTypeRow | undefined> {
      const table = TYPE_TABLES[kind];
      const [row] = await db.select().from(table).where(eq(table.id, id)).limit(1);
      return row;
    },

    /** Another type of this kind with the same name, whatever the case. */
    async findTypeByName(kind: TCatalogTypeKind, name: string): Promise<TCatalogTypeRow | undefined> {
      const table = TYPE_TABLES[kind];
      const [row] = await db.select().from(table).where(sql`lower(${table.name}) = lower(${name})`).limit(1);
      return row;
    },

    async insertType(
      kind: TCatalogTypeKind,
      values: { name: string; isActive: boolean; createdAt: Date },
    ): Promise<TCatalogTypeRow> {
      const [row] = await db.insert(TYPE_TABLES[kind]).values(values).returning();
      if (!row) throw new Error('insert of a catalog type returned no row');
      return row;
    },

    async updateType(
      kind: TCatalogTypeKind,
      id: string,
      values: { name?: string; isActive?: boolean },
    ): Promise<TCatalogTypeRow | undefined> {
      const table = TYPE_TABLES[kind];
      const [row] = await db.update(table).set(values).where(eq(table.id, id)).returning();
      return row;
    },

    async deleteType(kind: TCatalogTypeKind, id: string): Promise<boolean> {
      const table = TYPE_TABLES[kind];
      const rows = await db.delete(table).where(eq(table.id, id)).returning({ id: table.id });
      return rows.length > 0;
    },

    async countOrdersUsingType(kind: TCatalogTypeKind, id: string): Promise<number> {
      const [row] = await db.select({ value: count() }).from(orders).where(eq(ORDER_COLUMNS[kind], id));
      return row?.value ?? 0;
    },

    // ── Design folders ─────────────────────────────────────────────────────────────────────────
    async listFolders(options: {
      q?: string | undefined;
      limit: number;
      after: TKeysetAfter;
    }): Promise<{ rows: (TDesignFolderRow & { sortName: string })[]; total: number }> {
      const sortName = sql<string>`lower(${designFolders.name})`;
      const filter = options.q ? ilike(designFolders.name, containsPattern(options.q)) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select({ row: designFolders, sortName, designCount: designCountOf })
          .from(designFolders)
          .where(and(filter, afterName(sortName, designFolders.id, options.after)))
          .orderBy(sortName, designFolders.id)
          .limit(options.limit + 1),
        db.select({ value: count() }).from(designFolders).where(filter),
      ]);
      return {
        rows: rows.map((r) => ({ ...r.row, sortName: r.sortName, designCount: r.designCount })),
        total: total?.value ?? 0,
      };
    },

    async findFolder(id: string): Promise<TDesignFolderRow | undefined> {
      const [row] = await db
        .select({ row: designFolders, designCount: designCountOf })
        .from(designFolders)
        .where(eq(designFolders.id, id))
        .limit(1);
      return row ? { ...row.row, designCount: row.designCount } : undefined;
    },

    /** The folder's ancestors, nearest first. Folder trees are shallow; the walk stops at a loop anyway. */
    async ancestorIdsOf(id: string): Promise<string[]> {
      const ancestors: string[] = [];
      let current: string | null = id;
      while (current !== null && ancestors.length < 1000) {
        const [row]: { parentId: string | null }[] = await db
          .select({ parentId: designFolders.parentId })
          .from(designFolders)
          .where(eq(designFolders.id, current))
          .limit(1);
        current = row?.parentId ?? null;
        if (current === null || ancestors.includes(current)) break;
        ancestors.push(current);
      }
      return ancestors;
    },

    async countSubfolders(id: string): Promise<number> {
      const [row] = await db
        .select({ value: count() })
        .from(designFolders)
        .where(eq(designFolders.parentId, id));
      return row?.value ?? 0;
    },

    async insertFolder(values: { name: string; parentId: string | null; createdAt: Date }): Promise<string> {
      const [row] = await db.insert(designFolders).values(values).returning({ id: designFolders.id });
      if (!row) throw new Error('insert into design_folders returned no row');
      return row.id;
    },

    async updateFolder(id: string, values: { name?: string; parentId?: string | null }): Promise<boolean> {
      const rows = await db
        .update(designFolders)
        .set(values)
        .where(eq(designFolders.id, id))
        .returning({ id: designFolders.id });
      return rows.length > 0;
    },

    async deleteFolder(id: string): Promise<boolean> {
      const rows = await db
        .delete(designFolders)
        .where(eq(designFolders.id, id))
        .returning({ id: designFolders.id });
      return rows.length > 0;
    },

    // ── Designs ────────────────────────────────────────────────────────────────────────────────
    async listDesigns(options: {
      q?: string | undefined;
      folderId?: string | undefined;
      productTypeId?: string | undefined;
      metalTypeId?: string | undefined;
      tag?: string | undefined;
      limit: number;
      after: TKeysetAfter;
    }): Promise<{ rows: (TDesignRow & { sortName: string })[]; total: number }> {
      const sortName = sql<string>`lower(${designs.name})`;
      const pattern = options.q ? containsPattern(options.q) : undefined;
      const filter = and(
        pattern
          ? or(
              ilike(designs.name, pattern),
              ilike(designs.description, pattern),
              ilike(designs.stones, pattern),
              // A tag matches the search as a word in it does: "hal" finds "halo".
              sql`exists (select 1 from unnest(${designs.tags}) as t(tag) where t.tag ilike ${pattern})`,
            )
          : undefined,
        options.productTypeId === undefined ? undefined : eq(designs.productTypeId, options.productTypeId),
        options.metalTypeId === undefined ? undefined : eq(designs.metalTypeId, options.metalTypeId),
        options.tag === undefined ? undefined : arrayContains(designs.tags, [options.tag]),
        options.folderId === undefined
          ? undefined
          : options.folderId === 'none'
            ? isNull(designs.folderId)
            : eq(designs.folderId, options.folderId),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ row: designs, sortName })
          .from(designs)
          .where(and(filter, afterName(sortName, designs.id, options.after)))
          .orderBy(sortName, designs.id)
          .limit(options.limit + 1),
        db.select({ value: count() }).from(designs).where(filter),
      ]);
      return { rows: rows.map((r) => ({ ...r.row, sortName: r.sortName })), total: total?.value ?? 0 };
    },

    async findDesign(id: string): Promise<TDesignRow | undefined> {
      const [row] = await db.select().from(designs).where(eq(designs.id, id)).limit(1);
      return row;
    },

    async insertDesign(values: typeof designs.$inferInsert): Promise<TDesignRow> {
      return insertedRow(await db.insert(designs).values(values).returning(), 'designs');
    },

    async updateDesign(
      id: string,
      values: Partial<typeof designs.$inferInsert>,
    ): Promise<TDesignRow | undefined> {
      const [row] = await db.update(designs).set(values).where(eq(designs.id, id)).returning();
      return row;
    },

    async deleteDesign(id: string): Promise<boolean> {
      const rows = await db.delete(designs).where(eq(designs.id, id)).returning({ id: designs.id });
      return rows.length > 0;
    },
  };
}

// Spelled out: in a one-table select drizzle leaves columns unqualified, and "id" would be the design's.
const designCountOf = sql<number>`(select count(*) from "designs" as d where d.folder_id = "design_folders"."id")::int`;

export type TCatalogRepository = ReturnType<typeof createCatalogRepository>;
