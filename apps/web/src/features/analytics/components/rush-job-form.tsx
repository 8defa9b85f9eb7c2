import { type FormEvent, useState } from 'react';
import { FormField } from '@/components/form-field';
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

/** What-if (issue 13 §2): insert a rush job ahead of everything and see which jobs it puts at risk. */
export function RushJobForm({ current, onTry, onClear, isTrying, today }: TRushJobFormProps) {
  const productTypes = useProductTypeOptions();
  const [kind, setKind] = useState<TRushJob['kind']>(current?.kind ?? 'order');
  const [productTypeId, setProductTypeId] = useState(current?.productTypeId ?? ANY);
  const [promisedDate, setPromisedDate] = useState(current?.promisedDate ?? '');
  const [error, setError] = useState<string | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!isIsoDay(promisedDate)) {
      setError('Give the day the rush job is promised for');
      return;
    }
    if (promisedDate < today) {
      setError('A rush job is promised for today or later');
      return;
    }
    setError(undefined);
    onTry({ kind, productTypeId: productTypeId === ANY ? null : productTypeId, promisedDate });
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
            onValueChange={(value) => setKind(value === 'repair' ? 'repair' : 'order')}
            options={KIND_CHOICES}
          />
          <SelectField
            label="Rush job product type"
            value={productTypeId}
            onValueChange={setProductTypeId}
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
            value={promisedDate}
            onChange={(event) => setPromisedDate(event.currentTarget.value)}
            error={error}
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
