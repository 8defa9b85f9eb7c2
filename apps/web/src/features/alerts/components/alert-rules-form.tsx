import {
  ALERT_RULE_LABELS,
  ALERT_RULE_LIMIT_UNITS,
  ALERT_RULES,
  type TAlertRule,
  type TAlertRules,
  type TAlertSeverity,
} from '@loupe/domain/alerts/alerts';
import { ALERT_SEVERITIES } from '@loupe/domain/realtime/events';
import type { FormEvent } from 'react';
import { FilterSelect } from '@/components/filter-select';
import { FormErrorAlert } from '@/components/forms/form-error-alert';
import { useFormState } from '@/components/forms/use-form-state';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/lib/toast';
import { useAlertRules } from '../api/get-alert-rules';
import { useUpdateAlertRules } from '../api/update-alert-rules';
import {
  ALERT_RULES_SERVER_FIELDS,
  parseAlertRulesForm,
  type TAlertRuleFormValue,
  type TAlertRulesFormValues,
  toAlertRulesFormValues,
} from './alert-rules-form-model';

const SEVERITY_OPTIONS = ALERT_SEVERITIES.map((severity) => ({
  value: severity,
  label: severity[0]?.toUpperCase() + severity.slice(1),
}));

/** The rules beside the feed: on or off, the limit where a rule has one, the severity. Managers save them. */
export function AlertRulesForm({ canEdit }: { canEdit: boolean }) {
  const query = useAlertRules();
  if (query.isPending) return <Skeleton className="h-96 w-full" />;
  if (query.isError) {
    return (
      <LoadError title="Could not load the rules" error={query.error} onRetry={() => void query.refetch()} />
    );
  }
  // Keyed by the stored rules, so the form starts over from what the server holds after each save.
  return <RulesForm key={JSON.stringify(query.data)} saved={query.data} canEdit={canEdit} />;
}

function RulesForm({ saved, canEdit }: { saved: TAlertRules; canEdit: boolean }) {
  const form = useFormState<TAlertRule, TAlertRulesFormValues>(
    () => toAlertRulesFormValues(saved),
    ALERT_RULES,
    {
      failureMessage: 'Rules not saved. Try again.',
      serverFields: ALERT_RULES_SERVER_FIELDS,
    },
  );
  const { values: draft, errors, formError } = form;
  const mutation = useUpdateAlertRules();

  function change(rule: TAlertRule, changes: Partial<TAlertRuleFormValue>) {
    form.setValue(rule, { ...draft[rule], ...changes });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.setFormError(null);
    const rules = form.validate(parseAlertRulesForm(draft));
    if (rules === null) return;
    mutation.mutate(rules, {
      onSuccess: () => toast({ title: 'Alert rules saved' }),
      onError: form.showServerError,
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Rules</CardTitle>
        <CardDescription>
          Checked every minute on the server. Each condition raises one alert, which clears by itself once the
          condition is gone.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} aria-label="Alert rules" className="grid gap-4" noValidate>
          <fieldset disabled={!canEdit || mutation.isPending} className="grid gap-4">
            {ALERT_RULES.map((rule) => {
              const settings = draft[rule];
              const unit = ALERT_RULE_LIMIT_UNITS[rule];
              return (
                <div key={rule} className="grid gap-2 border-b pb-4 last:border-b-0">
                  <div className="flex items-start justify-between gap-3">
                    <div>
                      <p className="font-medium">{ALERT_RULE_LABELS[rule].title}</p>
                      <p className="text-xs text-muted-foreground">{ALERT_RULE_LABELS[rule].description}</p>
                    </div>
                    <Switch
                      aria-label={ALERT_RULE_LABELS[rule].title}
                      checked={settings.enabled}
                      onCheckedChange={(enabled) => change(rule, { enabled })}
                    />
                  </div>
                  <div className="flex flex-wrap items-center gap-2">
                    {unit ? (
                      <span className="flex items-center gap-2 text-sm">
                        After
                        <Input
                          type="number"
                          min={1}
                          inputMode="numeric"
                          className="h-8 w-20"
                          aria-label={`${ALERT_RULE_LABELS[rule].title}: limit in ${unit}`}
                          value={settings.limit}
                          onChange={(event) => change(rule, { limit: event.target.value })}
                          aria-invalid={errors[rule] ? true : undefined}
                        />
                        {unit}
                      </span>
                    ) : null}
                    <FilterSelect
                      label={`${ALERT_RULE_LABELS[rule].title}: severity`}
                      value={settings.severity}
                      onValueChange={(severity) => change(rule, { severity: severity as TAlertSeverity })}
                      options={SEVERITY_OPTIONS}
                    />
                  </div>
                  {errors[rule] ? (
                    <p className="text-sm text-destructive" role="alert">
                      {errors[rule]}
                    </p>
                  ) : null}
                </div>
              );
            })}
          </fieldset>
          <FormErrorAlert message={formError} />
          {canEdit ? (
            <Button type="submit" disabled={mutation.isPending} className="justify-self-start">
              {mutation.isPending ? 'Saving…' : 'Save rules'}
            </Button>
          ) : (
            <p className="text-sm text-muted-foreground">Admins and managers change the rules.</p>
          )}
        </form>
      </CardContent>
    </Card>
  );
}
