import {
  ALERT_RULE_LABELS,
  ALERT_RULE_LIMIT_UNITS,
  ALERT_RULES,
  type TAlertRule,
  type TAlertRules,
  type TAlertSeverity,
  ZAlertRulesSchema,
} from '@loupe/domain/alerts/alerts';
import { ALERT_SEVERITIES } from '@loupe/domain/realtime/events';
import { type FormEvent, useEffect, useState } from 'react';
import { FilterSelect } from '@/components/filter-select';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { errorMessageOf } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useAlertRules } from '../api/get-alert-rules';
import { useUpdateAlertRules } from '../api/update-alert-rules';

const SEVERITY_OPTIONS = ALERT_SEVERITIES.map((severity) => ({
  value: severity,
  label: severity[0]?.toUpperCase() + severity.slice(1),
}));

/** The rules beside the feed: on or off, the limit where a rule has one, the severity. Managers save them. */
export function AlertRulesForm({ canEdit }: { canEdit: boolean }) {
  const query = useAlertRules();
  const mutation = useUpdateAlertRules();
  const [draft, setDraft] = useState<TAlertRules | null>(null);
  const [errors, setErrors] = useState<Partial<Record<TAlertRule, string>>>({});

  useEffect(() => {
    if (query.data) setDraft(query.data);
  }, [query.data]);

  if (query.isPending || (query.isSuccess && draft === null)) return <Skeleton className="h-96 w-full" />;
  if (query.isError || draft === null) {
    return (
      <LoadError title="Could not load the rules" error={query.error} onRetry={() => void query.refetch()} />
    );
  }

  function change(rule: TAlertRule, changes: Partial<TAlertRules[TAlertRule]>) {
    setDraft((current) => (current ? { ...current, [rule]: { ...current[rule], ...changes } } : current));
    setErrors((current) => ({ ...current, [rule]: undefined }));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZAlertRulesSchema.safeParse(draft);
    if (!parsed.success) {
      const found: Partial<Record<TAlertRule, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as TAlertRule] ??= issue.message;
      setErrors(found);
      return;
    }
    mutation.mutate(parsed.data, {
      onSuccess: () => toast({ title: 'Alert rules saved' }),
      onError: (error) =>
        toast({
          title: 'Rules not saved',
          description: errorMessageOf(error, 'Try again.'),
          variant: 'destructive',
        }),
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
                          value={Number.isNaN(settings.limit) ? '' : settings.limit}
                          onChange={(event) => change(rule, { limit: event.target.valueAsNumber })}
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
                      {errors[rule] === 'Invalid input: expected number, received NaN'
                        ? 'Enter a number'
                        : errors[rule]}
                    </p>
                  ) : null}
                </div>
              );
            })}
          </fieldset>
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
