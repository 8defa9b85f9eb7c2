import type { FormEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { FormSection } from '@/components/form-section';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CustomerPicker } from '../customers/customer-picker';
import type { TJobFormCommon } from './use-job-form';

export type TJobFormProps = {
  readonly form: TJobFormCommon;
  /** The form's accessible name: 'New order', 'Edit order ORD-00042'. */
  readonly label: string;
  readonly onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** While saving, every field is disabled and the button says so. */
  readonly isPending: boolean;
  /** Where Cancel leads: the job, or the list for a new one. */
  readonly cancelPath: string;
  readonly submitLabel: string;
  /** The kind's own sections, after the customer. */
  readonly children: ReactNode;
};

/** A job's form: the customer first, then the kind's sections, an error no field owns, Cancel and save. */
export function JobForm({
  form,
  label,
  onSubmit,
  isPending,
  cancelPath,
  submitLabel,
  children,
}: TJobFormProps) {
  return (
    <form className="grid gap-6" onSubmit={onSubmit} noValidate aria-label={label}>
      <FormSection title="Customer">
        <CustomerPicker
          value={form.values.customer}
          onChange={form.setCustomer}
          error={form.errors.customer}
          disabled={isPending}
        />
      </FormSection>

      {children}

      {form.formError ? (
        <Alert variant="destructive">
          <AlertDescription>{form.formError}</AlertDescription>
        </Alert>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button asChild variant="outline">
          <Link to={cancelPath}>Cancel</Link>
        </Button>
        <Button type="submit" disabled={isPending}>
          {isPending ? 'Saving…' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
