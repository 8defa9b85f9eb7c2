import type { FormEvent } from 'react';
import { FormField } from '@/components/form-field';
import { type TFormParseResult, useFormState } from '@/components/forms/use-form-state';
import { SelectField } from '@/components/select-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { isIsoDay } from '../analytics-filters';
import { useProductTypeOptions } from '../api/get-product-type-options';
import { ANY } from './filter-bar';

export type TRushJob = {
  readonly kind: 'order' | 'repair';
  readonly productTypeId: string | null;
  readonly promisedDate: string;
};

export type TRushJobFormProps = {
  /** The rush job tried now (from the address), if any. */
  readonly current: TRushJob | null;
  readonly onTry: (job: TRushJob) => void;
  readonly onClear: () => void;
  readonly isTrying: boolean;
  /** The earliest promised day to offer: today. */
  readonly today: string;
};

const KIND_CHOICES = [
  { value: 'order', label: 'Order' },
  { value: 'repair', label: 'Repair' },
] as const;

type TRushJobValues = { kind: TRushJob['kind']; productTypeId: string; promisedDate: string };
const RUSH_JOB_FIELDS = ['kind', 'productTypeId', 'promisedDate'] as const;

/** The rush job to try: promised for a real day, today or later; any product type is none. */
export function parseRushJob(
  values: TRushJobValues,
  today: string,
): TFormParseResult<'promisedDate', TRushJob> {
  const { kind, productTypeId, promisedDate } = values;
  if (!isIsoDay(promisedDate)) {
    return { ok: false, errors: { promisedDate: 'Give the day the rush job is promised for' } };
  }
  if (promisedDate < today) {
    return { ok: false, errors: { promisedDate: 'A rush job is promised for today or later' } };
  }
  return {
    ok: true,
    output: { kind, productTypeId: productTypeId === ANY ? null : productTypeId, promisedDate },
  };
}

/** What-if (issue 13 §2): insert a rush job ahead of everything and see which jobs it puts at risk. */
export function RushJobForm({ current, onTry, onClear, isTrying, today }: TRushJobFormProps) {
  const productTypes = useProductTypeOptions();
  const form = useFormState<(typeof RUSH_JOB_FIELDS)[number], TRushJobValues>(
    () => ({
      kind: current?.kind ?? 'order',
      productTypeId: current?.productTypeId ?? ANY,
      promisedDate: current?.promisedDate ?? '',
    }),
    RUSH_JOB_FIELDS,
  );
  const { kind, productTypeId } = form.values;

  function submit(event: FormEvent) {
    event.preventDefault();
    const job = form.validate(parseRushJob(form.values, today));
    if (job !== null) onTry(job);
  }

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>What if we insert a rush job?</CardTitle>
        <CardDescription>
          A rush job is worked before everything else. Try one to see which promises it would break.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          onSubmit={submit}
          className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-start"
          noValidate
        >
          <SelectField
            label="Rush job kind"
            value={kind}
            onValueChange={(value) => form.setValue('kind', value === 'repair' ? 'repair' : 'order')}
            options={KIND_CHOICES}
          />
          <SelectField
            label="Rush job product type"
            value={productTypeId}
            onValueChange={(value) => form.setValue('productTypeId', value)}
            disabled={kind === 'repair'}
            options={[
              { value: ANY, label: 'Any product type' },
              ...(productTypes.data ?? []).map((type) => ({ value: type.id, label: type.name })),
            ]}
          />
          <FormField
            label="Rush job promised for"
            type="date"
            min={today}
            {...form.field('promisedDate')}
            required
          />
          <div className="flex gap-2 lg:pt-6">
            <Button type="submit" disabled={isTrying}>
              {isTrying ? 'Working it out…' : 'Try it'}
            </Button>
            {current ? (
              <Button type="button" variant="outline" onClick={onClear}>
                Clear
              </Button>
            ) : null}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
