import {
  balanceCents,
  ORDER_STATUS_TRANSITIONS,
  type TCreateOrderInput,
  type TOrder,
  type TOrderStatus,
  type TUpdateOrderInput,
  ZCreateOrderInputSchema,
  ZUpdateOrderInputSchema,
} from '@loupe/domain/orders/order';
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

/** The order form as typed: amounts and the date are text until submitted; '' means "none". */
export type TOrderFormValues = {
  customer: TPickerItem | null;
  productTypeId: string;
  metalTypeId: string;
  design: TPickerItem | null;
  salespersonId: string;
  designerId: string;
  isRush: boolean;
  promisedDate: string;
  price: string;
  deposit: string;
  description: string;
  notes: string;
  status: TOrderStatus;
  /** Issue 39 §2: LOC ids; '' leaves the choice to the server (the creator's home location). */
  intakeLocationId: string;
  pickupLocationId: string;
};
export type TOrderFormField = keyof TOrderFormValues;
export type TOrderFormErrors = Partial<Record<TOrderFormField, string>>;

export const ORDER_FORM_MESSAGES = {
  amount: 'Enter an amount such as 1250.00',
  ...JOB_FORM_MESSAGES,
} as const;

/** API field → the form field that shows its error; only the renamed ones are listed. */
export const formFieldOf = apiFieldMap<TOrderFormField>(Object.keys(emptyOrderForm()) as TOrderFormField[], {
  customerId: 'customer',
  designId: 'design',
  priceCents: 'price',
  depositCents: 'deposit',
});

export function emptyOrderForm(promisedDate = '', locationId = ''): TOrderFormValues {
  return {
    customer: null,
    productTypeId: '',
    metalTypeId: '',
    design: null,
    salespersonId: '',
    designerId: '',
    isRush: false,
    promisedDate,
    price: '',
    deposit: '',
    description: '',
    notes: '',
    status: 'new',
    intakeLocationId: locationId,
    pickupLocationId: locationId,
  };
}

export function orderToFormValues(order: TOrder): TOrderFormValues {
  return {
    customer: { id: order.customer.id, label: order.customer.name },
    productTypeId: order.productType?.id ?? '',
    metalTypeId: order.metalType?.id ?? '',
    design: order.design ? { id: order.design.id, label: order.design.name } : null,
    salespersonId: order.salesperson?.id ?? '',
    designerId: order.designer?.id ?? '',
    isRush: order.isRush,
    promisedDate: order.promisedDate ?? '',
    price: amountInputValue(order.priceCents),
    deposit: amountInputValue(order.depositCents),
    description: order.description,
    notes: order.notes,
    status: order.status,
    intakeLocationId: order.intakeLocationId,
    pickupLocationId: order.pickupLocationId,
  };
}

/** The statuses the edit form offers: the current one and those ORDER_STATUS_TRANSITIONS allows next. */
export function orderStatusChoices(current: TOrderStatus): TOrderStatus[] {
  return [current, ...ORDER_STATUS_TRANSITIONS[current]];
}

/** Price less deposit as typed, or null while either is not an amount. */
export function liveBalanceCents(values: Pick<TOrderFormValues, 'price' | 'deposit'>): number | null {
  const price = readAmount(values.price);
  const deposit = readAmount(values.deposit);
  if (price === null || deposit === null) return null;
  return balanceCents(price, deposit);
}

type TReadFields = {
  priceCents: number;
  depositCents: number;
  promisedDate: string | null;
};

/** Amounts and the date, the fields whose text needs reading before the domain schema can judge them. */
function readTextFields(values: TOrderFormValues): { fields: TReadFields; errors: TOrderFormErrors } {
  const errors: TOrderFormErrors = {};
  const priceCents = readAmount(values.price);
  const depositCents = readAmount(values.deposit);
  if (priceCents === null) errors.price = ORDER_FORM_MESSAGES.amount;
  if (depositCents === null) errors.deposit = ORDER_FORM_MESSAGES.amount;
  const promised = readPromisedDate(values.promisedDate);
  if (promised.error !== null) errors.promisedDate = promised.error;
  return {
    fields: { priceCents: priceCents ?? 0, depositCents: depositCents ?? 0, promisedDate: promised.date },
    errors,
  };
}

const ISSUE_OPTIONS = { fieldOf: formFieldOf, amountFields: ['price', 'deposit'] } as const;

export type TOrderFormOptions = {
  /** Admins choose the salesperson and designer; for everyone else the server keeps its own. */
  readonly includeStaff: boolean;
};

export type TParsed<T> = TParsedForm<T, TOrderFormValues>;

/** Checks a new order with the server's own schema; blank optional fields are left for the server's defaults. */
export function parseNewOrderForm(
  values: TOrderFormValues,
  options: TOrderFormOptions,
): TParsed<TCreateOrderInput> {
  const { fields, errors } = readTextFields(values);
  const candidate = {
    customerId: values.customer?.id ?? '',
    productTypeId: values.productTypeId || undefined,
    metalTypeId: values.metalTypeId || undefined,
    designId: values.design?.id,
    description: values.description,
    isRush: values.isRush,
    promisedDate: fields.promisedDate ?? undefined,
    priceCents: fields.priceCents,
    depositCents: fields.depositCents,
    notes: values.notes,
    intakeLocationId: values.intakeLocationId || undefined,
    pickupLocationId: values.pickupLocationId || undefined,
    ...(options.includeStaff
      ? { salespersonId: values.salespersonId || undefined, designerId: values.designerId || undefined }
      : {}),
  };
  const parsed = ZCreateOrderInputSchema.safeParse(candidate);
  if (!parsed.success)
    return { ok: false, errors: errorsFromIssues(parsed.error.issues, errors, ISSUE_OPTIONS) };
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, output: parsed.data };
}

/**
 * Checks an edited order as a whole (so a deposit is judged against the price even when only one changed)
 * and gives only what differs from `order`; a cleared choice becomes null.
 */
export function parseOrderChanges(
  values: TOrderFormValues,
  order: TOrder,
  options: TOrderFormOptions,
): TParsed<TUpdateOrderInput> {
  const { fields, errors } = readTextFields(values);
  const candidate = {
    customerId: values.customer?.id ?? '',
    productTypeId: values.productTypeId || null,
    metalTypeId: values.metalTypeId || null,
    designId: values.design?.id ?? null,
    description: values.description,
    isRush: values.isRush,
    promisedDate: fields.promisedDate,
    priceCents: fields.priceCents,
    depositCents: fields.depositCents,
    notes: values.notes,
    status: values.status,
    intakeLocationId: values.intakeLocationId || undefined,
    pickupLocationId: values.pickupLocationId || undefined,
    ...(options.includeStaff
      ? { salespersonId: values.salespersonId || null, designerId: values.designerId || null }
      : {}),
  };
  const parsed = ZUpdateOrderInputSchema.safeParse(candidate);
  if (!parsed.success)
    return { ok: false, errors: errorsFromIssues(parsed.error.issues, errors, ISSUE_OPTIONS) };
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const next = parsed.data;
  const before: Record<keyof TUpdateOrderInput, unknown> = {
    customerId: order.customer.id,
    productTypeId: order.productType?.id ?? null,
    metalTypeId: order.metalType?.id ?? null,
    designId: order.design?.id ?? null,
    description: order.description,
    salespersonId: order.salesperson?.id ?? null,
    designerId: order.designer?.id ?? null,
    isRush: order.isRush,
    promisedDate: order.promisedDate,
    priceCents: order.priceCents,
    depositCents: order.depositCents,
    notes: order.notes,
    status: order.status,
    intakeLocationId: order.intakeLocationId,
    pickupLocationId: order.pickupLocationId,
  };
  return { ok: true, output: changedFields(next, before) };
}
