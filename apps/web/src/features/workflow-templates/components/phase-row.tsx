import { ROLE_LABELS } from '@loupe/domain/auth/role-labels';
import { ROLES } from '@loupe/domain/auth/roles';
import type { TDepartment } from '@loupe/domain/registry/departments';
import { NUDGE_DEFAULTS } from '@loupe/domain/workflow/nudges';
import { WORKFLOW_LIMITS } from '@loupe/domain/workflow/workflow-template';
import { ArrowDownIcon, ArrowUpIcon, Trash2Icon } from 'lucide-react';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { ChoiceMenu, summaryOf } from './choice-menu';
import { type TPhaseDraft, type TPhaseErrors, toggle } from './workflow-template-model';

const ROLE_OPTIONS = ROLES.filter((role) => role !== 'admin' && role !== 'manager').map((role) => ({
  value: role,
  label: ROLE_LABELS[role],
}));

/** One phase of a workflow: its name and targets, where it happens, who completes it, and its place. */
export function PhaseRow({
  draft,
  index,
  count,
  errors,
  departments,
  onChange,
  onMove,
  onRemove,
}: {
  draft: TPhaseDraft;
  index: number;
  count: number;
  errors: TPhaseErrors | undefined;
  departments: readonly TDepartment[];
  onChange: (patch: Partial<TPhaseDraft>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const departmentOptions = departments.map((d) => ({ value: d.id, label: d.name }));
  const nameOfDepartment = new Map(departments.map((d) => [d.id, d.name]));
  return (
    <li className="grid gap-3 rounded-lg border p-3" aria-label={`Phase ${index + 1}: ${draft.name}`}>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_9rem_9rem]">
        <FormField
          label={`Phase ${index + 1} name`}
          value={draft.name}
          maxLength={WORKFLOW_LIMITS.phaseName}
          onChange={(event) => onChange({ name: event.target.value })}
          error={errors?.name}
        />
        <FormField
          label="Target (working hours)"
          inputMode="decimal"
          value={draft.targetHours}
          onChange={(event) => onChange({ targetHours: event.target.value })}
          error={errors?.targetHours}
        />
        <FormField
          label="Nudge every (hours)"
          inputMode="decimal"
          placeholder={String(NUDGE_DEFAULTS.intervalHours)}
          value={draft.nudgeEveryHours}
          onChange={(event) => onChange({ nudgeEveryHours: event.target.value })}
          error={errors?.nudgeEveryHours}
        />
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-muted-foreground">Where</span>
        <ChoiceMenu
          label={`Departments of ${draft.name}`}
          summary={summaryOf(
            draft.departmentIds.map((id) => nameOfDepartment.get(id) ?? id),
            'No department (by hand)',
          )}
          options={departmentOptions}
          chosen={draft.departmentIds}
          onToggle={(id, on) => onChange({ departmentIds: toggle(draft.departmentIds, id, on) })}
        />
        <span className="text-muted-foreground">Done by</span>
        <ChoiceMenu
          label={`Who completes ${draft.name}`}
          summary={summaryOf(
            draft.completerRoles.map((role) => ROLE_LABELS[role]),
            'Managers only',
          )}
          options={ROLE_OPTIONS}
          chosen={draft.completerRoles}
          onToggle={(role, on) => onChange({ completerRoles: toggle(draft.completerRoles, role, on) })}
        />
        <span className="flex items-center gap-2">
          <Switch
            checked={draft.needsSignOff}
            onCheckedChange={(needsSignOff) => onChange({ needsSignOff })}
            aria-label={`${draft.name} needs a sign-off`}
          />
          <span aria-hidden="true">Sign-off</span>
        </span>
        <span className="ml-auto flex gap-1">
          <Button
            type="button"
            size="icon"
            variant="ghost"
            aria-label={`Move ${draft.name} up`}
            disabled={index === 0}
            onClick={() => onMove(-1)}
          >
            <ArrowUpIcon aria-hidden="true" />
          </Button>
          <Button
            type="button"
            size="icon"
            variant="ghost"
            aria-label={`Move ${draft.name} down`}
            disabled={index === count - 1}
            onClick={() => onMove(1)}
          >
            <ArrowDownIcon aria-hidden="true" />
          </Button>
          <Button
            type="button"
            size="icon"
            variant="ghost"
            aria-label={`Remove ${draft.name}`}
            disabled={count <= WORKFLOW_LIMITS.phases.min}
            onClick={onRemove}
          >
            <Trash2Icon aria-hidden="true" />
          </Button>
        </span>
      </div>
    </li>
  );
}
