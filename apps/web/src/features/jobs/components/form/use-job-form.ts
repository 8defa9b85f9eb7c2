import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import { defaultPromisedDate, type TOrderSettings } from '@loupe/domain/settings/order-settings';
import { type FormEvent, useEffect, useState } from 'react';
import type { TFormErrors } from '@/components/forms/form-issues';
import { type TFormParseResult, useFormState } from '@/components/forms/use-form-state';
import type { TPickerItem } from '@/components/search-picker';
import { errorMessageOf, fieldIssuesOf } from '@/lib/api-error';
import { useIntakeTransit } from '@/lib/registry-api/use-intake-transit';

/** The fields every job form has, which the shared form pieces show. */
export type TJobFormCommonValues = {
  readonly customer: TPickerItem | null;
  readonly promisedDate: string;
  readonly isRush: boolean;
  /** Issue 39 §2: where the customer leaves it and collects it (LOC ids). */
  readonly intakeLocationId: string;
  readonly pickupLocationId: string;
};

/** A job form's field names: the keys of its values. */
export type TJobField<TValues> = keyof TValues & string;
export type TJobFormErrors<TValues> = TFormErrors<TJobField<TValues>>;

/** A form checked before it is sent: the value to send, or what is wrong field by field. */
export type TParsedForm<T, TValues> = TFormParseResult<TJobField<TValues>, T>;

/** What the shared form pieces read and set; `useJobForm` gives it along with the kind's own fields. */
export type TJobFormCommon = {
  readonly values: TJobFormCommonValues;
  readonly errors: TJobFormErrors<TJobFormCommonValues>;
  /** An error no field owns, shown above the buttons. */
  readonly formError: string | null;
  readonly setCustomer: (customer: TPickerItem | null) => void;
  /** `isUnreadable`: the browser holds a half-typed date it reports as ''. */
  readonly setPromisedDate: (promisedDate: string, isUnreadable: boolean) => void;
  readonly setRush: (isRush: boolean) => void;
  readonly setLocation: (field: 'intakeLocationId' | 'pickupLocationId', locationId: string) => void;
};

export type TJobForm<TValues extends TJobFormCommonValues> = TJobFormCommon & {
  readonly values: TValues;
  readonly errors: TJobFormErrors<TValues>;
  readonly setValue: <K extends TJobField<TValues>>(field: K, value: TValues[K]) => void;
  /** Shows what `parsed` found wrong (and an unreadable date); gives the value to send when nothing is. */
  readonly accept: <T>(parsed: TParsedForm<T, TValues>) => T | null;
  /** Puts the server's field issues under their fields, or its message above the buttons. */
  readonly showServerError: (error: unknown) => void;
  /** The form's submit handler: no page load, no stale form error, then `send`. */
  readonly onSubmit: (send: () => void) => (event: FormEvent<HTMLFormElement>) => void;
};

export type TUseJobFormOptions<TValues> = {
  readonly initialValues: () => TValues;
  /** A new job starts promised after its lead time until someone picks a date; an edited one keeps its own. */
  readonly isNew: boolean;
  /** The workshop's lead times, once loaded. */
  readonly settings: TOrderSettings | undefined;
  readonly leadTime: (values: TValues) => Parameters<typeof defaultPromisedDate>[1];
  readonly now: () => Date;
  /** The form field that shows a server issue (issues arrive with API field names). */
  readonly fieldOf: (apiField: string) => TJobField<TValues> | null;
  /** The error of a date the browser cannot read. */
  readonly unreadableDateMessage: string;
};

// The job forms map the server's issues with `fieldOf` (API names differ from the form's), not by name.
const NO_FIELDS_BY_NAME: readonly never[] = [];

/**
 * The state of a job's form (`useFormState`, with): the default promise, an unreadable date, and the
 * checks around sending.
 */
export function useJobForm<TValues extends TJobFormCommonValues>(
  options: TUseJobFormOptions<TValues>,
): TJobForm<TValues> {
  const { values, setValues, errors, setErrors, formError, setFormError, setValue } = useFormState<
    TJobField<TValues>,
    TValues
  >(options.initialValues, NO_FIELDS_BY_NAME);
  const [isDateTouched, setIsDateTouched] = useState(!options.isNew);
  const [isDateUnreadable, setIsDateUnreadable] = useState(false);

  const { settings } = options;
  const leadTime = options.leadTime(values);
  // Taken in away from the workshop, the trip there and back comes on top (the server's own rule).
  const transit = useIntakeTransit(values.intakeLocationId, options.isNew && !isDateTouched);
  const { transitWorkingDays, workingDays } = transit;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `now` is read, not watched.
  useEffect(() => {
    if (isDateTouched || !settings) return;
    const promisedDate = defaultPromisedDate(settings, leadTime, options.now(), {
      transitWorkingDays,
      workingDays,
    });
    setValues((current) => ({ ...current, promisedDate }));
  }, [settings, leadTime, isDateTouched, transitWorkingDays, workingDays]);

  // The shared pieces know only the common fields; TValues[K] of a generic TValues cannot be written to.
  function setCommonValue<K extends keyof TJobFormCommonValues>(field: K, value: TJobFormCommonValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function withDateCheck(found: TJobFormErrors<TValues>): TJobFormErrors<TValues> {
    const common: TJobFormErrors<TJobFormCommonValues> = found;
    // A half-typed date reads as '' in the browser; its validity says it is not blank but unreadable.
    return isDateUnreadable && !common.promisedDate
      ? { ...found, promisedDate: options.unreadableDateMessage }
      : found;
  }

  function accept<T>(parsed: TParsedForm<T, TValues>): T | null {
    const found = withDateCheck(parsed.ok ? {} : parsed.errors);
    setErrors(found);
    return parsed.ok && Object.keys(found).length === 0 ? parsed.output : null;
  }

  function showServerError(error: unknown) {
    const found: TJobFormErrors<TValues> = {};
    for (const issue of fieldIssuesOf(error)) {
      const field = options.fieldOf(issue.field);
      if (field) found[field] ??= issue.message;
    }
    setErrors(found);
    if (Object.keys(found).length === 0) setFormError(errorMessageOf(error, ERROR_MESSAGES.generic));
  }

  return {
    values,
    errors,
    formError,
    setValue,
    setCustomer: (customer) => setCommonValue('customer', customer),
    setPromisedDate: (promisedDate, isUnreadable) => {
      setIsDateTouched(true);
      setIsDateUnreadable(isUnreadable);
      setCommonValue('promisedDate', promisedDate);
    },
    setRush: (isRush) => setCommonValue('isRush', isRush),
    setLocation: (field, locationId) => setCommonValue(field, locationId),
    accept,
    showServerError,
    onSubmit: (send) => (event) => {
      event.preventDefault();
      setFormError(null);
      send();
    },
  };
}
