import { ROLE_LABELS } from '@loupe/domain/auth/role-labels';
import { ROLES } from '@loupe/domain/auth/roles';
import type { TDepartment } from '@loupe/domain/registry/departments';
import { REPAIR_TYPE_LABELS, REPAIR_TYPES } from '@loupe/domain/repairs/repair';
import { NUDGE_DEFAULTS } from '@loupe/domain/workflow/nudges';
import { type TWorkflowTemplate, WORKFLOW_LIMITS } from '@loupe/domain/workflow/workflow-template';
import { ArrowDownIcon, ArrowUpIcon, ChevronDownIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { FilterSelect } from '@/components/filter-select';
import { FormField } from '@/components/form-field';
import { FormActions } from '@/components/forms/form-actions';
import { SectionLoadError, SectionLoading } from '@/components/section-states';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Switch } from '@/components/ui/switch';
import { errorMessageOf } from '@/lib/api-error';
import { useAllDepartments } from '@/lib/registry-api/get-all-departments';
import { toast } from '@/lib/toast';
import { useWorkflowTemplates } from '../api/get-workflow-templates';
import { useUpdateWorkflowTemplate } from '../api/update-workflow-template';
import {
  useCreateWorkflowTemplate,
  useDeleteWorkflowTemplate,
  useProductTypes,
} from '../api/workflow-template-changes';
import {
  movePhase,
  newPhase,
  parsePhases,
  parseRepairSteps,
  type TPhaseDraft,
  type TPhaseErrors,
  type TRepairStepDraft,
  toDrafts,
  toggle,
  toStepDrafts,
} from './workflow-template-model';

export const WORKFLOW_SAVED = 'Workflow saved';

/** A compact multi-choice: the button says what is chosen, the menu ticks choices on and off. */
function ChoiceMenu<T extends string>({
  label,
  summary,
  options,
  chosen,
  onToggle,
}: {
  label: string;
  summary: string;
  options: readonly { value: T; label: string }[];
  chosen: readonly T[];
  onToggle: (value: T, on: boolean) => void;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-label={label}
          className="max-w-full justify-between"
        >
          <span className="truncate">{summary}</span>
          <ChevronDownIcon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="max-h-80 overflow-y-auto">
        {options.map((option) => (
          <DropdownMenuCheckboxItem
            key={option.value}
            checked={chosen.includes(option.value)}
            onCheckedChange={(on) => onToggle(option.value, on)}
            onSelect={(event) => event.preventDefault()}
          >
            {option.label}
          </DropdownMenuCheckboxItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

const ROLE_OPTIONS = ROLES.filter((role) => role !== 'admin' && role !== 'manager').map((role) => ({
  value: role,
  label: ROLE_LABELS[role],
}));

function summaryOf(names: readonly string[], none: string): string {
  if (names.length === 0) return none;
  return names.length <= 2 ? names.join(', ') : `${names.slice(0, 2).join(', ')} +${names.length - 2}`;
}

/** Steps a repair type adds (rhodium plating before QA for a plating job), each before a phase. */
function RepairSteps({
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

/** Gives a product type of the catalog a workflow of its own, starting from the custom-order one. */
function AddProductTypeWorkflow({ taken }: { taken: readonly string[] }) {
  const productTypes = useProductTypes();
  const create = useCreateWorkflowTemplate();
  const choices = (productTypes.data ?? []).filter((type) => !taken.includes(type.id));
  const [chosen, setChosen] = useState<string>('');
  const value = choices.some((type) => type.id === chosen) ? chosen : (choices[0]?.id ?? '');
  if (choices.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <FilterSelect
        label="Product type"
        value={value}
        onValueChange={setChosen}
        options={choices.map((type) => ({ value: type.id, label: type.name }))}
      />
      <Button
        type="button"
        variant="outline"
        disabled={create.isPending || value === ''}
        onClick={() =>
          create.mutate(value, {
            onSuccess: (template) =>
              toast({
                title: `${template.name} has a workflow of its own`,
                description: 'Edit its phases below.',
              }),
            onError: (error) =>
              toast({
                title: 'Not added',
                description: errorMessageOf(error, 'The workflow could not be added.'),
                variant: 'destructive',
              }),
          })
        }
      >
        <PlusIcon aria-hidden="true" />
        Give it its own workflow
      </Button>
    </div>
  );
}

function TemplateForm({
  template,
  departments,
}: {
  template: TWorkflowTemplate;
  departments: readonly TDepartment[];
}) {
  const [drafts, setDrafts] = useState<TPhaseDraft[]>(() => toDrafts(template.phases));
  const [steps, setSteps] = useState<TRepairStepDraft[]>(() => toStepDrafts(template));
  const [errors, setErrors] = useState<Record<number, TPhaseErrors>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const mutation = useUpdateWorkflowTemplate();
  const departmentOptions = departments.map((d) => ({ value: d.id, label: d.name }));
  const nameOfDepartment = new Map(departments.map((d) => [d.id, d.name]));
  const title =
    template.productTypeId !== null ? template.name : template.kind === 'order' ? 'Custom orders' : 'Repairs';
  const remove = useDeleteWorkflowTemplate();

  function change(index: number, patch: Partial<TPhaseDraft>) {
    setDrafts((current) => current.map((draft, i) => (i === index ? { ...draft, ...patch } : draft)));
    setErrors((current) => ({ ...current, [index]: {} }));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const result = parsePhases(drafts);
    if (!result.ok) {
      setErrors(result.errors);
      setFormError(result.formError);
      return;
    }
    const extra = parseRepairSteps(
      steps,
      result.phases.map((phase) => phase.key),
    );
    if (!extra.ok) {
      setFormError(extra.message);
      return;
    }
    mutation.mutate(
      { id: template.id, changes: { phases: result.phases, repairTypeSteps: extra.steps } },
      {
        onSuccess: () =>
          toast({ title: WORKFLOW_SAVED, description: `${title}: ${result.phases.length} phases` }),
        onError: (error) => setFormError(errorMessageOf(error, 'The workflow could not be saved.')),
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3" className="flex items-center justify-between gap-2">
          {title}
          {template.productTypeId !== null ? (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(template.id, {
                  onSuccess: () => toast({ title: `${title} follows the custom-order workflow again` }),
                  onError: (error) =>
                    setFormError(errorMessageOf(error, 'The workflow could not be removed.')),
                })
              }
            >
              <Trash2Icon aria-hidden="true" />
              Remove
            </Button>
          ) : null}
        </CardTitle>
        <CardDescription>
          In order. A read in a phase’s department moves a job into it; a read back in an earlier one is
          rework.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label={`${title} workflow`}>
          <fieldset disabled={mutation.isPending} className="grid min-w-0 gap-3">
            <ol className="grid gap-3">
              {drafts.map((draft, index) => (
                <li
                  key={draft.key}
                  className="grid gap-3 rounded-lg border p-3"
                  aria-label={`Phase ${index + 1}: ${draft.name}`}
                >
                  <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_9rem_9rem]">
                    <FormField
                      label={`Phase ${index + 1} name`}
                      value={draft.name}
                      maxLength={WORKFLOW_LIMITS.phaseName}
                      onChange={(event) => change(index, { name: event.target.value })}
                      error={errors[index]?.name}
                    />
                    <FormField
                      label="Target (working hours)"
                      inputMode="decimal"
                      value={draft.targetHours}
                      onChange={(event) => change(index, { targetHours: event.target.value })}
                      error={errors[index]?.targetHours}
                    />
                    <FormField
                      label="Nudge every (hours)"
                      inputMode="decimal"
                      placeholder={String(NUDGE_DEFAULTS.intervalHours)}
                      value={draft.nudgeEveryHours}
                      onChange={(event) => change(index, { nudgeEveryHours: event.target.value })}
                      error={errors[index]?.nudgeEveryHours}
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
                      onToggle={(id, on) =>
                        change(index, { departmentIds: toggle(draft.departmentIds, id, on) })
                      }
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
                      onToggle={(role, on) =>
                        change(index, { completerRoles: toggle(draft.completerRoles, role, on) })
                      }
                    />
                    <span className="flex items-center gap-2">
                      <Switch
                        checked={draft.needsSignOff}
                        onCheckedChange={(needsSignOff) => change(index, { needsSignOff })}
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
                        onClick={() => setDrafts((d) => movePhase(d, index, -1))}
                      >
                        <ArrowUpIcon aria-hidden="true" />
                      </Button>
                      <Button
                        type="button"
                        size="icon"
                        variant="ghost"
                        aria-label={`Move ${draft.name} down`}
                        disabled={index === drafts.length - 1}
                        onClick={() => setDrafts((d) => movePhase(d, index, 1))}
                      >
                        <ArrowDownIcon aria-hidden="true" />
                      </Button>
                      <Button
                        type="button"
                        size="icon"
                        variant="ghost"
                        aria-label={`Remove ${draft.name}`}
                        disabled={drafts.length <= WORKFLOW_LIMITS.phases.min}
                        onClick={() => setDrafts((d) => d.filter((_, i) => i !== index))}
                      >
                        <Trash2Icon aria-hidden="true" />
                      </Button>
                    </span>
                  </div>
                </li>
              ))}
            </ol>
            <Button
              type="button"
              variant="outline"
              className="justify-self-start"
              disabled={drafts.length >= WORKFLOW_LIMITS.phases.max}
              onClick={() => setDrafts((current) => [...current, newPhase(current)])}
            >
              <PlusIcon aria-hidden="true" />
              Add a phase
            </Button>
            {template.kind === 'repair' ? (
              <RepairSteps steps={steps} onChange={setSteps} phases={drafts} />
            ) : null}
          </fieldset>
          <FormActions
            formError={formError}
            isPending={mutation.isPending}
            submitLabel={`Save ${title.toLowerCase()} workflow`}
          />
        </form>
      </CardContent>
    </Card>
  );
}

/** Settings › orders: the workflow of custom orders and of repairs, phase by phase. */
export function WorkflowTemplates() {
  const templates = useWorkflowTemplates();
  const departments = useAllDepartments();
  if (templates.isPending || departments.isPending) return <SectionLoading label="Loading the workflows" />;
  if (templates.isError)
    return <SectionLoadError error={templates.error} onRetry={() => void templates.refetch()} />;
  if (departments.isError)
    return <SectionLoadError error={departments.error} onRetry={() => void departments.refetch()} />;
  // The defaults first (orders, then repairs), then each product type's own.
  const ordered = [...templates.data].sort(
    (a, b) =>
      Number(a.productTypeId !== null) - Number(b.productTypeId !== null) ||
      a.kind.localeCompare(b.kind) * -1 ||
      a.name.localeCompare(b.name),
  );
  return (
    <section aria-labelledby="workflow-templates" className="grid gap-4">
      <h3 id="workflow-templates" className="text-lg font-semibold">
        Workflows
      </h3>
      <AddProductTypeWorkflow
        taken={templates.data.flatMap((template) => (template.productTypeId ? [template.productTypeId] : []))}
      />
      {ordered.map((template) => (
        // Keyed by the stored template, so the form starts over from what the server holds after each save.
        <TemplateForm
          key={`${template.id}:${template.updatedAt}`}
          template={template}
          departments={departments.data.items}
        />
      ))}
    </section>
  );
}
