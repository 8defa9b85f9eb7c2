import {
  REPAIR_STATUS_TRANSITIONS,
  repairEditableValues,
  type TCreateRepairInput,
  type TRepair,
  type TRepairStatus,
  type TRepairType,
  type TUpdateRepairInput,
  ZCreateRepairInputSchema,
  ZUpdateRepairInputSchema,
} from '@loupe/domain/repairs/repair';
import type { TPickerItem } from '@/components/search-picker';
import { amountInputValue } from '@/lib/number-format';
import {
  apiFieldMap,
  changedFields,
  errorsFromIssues,
  JOB_FORM_MESSAGES,
  readAmount,
  readPromisedDate,
} from '../../components/form/job-form-model';
import type { TParsedForm } from '../../components/form/use-job-form';

/** The repair form as typed: amounts and the date are text until submitted; '' means "none". */
export type TRepairFormValues = {
  customer: TPickerItem | null;
  itemDescription: string;
  repairTypes: TRepairType[];
  conditionNotes: string;
  declaredValue: string;
  estimate: string;
  promisedDate: string;
  isRush: boolean;
  status: TRepairStatus;
  /** Issue 39 §2: LOC ids; '' leaves the choice to the server (the creator's home location). */
  intakeLocationId: string;
  pickupLocationId: string;
};
export type TRepairFormField = keyof TRepairFormValues;
export type TRepairFormErrors = Partial<Record<TRepairFormField, string>>;

export const REPAIR_FORM_MESSAGES = {
  amount: 'Enter an amount such as 250.00',
  ...JOB_FORM_MESSAGES,
} as const;

/** API field → the form field that shows its error; only the renamed ones are listed. */
export const formFieldOf = apiFieldMap<TRepairFormField>(
  Object.keys(emptyRepairForm()) as TRepairFormField[],
  { customerId: 'customer', declaredValueCents: 'declaredValue', estimateCents: 'estimate' },
);

export function emptyRepairForm(promisedDate = '', locationId = ''): TRepairFormValues {
  return {
    customer: null,
    itemDescription: '',
    repairTypes: [],
    conditionNotes: '',
    declaredValue: '',
    estimate: '',
    promisedDate,
    isRush: false,
    status: 'received',
    intakeLocationId: locationId,
    pickupLocationId: locationId,
  };
}

export function repairToFormValues(repair: TRepair): TRepairFormValues {
  return {
    customer: { id: repair.customer.id, label: repair.customer.name },
    itemDescription: repair.itemDescription,
    repairTypes: [...repair.repairTypes],
    conditionNotes: repair.conditionNotes,
    declaredValue: amountInputValue(repair.declaredValueCents),
    estimate: amountInputValue(repair.estimateCents),
    promisedDate: repair.promisedDate ?? '',
    isRush: repair.isRush,
    status: repair.status,
    intakeLocationId: repair.intakeLocationId,
    pickupLocationId: repair.pickupLocationId,
  };
}

/** The statuses the edit form offers: the current one and those REPAIR_STATUS_TRANSITIONS allows next. */
export function repairStatusChoices(current: TRepairStatus): TRepairStatus[] {
  return [current, ...REPAIR_STATUS_TRANSITIONS[current]];
}

function readTextFields(values: TRepairFormValues) {
  const errors: TRepairFormErrors = {};
  const declaredValueCents = readAmount(values.declaredValue);
  const estimateCents = readAmount(values.estimate);
  if (declaredValueCents === null) errors.declaredValue = REPAIR_FORM_MESSAGES.amount;
  if (estimateCents === null) errors.estimate = REPAIR_FORM_MESSAGES.amount;
  const promised = readPromisedDate(values.promisedDate);
  if (promised.error !== null) errors.promisedDate = promised.error;
  return {
    fields: {
      declaredValueCents: declaredValueCents ?? 0,
      estimateCents: estimateCents ?? 0,
      promisedDate: promised.date,
    },
    errors,
  };
}

const ISSUE_OPTIONS = { fieldOf: formFieldOf, amountFields: ['declaredValue', 'estimate'] } as const;

export type TParsed<T> = TParsedForm<T, TRepairFormValues>;

/** Checks a new repair with the server's own schema. */
export function parseNewRepairForm(values: TRepairFormValues): TParsed<TCreateRepairInput> {
  const { fields, errors } = readTextFields(values);
  const parsed = ZCreateRepairInputSchema.safeParse({
    customerId: values.customer?.id ?? '',
    itemDescription: values.itemDescription,
    repairTypes: values.repairTypes,
    conditionNotes: values.conditionNotes,
    declaredValueCents: fields.declaredValueCents,
    estimateCents: fields.estimateCents,
    promisedDate: fields.promisedDate ?? undefined,
    intakeLocationId: values.intakeLocationId || undefined,
    pickupLocationId: values.pickupLocationId || undefined,
    isRush: values.isRush,
  });
  if (!parsed.success)
    return { ok: false, errors: errorsFromIssues(parsed.error.issues, errors, ISSUE_OPTIONS) };
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, output: parsed.data };
}

/** Checks an edited repair as a whole and gives only what differs from `repair`. */
export function parseRepairChanges(values: TRepairFormValues, repair: TRepair): TParsed<TUpdateRepairInput> {
  const { fields, errors } = readTextFields(values);
  const parsed = ZUpdateRepairInputSchema.unwrap()
    .required({
      customerId: true,
      itemDescription: true,
      repairTypes: true,
    })
    .safeParse({
      customerId: values.customer?.id ?? '',
      itemDescription: values.itemDescription,
      repairTypes: values.repairTypes,
      conditionNotes: values.conditionNotes,
      declaredValueCents: fields.declaredValueCents,
      estimateCents: fields.estimateCents,
      promisedDate: fields.promisedDate,
      isRush: values.isRush,
      status: values.status,
      intakeLocationId: values.intakeLocationId || undefined,
      pickupLocationId: values.pickupLocationId || undefined,
    });
  if (!parsed.success)
    return { ok: false, errors: errorsFromIssues(parsed.error.issues, errors, ISSUE_OPTIONS) };
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const before: Record<keyof TUpdateRepairInput, unknown> = {
    customerId: repair.customer.id,
    ...repairEditableValues(repair),
  };
  return { ok: true, output: changedFields(parsed.data, before) };
}
