import type { TOrderSettings } from '@loupe/domain/settings/order-settings';
import type { FormEvent, ReactNode } from 'react';
import { FormField } from '@/components/form-field';
import { FormActions } from '@/components/forms/form-actions';
import { useFormState } from '@/components/forms/use-form-state';
import { SectionLoadError, SectionLoading } from '@/components/section-states';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { WholeNumberField } from '@/components/whole-number-field';
import { toast } from '@/lib/toast';
import { useOrderSettings } from '../api/get-order-settings';
import { useUpdateOrderSettings } from '../api/update-order-settings';
import {
  ORDER_SETTINGS_FIELDS,
  parseOrderSettingsForm,
  type TOrderSettingsField,
  type TOrderSettingsFormValues,
  toOrderSettingsFormValues,
} from './order-settings-form-model';

export const ORDER_SETTINGS_SAVED = 'Order settings saved';

/**
 * Settings › orders (admin, manager; spec §6): how orders and repairs are numbered and promised; below it
 * `templates`, the workflow templates editor of the workflow-templates feature, handed in by the app.
 */
export function OrdersSection({ templates }: { templates?: ReactNode }) {
  const query = useOrderSettings();
  if (query.isPending) return <SectionLoading label="Loading order settings" />;
  if (query.isError) return <SectionLoadError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <div className="grid gap-8">
      {/* Keyed by the stored value, so the form starts over from what the server holds after each save. */}
      <OrderSettingsForm key={JSON.stringify(query.data)} saved={query.data} />
      {templates}
    </div>
  );
}

export function OrderSettingsForm({ saved }: { saved: TOrderSettings }) {
  const form = useFormState<TOrderSettingsField, TOrderSettingsFormValues>(
    () => toOrderSettingsFormValues(saved),
    ORDER_SETTINGS_FIELDS,
  );
  const { values, formError } = form;
  const mutation = useUpdateOrderSettings();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.setFormError(null);
    const changes = form.validate(parseOrderSettingsForm(values, saved));
    if (changes === null) return;
    if (Object.keys(changes).length === 0) {
      toast({ title: 'Nothing to save', description: 'The order settings are as stored.' });
      return;
    }
    mutation.mutate(changes, {
      onSuccess: () => toast({ title: ORDER_SETTINGS_SAVED }),
      onError: form.showServerError,
    });
  }

  const prefixField = (field: 'orderNumberPrefix' | 'repairNumberPrefix', label: string, hint: string) => (
    <FormField
      label={label}
      hint={hint}
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={8}
      className="font-mono"
      {...form.field(field)}
      disabled={mutation.isPending}
      required
    />
  );

  const daysField = (
    field: 'defaultLeadTimeDays' | 'rushLeadTimeDays' | 'repairLeadTimeDays',
    label: string,
    hint: string,
  ) => (
    <WholeNumberField
      label={label}
      hint={hint}
      max={365}
      {...form.field(field)}
      disabled={mutation.isPending}
      required
    />
  );

  return (
    <form className="flex flex-col gap-6" onSubmit={onSubmit} noValidate aria-label="Order settings">
      <Card>
        <CardHeader>
          <CardTitle as="h3">Numbering</CardTitle>
          <CardDescription>
            New orders and repairs get the prefix and the next number of their sequence. Numbers already given
            keep their prefix.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6 sm:grid-cols-2">
          {prefixField('orderNumberPrefix', 'Order number prefix', 'Capital letters or digits, up to 8.')}
          {prefixField('repairNumberPrefix', 'Repair number prefix', 'Capital letters or digits, up to 8.')}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h3">Promised dates</CardTitle>
          <CardDescription>
            The promised date a new order or repair starts with: today plus these days.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6 sm:grid-cols-3">
          {daysField('defaultLeadTimeDays', 'Default lead time (days)', 'For a new order.')}
          {daysField('rushLeadTimeDays', 'Rush lead time (days)', 'For an order marked rush.')}
          {daysField('repairLeadTimeDays', 'Repair lead time (days)', 'For a new repair.')}
        </CardContent>
      </Card>
      <FormActions formError={formError} isPending={mutation.isPending} submitLabel="Save changes" />
    </form>
  );
}
