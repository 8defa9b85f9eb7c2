import { z } from 'zod';
import { ROLES, type TRole, ZRoleSchema } from '../auth/roles';
import { lazySchema } from '../validation/lazy-schema';
import { ZNudgePolicySchema } from './nudges';

/**
 * Workflow: what has to happen to a job next. A template is an ordered list of phases; each phase happens in
 * some departments, has a target duration in working hours, names the roles that may complete it by hand and
 * says whether it needs a sign-off. Orders use the template of their product type (or the default one),
 * repairs the repair template, to which a repair type may add steps.
 */

export const PHASE_KEY_PATTERN = /^[a-z][a-z0-9-]{0,39}$/;
export const ZPhaseKeySchema = lazySchema(() =>
  z.string().regex(PHASE_KEY_PATTERN, 'Use lower-case letters, digits and dashes, starting with a letter'),
);

export const WORKFLOW_LIMITS = {
  phases: { min: 1, max: 20 },
  phaseName: 60,
  targetHours: { min: 0.25, max: 2000 },
  departmentsPerPhase: 20,
} as const;

export const ZWorkflowPhaseSchema = lazySchema(() =>
  z.object({
    key: ZPhaseKeySchema,
    name: z.string().trim().min(1, 'Enter a phase name').max(WORKFLOW_LIMITS.phaseName),
    /** Where the phase happens: a read in one of these departments puts the job in this phase. */
    departmentIds: z.array(z.string().min(1).max(100)).max(WORKFLOW_LIMITS.departmentsPerPhase),
    /** The target time in the phase, in working hours. */
    targetHours: z.number().min(WORKFLOW_LIMITS.targetHours.min).max(WORKFLOW_LIMITS.targetHours.max),
    /** Who may complete the phase by hand (besides an admin or manager, who always may). */
    completerRoles: z.array(ZRoleSchema).max(ROLES.length),
    /** Completing it records who signed it off, and only a completer role may. */
    needsSignOff: z.boolean(),
    /** Hours between two nudges once it runs late; the workshop's default when left out. */
    nudgeEveryHours: ZNudgePolicySchema.unwrap().shape.intervalHours.optional(),
  }),
);
export type TWorkflowPhase = z.infer<typeof ZWorkflowPhaseSchema>;

export const WORKFLOW_KINDS = ['order', 'repair'] as const;
export type TWorkflowKind = (typeof WORKFLOW_KINDS)[number];

function uniqueKeys(phases: readonly { key: string }[]): boolean {
  return new Set(phases.map((phase) => phase.key)).size === phases.length;
}

export const ZWorkflowPhasesSchema = lazySchema(() =>
  z
    .array(ZWorkflowPhaseSchema)
    .min(WORKFLOW_LIMITS.phases.min, 'A workflow needs at least one phase')
    .max(WORKFLOW_LIMITS.phases.max)
    .refine(uniqueKeys, 'Each phase needs a key of its own'),
);

/** A template as the API sends it. `productTypeId` null is the kind's default template. */
export const ZWorkflowTemplateSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    kind: z.enum(WORKFLOW_KINDS),
    productTypeId: z.string().nullable(),
    name: z.string(),
    phases: ZWorkflowPhasesSchema,
    /** Repairs only: extra phases a repair type adds, inserted before the phase named by `before`. */
    repairTypeSteps: z
      .array(
        z.object({
          repairType: z.string().min(1).max(60),
          before: ZPhaseKeySchema,
          phase: ZWorkflowPhaseSchema,
        }),
      )
      .max(40),
    updatedAt: z.string(),
  }),
);
export type TWorkflowTemplate = z.infer<typeof ZWorkflowTemplateSchema>;

/** PUT /workflow/templates/{id}: the phases (and repair-type steps) an admin or manager edits. */
export const ZWorkflowTemplateChangesSchema = lazySchema(() =>
  z.object({
    name: z.string().trim().min(1).max(100).optional(),
    phases: ZWorkflowPhasesSchema,
    repairTypeSteps: ZWorkflowTemplateSchema.unwrap().shape.repairTypeSteps.optional(),
  }),
);
export type TWorkflowTemplateChanges = z.input<typeof ZWorkflowTemplateChangesSchema>;

/** POST /workflow/templates: a product type gets a workflow of its own, starting as a copy of the default. */
export const ZCreateWorkflowTemplateSchema = lazySchema(() => z.object({ productTypeId: z.uuid() }));
export type TCreateWorkflowTemplateInput = z.input<typeof ZCreateWorkflowTemplateSchema>;

/** A phase of the defaults: the departments it happens in are found by these words in their names. */
type TDefaultPhase = Omit<TWorkflowPhase, 'departmentIds'> & { readonly departmentWords: readonly string[] };

const BENCH_ROLES: TRole[] = ['production', 'operator'];

/** A custom piece from sketch to pickup. */
export const DEFAULT_ORDER_PHASES: readonly TDefaultPhase[] = [
  {
    key: 'design',
    name: 'Design',
    departmentWords: ['design', 'sketch'],
    targetHours: 8,
    completerRoles: ['designer'],
    needsSignOff: false,
  },
  {
    key: 'approval',
    name: 'Customer approval',
    departmentWords: [],
    targetHours: 16,
    completerRoles: ['salesperson', 'designer'],
    needsSignOff: true,
  },
  {
    key: 'cad',
    name: 'CAD',
    departmentWords: ['cad', '3d', 'model'],
    targetHours: 8,
    completerRoles: ['designer'],
    needsSignOff: false,
  },
  {
    key: 'casting',
    name: 'Casting',
    departmentWords: ['cast', 'wax'],
    targetHours: 8,
    completerRoles: BENCH_ROLES,
    needsSignOff: false,
  },
  {
    key: 'bench',
    name: 'Bench work',
    departmentWords: ['bench', 'fabricat', 'goldsmith'],
    targetHours: 12,
    completerRoles: BENCH_ROLES,
    needsSignOff: false,
  },
  {
    key: 'setting',
    name: 'Stone setting',
    departmentWords: ['setting', 'setter', 'stone'],
    targetHours: 8,
    completerRoles: BENCH_ROLES,
    needsSignOff: false,
  },
  {
    key: 'polishing',
    name: 'Polishing',
    departmentWords: ['polish', 'finish', 'plating'],
    targetHours: 4,
    completerRoles: BENCH_ROLES,
    needsSignOff: false,
  },
  {
    key: 'qa',
    name: 'Quality check',
    departmentWords: ['qa', 'quality', 'inspect'],
    targetHours: 2,
    completerRoles: ['qa'],
    needsSignOff: true,
  },
  {
    key: 'ready',
    name: 'Ready for pickup',
    departmentWords: ['pickup', 'front', 'showroom', 'dispatch'],
    targetHours: 24,
    completerRoles: ['salesperson'],
    needsSignOff: false,
  },
];

/** A repair from the counter back to the customer. */
export const DEFAULT_REPAIR_PHASES: readonly TDefaultPhase[] = [
  {
    key: 'intake',
    name: 'Intake and assessment',
    departmentWords: ['intake', 'front', 'counter'],
    targetHours: 2,
    completerRoles: ['operator', 'salesperson'],
    needsSignOff: false,
  },
  {
    key: 'approval',
    name: 'Customer approval',
    departmentWords: [],
    targetHours: 16,
    completerRoles: ['salesperson', 'operator'],
    needsSignOff: true,
  },
  {
    key: 'bench',
    name: 'Bench repair',
    departmentWords: ['bench', 'repair', 'goldsmith'],
    targetHours: 6,
    completerRoles: BENCH_ROLES,
    needsSignOff: false,
  },
  {
    key: 'setting',
    name: 'Stone work',
    departmentWords: ['setting', 'setter', 'stone'],
    targetHours: 4,
    completerRoles: BENCH_ROLES,
    needsSignOff: false,
  },
  {
    key: 'polishing',
    name: 'Polishing',
    departmentWords: ['polish', 'finish', 'plating'],
    targetHours: 2,
    completerRoles: BENCH_ROLES,
    needsSignOff: false,
  },
  {
    key: 'qa',
    name: 'Quality check',
    departmentWords: ['qa', 'quality', 'inspect'],
    targetHours: 1,
    completerRoles: ['qa'],
    needsSignOff: true,
  },
  {
    key: 'ready',
    name: 'Ready for pickup',
    departmentWords: ['pickup', 'front', 'showroom'],
    targetHours: 24,
    completerRoles: ['salesperson', 'operator'],
    needsSignOff: false,
  },
];

function nameWords(name: string): string {
  return ` ${name.toLowerCase().replace(/[^a-z0-9]+/g, ' ')} `;
}

/** Whether a department's name holds a word that starts with one of `words` ("Stone setting" ~ 'setting'). */
function departmentMatches(name: string, words: readonly string[]): boolean {
  const text = nameWords(name);
  return words.some((word) => text.includes(` ${word}`));
}

/**
 * The default phases with the workshop's departments filled in by their names: a department goes to the
 * first phase whose words its name holds, so each department puts a job in one phase. A phase takes at
 * most the limit's number of departments, so the template stays one managers can open and save; the rest
 * wait for a manager to place them.
 */
export function defaultPhases(
  defaults: readonly TDefaultPhase[],
  departments: readonly { readonly id: string; readonly name: string }[],
): TWorkflowPhase[] {
  const claimed = new Set<string>();
  return defaults.map(({ departmentWords, ...phase }) => {
    const departmentIds = departments
      .filter(
        (department) => !claimed.has(department.id) && departmentMatches(department.name, departmentWords),
      )
      .slice(0, WORKFLOW_LIMITS.departmentsPerPhase)
      .map((department) => department.id);
    for (const id of departmentIds) claimed.add(id);
    return { ...phase, completerRoles: [...phase.completerRoles], departmentIds };
  });
}

/**
 * Templates follow the registry (issue 32): a department created (or renamed) after a template was made,
 * and named by none of its phases, joins the first phase whose default words its name holds, so that reads
 * there move jobs without anyone editing the template. Phases a workshop added have no default words and
 * take only what a manager gives them. Null when nothing changes.
 */
export function placeDepartment(
  kind: TWorkflowKind,
  phases: readonly TWorkflowPhase[],
  department: { readonly id: string; readonly name: string },
): TWorkflowPhase[] | null {
  if (phases.some((phase) => phase.departmentIds.includes(department.id))) return null;
  const defaults = kind === 'order' ? DEFAULT_ORDER_PHASES : DEFAULT_REPAIR_PHASES;
  const index = phases.findIndex((phase) => {
    const words = defaults.find((candidate) => candidate.key === phase.key)?.departmentWords ?? [];
    return (
      phase.departmentIds.length < WORKFLOW_LIMITS.departmentsPerPhase &&
      departmentMatches(department.name, words)
    );
  });
  if (index === -1) return null;
  return phases.map((phase, at) =>
    at === index ? { ...phase, departmentIds: [...phase.departmentIds, department.id] } : phase,
  );
}

/** A department removed from the registry leaves every phase that named it. Null when none did. */
export function withoutDepartment(
  phases: readonly TWorkflowPhase[],
  departmentId: string,
): TWorkflowPhase[] | null {
  if (!phases.some((phase) => phase.departmentIds.includes(departmentId))) return null;
  return phases.map((phase) => ({
    ...phase,
    departmentIds: phase.departmentIds.filter((id) => id !== departmentId),
  }));
}

/** The template a job follows: its product type's own, else its kind's default (null before any exists). */
export function templateFor<T extends Pick<TWorkflowTemplate, 'kind' | 'productTypeId'>>(
  templates: readonly T[],
  kind: TWorkflowKind,
  productTypeId: string | null,
): T | null {
  const own =
    productTypeId === null
      ? undefined
      : templates.find((t) => t.kind === kind && t.productTypeId === productTypeId);
  return own ?? templates.find((t) => t.kind === kind && t.productTypeId === null) ?? null;
}

/** The phases a job of this template goes through; a repair's types add their steps. */
export function phasesFor(
  template: Pick<TWorkflowTemplate, 'phases' | 'repairTypeSteps'>,
  repairTypes: readonly string[] = [],
): TWorkflowPhase[] {
  const phases = [...template.phases];
  for (const step of template.repairTypeSteps) {
    if (!repairTypes.includes(step.repairType) || phases.some((phase) => phase.key === step.phase.key))
      continue;
    const at = phases.findIndex((phase) => phase.key === step.before);
    phases.splice(at === -1 ? phases.length : at, 0, step.phase);
  }
  return phases;
}

/** What a read in a department does to a job's phase. */
export type TPhaseChange =
  | { readonly kind: 'none' }
  | { readonly kind: 'advance'; readonly to: string; readonly skipped: readonly string[] }
  | { readonly kind: 'rework'; readonly to: string };

/**
 * Spec-less but what a workshop expects: a read in a department of the current phase changes nothing; in a
 * later phase's department the job advances to the first such phase (the ones between count as skipped);
 * only in an earlier phase's department does it go back, recorded as rework. A department no phase names
 * (an outside vendor's shelf) changes nothing.
 */
export function phaseChangeForRead(
  phases: readonly Pick<TWorkflowPhase, 'key' | 'departmentIds'>[],
  currentKey: string | null,
  departmentId: string,
): TPhaseChange {
  const current = currentKey === null ? -1 : phases.findIndex((phase) => phase.key === currentKey);
  const holds = (index: number) => phases[index]?.departmentIds.includes(departmentId) ?? false;
  if (current !== -1 && holds(current)) return { kind: 'none' };
  for (let index = current + 1; index < phases.length; index += 1) {
    if (holds(index)) {
      const skipped = phases.slice(current + 1, index).map((phase) => phase.key);
      return { kind: 'advance', to: phases[index]?.key ?? '', skipped };
    }
  }
  for (let index = current - 1; index >= 0; index -= 1) {
    if (holds(index)) return { kind: 'rework', to: phases[index]?.key ?? '' };
  }
  return { kind: 'none' };
}

/** The phase after `key`, or null when it is the last one (the job's workflow is then complete). */
export function nextPhaseKey(phases: readonly Pick<TWorkflowPhase, 'key'>[], key: string): string | null {
  const index = phases.findIndex((phase) => phase.key === key);
  return index === -1 ? null : (phases[index + 1]?.key ?? null);
}
