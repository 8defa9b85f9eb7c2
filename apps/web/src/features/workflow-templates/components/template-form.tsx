import type { TDepartment } from '@loupe/domain/registry/departments';
import { type TWorkflowTemplate, WORKFLOW_LIMITS } from '@loupe/domain/workflow/workflow-template';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { FormActions } from '@/components/forms/form-actions';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessageOf } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useDeleteWorkflowTemplate } from '../api/delete-workflow-template';
import { useUpdateWorkflowTemplate } from '../api/update-workflow-template';
import { PhaseRow } from './phase-row';
import { RepairSteps } from './repair-steps';
import {
  movePhase,
  newPhase,
  parsePhases,
  parseRepairSteps,
  type TPhaseDraft,
  type TPhaseErrors,
  type TRepairStepDraft,
  toDrafts,
  toStepDrafts,
} from './workflow-template-model';

export const WORKFLOW_SAVED = 'Workflow saved';

/** One workflow's phases (and a repair workflow's extra steps), edited and saved as a whole. */
export function TemplateForm({
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
                <PhaseRow
                  key={draft.key}
                  draft={draft}
                  index={index}
                  count={drafts.length}
                  errors={errors[index]}
                  departments={departments}
                  onChange={(patch) => change(index, patch)}
                  onMove={(by) => setDrafts((d) => movePhase(d, index, by))}
                  onRemove={() => setDrafts((d) => d.filter((_, i) => i !== index))}
                />
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
