import { asc, eq } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import { productTypes } from '../../db/schema/catalog.ts';
import { departments, stations } from '../../db/schema/registry.ts';
import { workflowTemplates } from '../../db/schema/workflow.ts';

export type TTemplateRow = typeof workflowTemplates.$inferSelect;

/** The SQL of workflow templates and of the registry and catalog they follow (departments, stations, product types). */
export function createWorkflowTemplateRepository(db: TDatabase) {
  return {
    async listTemplates(): Promise<TTemplateRow[]> {
      return db
        .select()
        .from(workflowTemplates)
        .orderBy(asc(workflowTemplates.kind), asc(workflowTemplates.name));
    },

    /** Every template, locked for a change made from what they hold now. */
    async lockTemplates(): Promise<TTemplateRow[]> {
      return db
        .select()
        .from(workflowTemplates)
        .orderBy(asc(workflowTemplates.kind), asc(workflowTemplates.name))
        .for('update');
    },

    async findTemplate(id: string): Promise<TTemplateRow | undefined> {
      const [row] = await db.select().from(workflowTemplates).where(eq(workflowTemplates.id, id)).limit(1);
      return row;
    },

    /** Inserts the defaults that are missing; an existing template is kept as its editors left it. */
    async insertTemplatesIfMissing(rows: readonly (typeof workflowTemplates.$inferInsert)[]): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insert(workflowTemplates)
        .values([...rows])
        .onConflictDoNothing();
    },

    async insertTemplate(row: typeof workflowTemplates.$inferInsert): Promise<TTemplateRow | undefined> {
      const [inserted] = await db.insert(workflowTemplates).values(row).onConflictDoNothing().returning();
      return inserted;
    },

    async deleteTemplate(id: string): Promise<TTemplateRow | undefined> {
      const [deleted] = await db.delete(workflowTemplates).where(eq(workflowTemplates.id, id)).returning();
      return deleted;
    },

    async findProductType(id: string): Promise<{ id: string; name: string } | undefined> {
      const [row] = await db
        .select({ id: productTypes.id, name: productTypes.name })
        .from(productTypes)
        .where(eq(productTypes.id, id))
        .limit(1);
      return row;
    },

    async updateTemplate(
      id: string,
      changes: Partial<Pick<TTemplateRow, 'name' | 'phases' | 'repairTypeSteps'>> & { updatedAt: Date },
    ): Promise<TTemplateRow | undefined> {
      const [row] = await db
        .update(workflowTemplates)
        .set(changes)
        .where(eq(workflowTemplates.id, id))
        .returning();
      return row;
    },

    /** Departments with when each was made: templates take in those made after they were last saved. */
    async listDepartmentsWithCreation(): Promise<{ id: string; name: string; createdAt: Date }[]> {
      return db
        .select({ id: departments.id, name: departments.name, createdAt: departments.createdAt })
        .from(departments)
        .orderBy(asc(departments.position), asc(departments.name));
    },

    async listDepartments(): Promise<{ id: string; name: string }[]> {
      return db
        .select({ id: departments.id, name: departments.name })
        .from(departments)
        .orderBy(asc(departments.position), asc(departments.name));
    },

    async findDepartment(id: string): Promise<{ id: string; name: string } | undefined> {
      const [row] = await db
        .select({ id: departments.id, name: departments.name })
        .from(departments)
        .where(eq(departments.id, id))
        .limit(1);
      return row;
    },

    async stationsOf(departmentId: string) {
      return db
        .select({
          id: stations.id,
          name: stations.name,
          jewelerName: stations.jewelerName,
          specialization: stations.specialization,
          status: stations.status,
          isActive: stations.isActive,
        })
        .from(stations)
        .where(eq(stations.departmentId, departmentId))
        .orderBy(asc(stations.position), asc(stations.name));
    },
  };
}

export type TWorkflowTemplateRepository = ReturnType<typeof createWorkflowTemplateRepository>;
