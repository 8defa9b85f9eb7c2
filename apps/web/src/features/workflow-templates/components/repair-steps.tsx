import { REPAIR_TYPE_LABELS, REPAIR_TYPES } from '@loupe/domain/repairs/repair';
import { WORKFLOW_LIMITS } from '@loupe/domain/workflow/workflow-template';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { FilterSelect } from '@/components/filter-select';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import type { TPhaseDraft, TRepairStepDraft } from './workflow-template-model';

/** Steps a repair type adds (rhodium plating before QA for a plating job), each before a phase. */
export function RepairSteps({
  steps,
  onChange,
  phases,
}: {
  steps: readonly TRepairStepDraft[];
  onChange: (steps: TRepairStepDraft[]) => void;
  phases: readonly TPhaseDraft[];
}) {
  const update = (index: number, patch: Partial<TRepairStepDraft>) =>
    onChange(steps.map((step, i) => (i === index ? { ...step, ...patch } : step)));
  return (
    <fieldset className="grid gap-3 rounded-lg border border-dashed p-3">
      <legend className="px-1 text-sm font-medium">Extra steps by repair type</legend>
      {steps.length === 0 ? (
        <p className="text-sm text-muted-foreground">No repair type adds a step.</p>
      ) : null}
      {steps.map((step, index) => (
        <fieldset
          key={step.id}
          className="flex flex-wrap items-end gap-2"
          aria-label={`Extra step ${index + 1}`}
        >
          <FilterSelect
            label={`Repair type of extra step ${index + 1}`}
            value={step.repairType}
            onValueChange={(repairType) => update(index, { repairType })}
            options={REPAIR_TYPES.map((type) => ({ value: type, label: REPAIR_TYPE_LABELS[type] }))}
          />
          <FormField
            label="Step"
            value={step.name}
            maxLength={WORKFLOW_LIMITS.phaseName}
            onChange={(event) => update(index, { name: event.target.value })}
          />
          <FormField
            label="Hours"
            inputMode="decimal"
            className="w-20"
            value={step.targetHours}
            onChange={(event) => update(index, { targetHours: event.target.value })}
          />
          <FilterSelect
            label={`Phase extra step ${index + 1} comes before`}
            value={step.before}
            onValueChange={(before) => update(index, { before })}
            options={phases.map((phase) => ({ value: phase.key, label: `before ${phase.name}` }))}
          />
          <Button
            type="button"
            size="icon"
            variant="ghost"
            aria-label={`Remove extra step ${index + 1}`}
            onClick={() => onChange(steps.filter((_, i) => i !== index))}
          >
            <Trash2Icon aria-hidden="true" />
          </Button>
        </fieldset>
      ))}
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="justify-self-start"
        disabled={phases.length === 0}
        onClick={() =>
          onChange([
            ...steps,
            {
              id: crypto.randomUUID(),
              repairType: REPAIR_TYPES[0],
              before: phases.at(-1)?.key ?? '',
              key: '',
              name: '',
              targetHours: '2',
            },
          ])
        }
      >
        <PlusIcon aria-hidden="true" />
        Add an extra step
      </Button>
    </fieldset>
  );
}
