import {
  CONTACT_CHANNELS,
  type TContactChannel,
  type TCustomer,
  ZCreateCustomerInputSchema,
} from '@loupe/domain/customers/customer';
import { UserPlusIcon } from 'lucide-react';
import { useId } from 'react';
import { FormField } from '@/components/form-field';
import { FormDialog } from '@/components/forms/form-dialog';
import { useDialogForm } from '@/components/forms/use-dialog-form';
import { formErrorsFromZod } from '@/components/forms/zod-form-errors';
import { TextareaField } from '@/components/textarea-field';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { useCreateCustomer } from '../../api/create-customer';

export const CONTACT_CHANNEL_LABELS: Readonly<Record<TContactChannel, string>> = {
  email: 'E-mail',
  phone: 'Phone call',
  sms: 'SMS',
};

type TCustomerField = 'name' | 'phone' | 'email' | 'contactPreferences' | 'notes';
type TCustomerValues = {
  name: string;
  phone: string;
  email: string;
  contactPreferences: TContactChannel[];
  notes: string;
};
const FIELDS: readonly TCustomerField[] = ['name', 'phone', 'email', 'contactPreferences', 'notes'];
const EMPTY: TCustomerValues = { name: '', phone: '', email: '', contactPreferences: [], notes: '' };

/** A customer taken in at the counter, without leaving the order or repair being written. */
export function NewCustomerDialog({ onCreated }: { onCreated: (customer: TCustomer) => void }) {
  const form = useDialogForm(() => EMPTY, FIELDS);
  const { values, errors, setValue } = form;
  const mutation = useCreateCustomer();
  const channelsId = useId();

  function toggleChannel(channel: TContactChannel, checked: boolean) {
    const next = checked
      ? [...values.contactPreferences, channel]
      : values.contactPreferences.filter((c) => c !== channel);
    setValue(
      'contactPreferences',
      CONTACT_CHANNELS.filter((c) => next.includes(c)),
    );
  }

  function onSubmit() {
    const parsed = ZCreateCustomerInputSchema.safeParse({
      name: values.name,
      phone: values.phone.trim() || null,
      email: values.email.trim() || null,
      contactPreferences: values.contactPreferences,
      notes: values.notes,
    });
    if (!parsed.success) {
      form.setErrors(formErrorsFromZod(parsed.error, FIELDS, {}));
      return;
    }
    form.setErrors({});
    mutation.mutate(parsed.data, {
      onSuccess: (customer) => {
        form.setOpen(false);
        onCreated(customer);
      },
      onError: form.showServerError,
    });
  }

  const isPending = mutation.isPending;
  return (
    <FormDialog
      form={form}
      trigger={
        <Button type="button" variant="outline" size="sm">
          <UserPlusIcon aria-hidden="true" />
          New customer
        </Button>
      }
      title="New customer"
      description="A phone number or an e-mail address is needed to reach them."
      isPending={isPending}
      submitLabel="Save customer"
      onSubmit={onSubmit}
      onOpened={() => mutation.reset()}
    >
      <FormField label="Name" autoComplete="off" maxLength={200} {...form.field('name')} required />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Phone" type="tel" autoComplete="off" {...form.field('phone')} />
        <FormField label="E-mail" type="email" autoComplete="off" {...form.field('email')} />
      </div>
      <fieldset className="grid gap-2" aria-describedby={errors.contactPreferences ? channelsId : undefined}>
        <legend className="mb-1 text-sm font-medium">Contact by</legend>
        <div className="flex flex-wrap gap-4">
          {CONTACT_CHANNELS.map((channel) => (
            <ChannelCheckbox
              key={channel}
              label={CONTACT_CHANNEL_LABELS[channel]}
              checked={values.contactPreferences.includes(channel)}
              onCheckedChange={(checked) => toggleChannel(channel, checked)}
            />
          ))}
        </div>
        {errors.contactPreferences ? (
          <p id={channelsId} className="text-sm text-destructive">
            {errors.contactPreferences}
          </p>
        ) : null}
      </fieldset>
      <TextareaField
        label="Notes (optional)"
        maxLength={2000}
        value={values.notes}
        onValueChange={(notes) => setValue('notes', notes)}
      />
    </FormDialog>
  );
}

function ChannelCheckbox({
  label,
  checked,
  onCheckedChange,
}: {
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Checkbox id={id} checked={checked} onCheckedChange={(state) => onCheckedChange(state === true)} />
      <Label htmlFor={id} className="font-normal">
        {label}
      </Label>
    </div>
  );
}
