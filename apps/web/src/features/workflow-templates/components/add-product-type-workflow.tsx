import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { FilterSelect } from '@/components/filter-select';
import { Button } from '@/components/ui/button';
import { errorMessageOf } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useCreateWorkflowTemplate } from '../api/create-workflow-template';
import { useProductTypes } from '../api/get-product-types';

/** Gives a product type of the catalog a workflow of its own, starting from the custom-order one. */
export function AddProductTypeWorkflow({ taken }: { taken: readonly string[] }) {
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
