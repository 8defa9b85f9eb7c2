import { ZClaimTvDisplaySchema } from '@loupe/domain/tv/tv-displays';
import { MonitorPlay } from 'lucide-react';
import { useEffect } from 'react';
import { FormField } from '@/components/form-field';
import { FormDialog } from '@/components/forms/form-dialog';
import { useDialogForm } from '@/components/forms/use-dialog-form';
import { formErrorsFromZod } from '@/components/forms/zod-form-errors';
import { SelectField, type TSelectOption } from '@/components/select-field';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { usePairTvDisplay } from '../api/pair-tv-display';

type TPairField = 'code' | 'name' | 'stationId';
const PAIR_FIELDS: readonly TPairField[] = ['code', 'name', 'stationId'];

/** Enter the code a TV at /tv-setup shows, name the TV and choose its station. */
export function PairTvDialog({
  stations,
  initialCode,
  defaultOpen = false,
}: {
  stations: readonly TSelectOption[];
  /** From the TV's QR code (…/settings/tv-displays?code=…). */
  initialCode?: string;
  defaultOpen?: boolean;
}) {
  const form = useDialogForm(() => ({ code: initialCode ?? '', name: '', stationId: '' }), PAIR_FIELDS);
  const { values, errors, setValue } = form;
  const mutation = usePairTvDisplay();
  const { setOpen } = form;
  // Opened from the TV's QR code: the dialog is already open with the code filled in.
  useEffect(() => {
    if (defaultOpen) setOpen(true);
  }, [defaultOpen, setOpen]);

  function onSubmit() {
    const parsed = ZClaimTvDisplaySchema.safeParse(values);
    if (!parsed.success) {
      form.setErrors(formErrorsFromZod(parsed.error, PAIR_FIELDS, {}));
      return;
    }
    form.setErrors({});
    mutation.mutate(parsed.data, {
      onSuccess: (display) => {
        form.setOpen(false);
        toast({
          title: `${display.name} is paired`,
          description: `It now shows ${display.stationName ?? 'its station'}, live.`,
        });
      },
      onError: form.showServerError,
    });
  }

  return (
    <FormDialog
      form={form}
      trigger={
        <Button type="button">
          <MonitorPlay aria-hidden="true" />
          Pair a TV
        </Button>
      }
      title="Pair a TV"
      description="Open /tv-setup in the TV’s browser: it shows a six-character code for ten minutes."
      isPending={mutation.isPending}
      submitLabel="Pair"
      pendingLabel="Pairing…"
      onSubmit={onSubmit}
      onOpened={() => mutation.reset()}
    >
      <FormField
        label="Code on the TV"
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="characters"
        className="font-mono uppercase tracking-widest"
        maxLength={12}
        {...form.field('code')}
        required
      />
      <FormField label="Name" placeholder="e.g. Bench 3 TV" maxLength={80} {...form.field('name')} required />
      <SelectField
        label="Station"
        value={values.stationId}
        onValueChange={(stationId) => setValue('stationId', stationId)}
        options={stations}
        error={errors.stationId}
        {...(stations.length === 0 ? { hint: 'Add a station under Departments first.' } : {})}
      />
    </FormDialog>
  );
}
