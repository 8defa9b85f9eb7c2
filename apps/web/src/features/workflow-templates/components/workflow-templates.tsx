import { SectionLoadError, SectionLoading } from '@/components/section-states';
import { useAllDepartments } from '@/lib/registry-api/get-all-departments';
import { useWorkflowTemplates } from '../api/get-workflow-templates';
import { AddProductTypeWorkflow } from './add-product-type-workflow';
import { TemplateForm } from './template-form';

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
