import { PackagePlusIcon, XIcon } from 'lucide-react';
import { useNavigate } from 'react-router';
import { FormField } from '@/components/form-field';
import { DialogTriggerButton, FormDialog } from '@/components/forms/form-dialog';
import { useDialogForm } from '@/components/forms/use-dialog-form';
import { Button } from '@/components/ui/button';
import { paths, pathTo } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { useCreateTransfer } from '../api/create-transfer';
import { JobAdder, type TChosenJob } from './job-adder';
import { LocationSelect, type TLocationOption } from './location-select';
import { NEW_TRANSFER_FIELDS, parseNewTransferForm, type TNewTransferValues } from './transfer-form-models';

type TValues = Omit<TNewTransferValues, 'items'> & { readonly items: readonly TChosenJob[] };

/** "New bag": where from, where to, a label if the bag has one, and the envelopes going in it so far. */
export function NewTransferDialog({
  locations,
  defaultFromId,
}: {
  readonly locations: readonly TLocationOption[];
  readonly defaultFromId: string | undefined;
}) {
  const navigate = useNavigate();
  const initial = (): TValues => ({
    fromLocationId: defaultFromId ?? '',
    toLocationId: '',
    bagLabel: '',
    items: [],
  });
  const form = useDialogForm(initial, NEW_TRANSFER_FIELDS);
  const { values, errors, setValue } = form;
  const create = useCreateTransfer();

  const addJob = (job: TChosenJob) => {
    if (values.items.some((item) => item.itemId === job.itemId)) return;
    setValue('items', [...values.items, job]);
  };
  const removeJob = (itemId: string) =>
    setValue(
      'items',
      values.items.filter((item) => item.itemId !== itemId),
    );

  function onSubmit() {
    const output = form.validate(
      parseNewTransferForm({
        ...values,
        items: values.items.map(({ itemKind, itemId }) => ({ itemKind, itemId })),
      }),
    );
    if (!output) return;
    create.mutate(output, {
      onSuccess: (transfer) => {
        form.setOpen(false);
        toast({ title: `Bag ${transfer.number} is packing` });
        void navigate(pathTo(paths.transferDetail, { transferId: transfer.id }));
      },
      onError: form.showServerError,
    });
  }

  return (
    <FormDialog
      form={form}
      trigger={<DialogTriggerButton icon={PackagePlusIcon}>New bag</DialogTriggerButton>}
      title="New bag"
      description="Pack a bag to another location or an outside vendor. Envelopes can also go in later, or by a read at the shipping station."
      isPending={create.isPending}
      submitLabel="Create bag"
      pendingLabel="Creating…"
      onSubmit={onSubmit}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <LocationSelect
          label="From"
          locations={locations}
          value={values.fromLocationId}
          onChange={(id) => setValue('fromLocationId', id)}
        />
        <LocationSelect
          label="To"
          locations={locations}
          value={values.toLocationId}
          onChange={(id) => setValue('toLocationId', id)}
        />
      </div>
      {errors.fromLocationId ? (
        <p className="text-sm text-destructive" role="alert">
          {errors.fromLocationId}
        </p>
      ) : null}
      {errors.toLocationId ? (
        <p className="text-sm text-destructive" role="alert">
          {errors.toLocationId}
        </p>
      ) : null}
      <FormField label="Bag label (optional)" maxLength={100} {...form.field('bagLabel')} />
      <JobAdder onAdd={addJob} disabled={create.isPending} />
      {values.items.length > 0 ? (
        <ul aria-label="Envelopes in the bag" className="flex flex-col gap-1">
          {values.items.map((item) => (
            <li
              key={item.itemId}
              className="flex items-center justify-between gap-2 rounded-md border px-3 py-1.5 text-sm"
            >
              <span className="min-w-0 truncate">
                <span className="font-medium">{item.label}</span>
                {item.detail ? <span className="text-muted-foreground"> · {item.detail}</span> : null}
              </span>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Take ${item.label} out`}
                onClick={() => removeJob(item.itemId)}
              >
                <XIcon aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No envelopes yet.</p>
      )}
      {errors.items ? <p className="text-sm text-destructive">{errors.items}</p> : null}
    </FormDialog>
  );
}
