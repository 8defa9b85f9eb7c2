import type { TRole } from '@loupe/domain/auth/roles';
import { ZNudgePolicySchema } from '@loupe/domain/workflow/nudges';
import {
  PHASE_KEY_PATTERN,
  type TWorkflowPhase,
  type TWorkflowTemplate,
  WORKFLOW_LIMITS,
  ZWorkflowPhasesSchema,
} from '@loupe/domain/workflow/workflow-template';

/** A phase as the editor holds it: the hours as typed ('' nudge hours: the workshop's default). */
export type TPhaseDraft = Omit<TWorkflowPhase, 'targetHours' | 'nudgeEveryHours'> & {
  readonly targetHours: string;
  readonly nudgeEveryHours: string;
};

export function toDrafts(phases: readonly TWorkflowPhase[]): TPhaseDraft[] {
  return phases.map(({ nudgeEveryHours, ...phase }) => ({
    ...phase,
    targetHours: String(phase.targetHours),
    nudgeEveryHours: nudgeEveryHours === undefined ? '' : String(nudgeEveryHours),
  }));
}

const hoursOf = (text: string) => Number(text.trim().replace(',', '.'));

/** A key for a new phase from its name, unique among `taken`: "Stone setting" → "stone-setting". */
export function phaseKeyFor(name: string, taken: readonly string[]): string {
  const base =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .replace(/^[^a-z]+/, '')
      .slice(0, 30) || 'phase';
  let key = base;
  for (let n = 2; taken.includes(key) || !PHASE_KEY_PATTERN.test(key); n += 1)
    key = `${base}-${n}`.slice(0, 40);
  return key;
}

export function newPhase(drafts: readonly TPhaseDraft[]): TPhaseDraft {
  const name = 'New phase';
  return {
    key: phaseKeyFor(
      name,
      drafts.map((d) => d.key),
    ),
    name,
    departmentIds: [],
    targetHours: '8',
    completerRoles: [],
    needsSignOff: false,
    nudgeEveryHours: '',
  };
}

export function movePhase(drafts: readonly TPhaseDraft[], index: number, by: -1 | 1): TPhaseDraft[] {
  const to = index + by;
  if (to < 0 || to >= drafts.length) return [...drafts];
  const next = [...drafts];
  const [moved] = next.splice(index, 1);
  if (moved) next.splice(to, 0, moved);
  return next;
}

export function toggle<T extends string>(list: readonly T[], value: T, on: boolean): T[] {
  return on ? [...new Set([...list, value])] : list.filter((item) => item !== value);
}

export type TPhaseErrors = Partial<Record<'name' | 'targetHours' | 'nudgeEveryHours', string>>;

/** The phases to send, or an error per phase (by index) and for the whole list. */
export function parsePhases(
  drafts: readonly TPhaseDraft[],
):
  | { ok: true; phases: TWorkflowPhase[] }
  | { ok: false; errors: Record<number, TPhaseErrors>; formError: string | null } {
  const errors: Record<number, TPhaseErrors> = {};
  drafts.forEach((draft, index) => {
    const found: TPhaseErrors = {};
    if (draft.name.trim() === '') found.name = 'Enter a phase name';
    const hours = hoursOf(draft.targetHours);
    const { min, max } = WORKFLOW_LIMITS.targetHours;
    if (draft.targetHours.trim() === '' || !Number.isFinite(hours) || hours < min || hours > max) {
      found.targetHours = `Between ${min} and ${max} working hours`;
    }
    const nudge = hoursOf(draft.nudgeEveryHours);
    if (
      draft.nudgeEveryHours.trim() !== '' &&
      !ZNudgePolicySchema.unwrap().shape.intervalHours.safeParse(nudge).success
    ) {
      found.nudgeEveryHours = 'Between 0.25 and 168 hours, or blank for the default';
    }
    if (Object.keys(found).length > 0) errors[index] = found;
  });
  if (Object.keys(errors).length > 0) return { ok: false, errors, formError: null };
  const parsed = ZWorkflowPhasesSchema.safeParse(
    drafts.map(({ nudgeEveryHours, ...draft }) => ({
      ...draft,
      name: draft.name.trim(),
      targetHours: hoursOf(draft.targetHours),
      completerRoles: [...draft.completerRoles] as TRole[],
      ...(nudgeEveryHours.trim() === '' ? {} : { nudgeEveryHours: hoursOf(nudgeEveryHours) }),
    })),
  );
  if (!parsed.success)
    return { ok: false, errors: {}, formError: parsed.error.issues[0]?.message ?? 'Check the phases' };
  return { ok: true, phases: parsed.data };
}

/** An extra step a repair type adds, as the editor holds it. */
export type TRepairStepDraft = {
  /** The editor's own handle on the row (React's key). */
  readonly id: string;
  readonly repairType: string;
  readonly before: string;
  readonly key: string;
  readonly name: string;
  readonly targetHours: string;
};

export function toStepDrafts(template: Pick<TWorkflowTemplate, 'repairTypeSteps'>): TRepairStepDraft[] {
  return template.repairTypeSteps.map((step) => ({
    id: `${step.repairType}:${step.phase.key}`,
    repairType: step.repairType,
    before: step.before,
    key: step.phase.key,
    name: step.phase.name,
    targetHours: String(step.phase.targetHours),
  }));
}

/** The steps to send, or the first problem in words. Each keeps its key; a new one gets one from its name. */
export function parseRepairSteps(
  steps: readonly TRepairStepDraft[],
  phaseKeys: readonly string[],
): { ok: true; steps: TWorkflowTemplate['repairTypeSteps'] } | { ok: false; message: string } {
  const taken = [...phaseKeys];
  const parsed: TWorkflowTemplate['repairTypeSteps'] = [];
  for (const [index, step] of steps.entries()) {
    const label = `Extra step ${index + 1}`;
    const hours = hoursOf(step.targetHours);
    const { min, max } = WORKFLOW_LIMITS.targetHours;
    if (step.name.trim() === '') return { ok: false, message: `${label}: enter a name` };
    if (!Number.isFinite(hours) || hours < min || hours > max) {
      return { ok: false, message: `${label}: a target between ${min} and ${max} working hours` };
    }
    if (!phaseKeys.includes(step.before))
      return { ok: false, message: `${label}: choose the phase it comes before` };
    const key = step.key || phaseKeyFor(step.name, taken);
    taken.push(key);
    parsed.push({
      repairType: step.repairType,
      before: step.before,
      phase: {
        key,
        name: step.name.trim(),
        departmentIds: [],
        targetHours: hours,
        completerRoles: ['production', 'operator'],
        needsSignOff: false,
      },
    });
  }
  return { ok: true, steps: parsed };
}
