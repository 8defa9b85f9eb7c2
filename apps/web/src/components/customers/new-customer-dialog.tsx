import {
  CONTACT_CHANNELS,
  type TContactChannel,
  type TCustomer,
  ZCreateCustomerInputSchema,
} from '@loupe/domain/customers/customer';
import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UserPlusIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { FormField } from '@/components/form-field';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { errorMessageOf, fieldIssuesOf } from '@/lib/api-error';
import { createCustomer, customerPickerQueryKeys } from './customer-api';

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

function isField(value: unknown): value is TCustomerField {
  return typeof value === 'string' && (FIELDS as readonly string[]).includes(value);
}

/** A customer taken in at the counter, without leaving the order or repair being written. */
export function NewCustomerDialog({ onCreated }: { onCreated: (customer: TCustomer) => void }) {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<TCustomerValues>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<TCustomerField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: createCustomer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerPickerQueryKeys.all }),
  });
  const channelsId = useId();

  function onOpenChange(next: boolean) {
    if (mutation.isPending) return;
    setOpen(next);
    if (next) {
      setValues(EMPTY);
      setErrors({});
      setFormError(null);
      mutation.reset();
    }
  }

  function setValue<K extends keyof TCustomerValues>(field: K, value: TCustomerValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function toggleChannel(channel: TContactChannel, checked: boolean) {
    const next = checked
      ? [...values.contactPreferences, channel]
      : values.contactPreferences.filter((c) => c !== channel);
    setValue(
      'contactPreferences',
      CONTACT_CHANNELS.filter((c) => next.includes(c)),
    );
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The dialog is portalled out of the order form in the DOM, but React still bubbles its submit there.
    event.stopPropagation();
    setFormError(null);
    const parsed = ZCreateCustomerInputSchema.safeParse({
      name: values.name,
      phone: values.phone.trim() || null,
      email: values.email.trim() || null,
      contactPreferences: values.contactPreferences,
      notes: values.notes,
    });
    if (!parsed.success) {
      const found: Partial<Record<TCustomerField, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (isField(field)) found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    mutation.mutate(parsed.data, {
      onSuccess: (customer) => {
        setOpen(false);
        onCreated(customer);
      },
      onError: (error) => {
        const found: Partial<Record<TCustomerField, string>> = {};
        for (const issue of fieldIssuesOf(error))
          if (isField(issue.field)) found[issue.field] ??= issue.message;
        setErrors(found);
        if (Object.keys(found).length === 0) setFormError(errorMessageOf(error, ERROR_MESSAGES.generic));
      },
    });
  }

  const isPending = mutation.isPending;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm">
          <UserPlusIcon aria-hidden="true" />
          New customer
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>New customer</DialogTitle>
          <DialogDescription>A phone number or an e-mail address is needed to reach them.</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label="New customer">
          <FormField
            label="Name"
            autoComplete="off"
            maxLength={200}
            value={values.name}
            onChange={(event) => setValue('name', event.target.value)}
            error={errors.name}
            disabled={isPending}
            required
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label="Phone"
              type="tel"
              autoComplete="off"
              value={values.phone}
              onChange={(event) => setValue('phone', event.target.value)}
              error={errors.phone}
              disabled={isPending}
            />
            <FormField
              label="E-mail"
              type="email"
              autoComplete="off"
              value={values.email}
              onChange={(event) => setValue('email', event.target.value)}
              error={errors.email}
              disabled={isPending}
            />
          </div>
          <fieldset
            className="grid gap-2"
            aria-describedby={errors.contactPreferences ? channelsId : undefined}
          >
            <legend className="mb-1 text-sm font-medium">Contact by</legend>
            <div className="flex flex-wrap gap-4">
              {CONTACT_CHANNELS.map((channel) => (
                <ChannelCheckbox
                  key={channel}
                  label={CONTACT_CHANNEL_LABELS[channel]}
                  checked={values.contactPreferences.includes(channel)}
                  onCheckedChange={(checked) => toggleChannel(channel, checked)}
                  disabled={isPending}
                />
              ))}
            </div>
            {errors.contactPreferences ? (
              <p id={channelsId} className="text-sm text-destructive">
                {errors.contactPreferences}
              </p>
            ) : null}
          </fieldset>
          <NotesField
            value={values.notes}
            onChange={(notes) => setValue('notes', notes)}
            disabled={isPending}
          />
          {formError ? (
            <Alert variant="destructive">
              <AlertDescription>{formError}</AlertDescription>
            </Alert>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={isPending}>
              {isPending ? 'Saving…' : 'Save customer'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function ChannelCheckbox({
  label,
  checked,
  onCheckedChange,
  disabled,
}: {
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Checkbox
        id={id}
        checked={checked}
        onCheckedChange={(state) => onCheckedChange(state === true)}
        disabled={disabled}
      />
      <Label htmlFor={id} className="font-normal">
        {label}
      </Label>
    </div>
  );
}

function NotesField({
  value,
  onChange,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
}) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Notes (optional)</Label>
      <Textarea
        id={id}
        maxLength={2000}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
      />
    </div>
  );
}
