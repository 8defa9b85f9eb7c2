import { DESIGN_EDITOR_ROLES, isAdmin, ORDER_EDITOR_ROLES } from '@loupe/domain/auth/permissions';
import type { TCatalogType } from '@loupe/domain/catalog/catalog';
import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import { ORDER_STATUS_LABELS, type TOrder, type TOrderStatus } from '@loupe/domain/orders/order';
import { defaultPromisedDate } from '@loupe/domain/settings/order-settings';
import type { TManagedUser } from '@loupe/domain/users/managed-user';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CustomerPicker } from '@/components/customers/customer-picker';
import { FormField } from '@/components/form-field';
import { FormSection } from '@/components/form-section';
import { SearchPicker } from '@/components/search-picker';
import { SelectField, type TSelectOption } from '@/components/select-field';
import { SwitchRow } from '@/components/switch-row';
import { TextareaField } from '@/components/textarea-field';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessageOf, fieldIssuesOf } from '@/lib/api-error';
import { useAuth } from '@/lib/auth/auth-context';
import { formatCents } from '@/lib/money-format';
import { paths, pathTo } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { useCreateOrder } from '../api/create-order';
import {
  searchDesigns,
  useMetalTypes,
  useOrderSettings,
  useProductTypes,
  useStaff,
} from '../api/order-form-data';
import { ordersQueryKeys } from '../api/query-keys';
import { useUpdateOrder } from '../api/update-order';
import {
  emptyOrderForm,
  formFieldOf,
  liveBalanceCents,
  ORDER_FORM_MESSAGES,
  orderStatusChoices,
  orderToFormValues,
  parseNewOrderForm,
  parseOrderChanges,
  type TOrderFormErrors,
  type TOrderFormValues,
} from './order-form-model';

/** Radix select items cannot carry '': this value stands for "none". */
const NONE = '__none__';

export type TOrderFormProps = {
  /** The order being edited; null writes a new one. */
  readonly order: TOrder | null;
  readonly now?: () => Date;
};

/** Writes up a new order or edits one, checked with the server's own schema before it is sent. */
export function OrderForm({ order, now = () => new Date() }: TOrderFormProps) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const includeStaff = isAdmin(user);
  const [values, setValues] = useState<TOrderFormValues>(() =>
    order ? orderToFormValues(order) : emptyOrderForm(),
  );
  const [errors, setErrors] = useState<TOrderFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isDateTouched, setIsDateTouched] = useState(order !== null);
  const [isDateUnreadable, setIsDateUnreadable] = useState(false);
  const createMutation = useCreateOrder();
  const updateMutation = useUpdateOrder();
  const isPending = createMutation.isPending || updateMutation.isPending;

  const productTypes = useProductTypes();
  const metalTypes = useMetalTypes();
  const settings = useOrderSettings();

  // A new order starts promised after the workshop's lead time (rush or not) until someone picks a date.
  const settingsData = settings.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `now` is read, not watched.
  useEffect(() => {
    if (isDateTouched || !settingsData) return;
    const promisedDate = defaultPromisedDate(settingsData, values.isRush ? 'rush-order' : 'order', now());
    setValues((current) => ({ ...current, promisedDate }));
  }, [settingsData, values.isRush, isDateTouched]);

  function setValue<K extends keyof TOrderFormValues>(field: K, value: TOrderFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function showServerError(error: unknown) {
    const found: TOrderFormErrors = {};
    for (const issue of fieldIssuesOf(error)) {
      const field = formFieldOf(issue.field);
      if (field) found[field] ??= issue.message;
    }
    setErrors(found);
    if (Object.keys(found).length === 0) setFormError(errorMessageOf(error, ERROR_MESSAGES.generic));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    if (order === null) {
      const parsed = parseNewOrderForm(values, { includeStaff });
      const found = withDateCheck(parsed.ok ? {} : parsed.errors, isDateUnreadable);
      setErrors(found);
      if (!parsed.ok || Object.keys(found).length > 0) return;
      createMutation.mutate(parsed.value, {
        onSuccess: (created) => {
          toast({ title: `Order ${created.orderNumber} created` });
          navigate(pathTo(paths.orderDetail, { orderId: created.id }));
        },
        onError: showServerError,
      });
      return;
    }
    const parsed = parseOrderChanges(values, order, { includeStaff });
    const found = withDateCheck(parsed.ok ? {} : parsed.errors, isDateUnreadable);
    setErrors(found);
    if (!parsed.ok || Object.keys(found).length > 0) return;
    const detailPath = pathTo(paths.orderDetail, { orderId: order.id });
    if (Object.keys(parsed.value).length === 0) {
      toast({ title: 'Nothing to save', description: 'The order is as it was.' });
      navigate(detailPath);
      return;
    }
    updateMutation.mutate(
      { orderId: order.id, changes: parsed.value },
      {
        onSuccess: (saved) => {
          toast({ title: `Order ${saved.orderNumber} saved` });
          navigate(detailPath);
        },
        onError: showServerError,
      },
    );
  }

  const balance = liveBalanceCents(values);
  const cancelPath = order ? pathTo(paths.orderDetail, { orderId: order.id }) : paths.orders;

  return (
    <form
      className="grid gap-6"
      onSubmit={onSubmit}
      noValidate
      aria-label={order ? `Edit order ${order.orderNumber}` : 'New order'}
    >
      <FormSection title="Customer">
        <CustomerPicker
          value={values.customer}
          onChange={(customer) => setValue('customer', customer)}
          error={errors.customer}
          disabled={isPending}
        />
      </FormSection>

      <FormSection title="The piece">
        <div className="grid gap-4 sm:grid-cols-2">
          <CatalogSelect
            label="Product type"
            types={productTypes.data}
            isError={productTypes.isError}
            value={values.productTypeId}
            current={order?.productType ?? null}
            onChange={(id) => setValue('productTypeId', id)}
            error={errors.productTypeId}
            disabled={isPending}
          />
          <CatalogSelect
            label="Metal"
            types={metalTypes.data}
            isError={metalTypes.isError}
            value={values.metalTypeId}
            current={order?.metalType ?? null}
            onChange={(id) => setValue('metalTypeId', id)}
            error={errors.metalTypeId}
            disabled={isPending}
          />
        </div>
        <SearchPicker
          label="Design"
          searchLabel="Search designs"
          placeholder="Design name"
          value={values.design}
          onChange={(design) => setValue('design', design)}
          queryKey={ordersQueryKeys.designs}
          search={async (q, signal) =>
            (await searchDesigns(q, signal)).map((design) => ({
              id: design.id,
              label: design.name,
              ...(design.description ? { detail: design.description } : {}),
            }))
          }
          noMatchText={(q) => (q ? `No design matches "${q}".` : 'No designs in the library yet.')}
          hint="Optional: a design from the library this piece follows."
          error={errors.design}
          disabled={isPending}
          clearable
        />
        <TextareaField
          label="Description"
          value={values.description}
          onValueChange={(description) => setValue('description', description)}
          error={errors.description}
          disabled={isPending}
          maxLength={5000}
          placeholder="Size, stones, engraving, anything the bench must know"
        />
      </FormSection>

      <FormSection title="Promise and payment">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label="Promised date"
            type="date"
            value={values.promisedDate}
            onChange={(event) => {
              setIsDateTouched(true);
              setIsDateUnreadable(event.currentTarget.validity.badInput);
              setValue('promisedDate', event.target.value);
            }}
            error={errors.promisedDate}
            disabled={isPending}
          />
          <SwitchRow
            label="Rush order"
            className="self-end"
            checked={values.isRush}
            onCheckedChange={(isRush) => setValue('isRush', isRush)}
            disabled={isPending}
          />
          <FormField
            label="Price (USD)"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            value={values.price}
            onChange={(event) => setValue('price', event.target.value)}
            error={errors.price}
            disabled={isPending}
          />
          <FormField
            label="Deposit (USD)"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            value={values.deposit}
            onChange={(event) => setValue('deposit', event.target.value)}
            error={errors.deposit}
            disabled={isPending}
          />
        </div>
        <p className="text-sm" aria-live="polite">
          Balance due:{' '}
          <span className="font-semibold tabular-nums">{balance === null ? '—' : formatCents(balance)}</span>
        </p>
      </FormSection>

      <FormSection title="People">
        {includeStaff ? (
          <StaffSelects
            values={values}
            order={order}
            onChange={(field, id) => setValue(field, id)}
            errors={errors}
            disabled={isPending}
          />
        ) : (
          <dl className="grid gap-4 text-sm sm:grid-cols-2">
            <div className="grid gap-1">
              <dt className="font-medium">Salesperson</dt>
              <dd className="text-muted-foreground">
                {order ? (order.salesperson?.name ?? 'Not assigned') : 'Set by Loupe when the order is saved'}
              </dd>
            </div>
            <div className="grid gap-1">
              <dt className="font-medium">Designer</dt>
              <dd className="text-muted-foreground">{order?.designer?.name ?? 'Not assigned'}</dd>
            </div>
          </dl>
        )}
      </FormSection>

      {order ? (
        <FormSection title="Status">
          <StatusSelect
            current={order.status}
            value={values.status}
            onChange={(status) => setValue('status', status)}
            error={errors.status}
            disabled={isPending}
          />
        </FormSection>
      ) : null}

      <FormSection title="Notes">
        <TextareaField
          label="Internal notes"
          value={values.notes}
          onValueChange={(notes) => setValue('notes', notes)}
          error={errors.notes}
          disabled={isPending}
          maxLength={5000}
        />
      </FormSection>

      {formError ? (
        <Alert variant="destructive">
          <AlertDescription>{formError}</AlertDescription>
        </Alert>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button asChild variant="outline">
          <Link to={cancelPath}>Cancel</Link>
        </Button>
        <Button type="submit" disabled={isPending}>
          {isPending ? 'Saving…' : order ? 'Save changes' : 'Create order'}
        </Button>
      </div>
    </form>
  );
}

function withDateCheck(errors: TOrderFormErrors, isDateUnreadable: boolean): TOrderFormErrors {
  // A half-typed date reads as '' in the browser; its validity says it is not blank but unreadable.
  return isDateUnreadable && !errors.promisedDate
    ? { ...errors, promisedDate: ORDER_FORM_MESSAGES.date }
    : errors;
}

function CatalogSelect({
  label,
  types,
  isError,
  value,
  current,
  onChange,
  error,
  disabled,
}: {
  label: string;
  types: readonly TCatalogType[] | undefined;
  isError: boolean;
  value: string;
  current: { id: string; name: string } | null;
  onChange: (id: string) => void;
  error: string | undefined;
  disabled: boolean;
}) {
  // Only active types are offered; an order keeps showing the one it already has, even if retired since.
  const options: TSelectOption[] = [{ value: NONE, label: 'None' }];
  for (const type of types ?? []) if (type.isActive) options.push({ value: type.id, label: type.name });
  if (current && !options.some((option) => option.value === current.id)) {
    options.push({ value: current.id, label: current.name });
  }
  return (
    <SelectField
      label={label}
      value={value || NONE}
      onValueChange={(next) => onChange(next === NONE ? '' : next)}
      options={options}
      error={error}
      hint={
        isError
          ? `Could not load the list of ${label.toLowerCase()}s.`
          : types === undefined
            ? 'Loading…'
            : undefined
      }
      disabled={disabled}
    />
  );
}

function staffOptions(
  staff: readonly TManagedUser[],
  roles: readonly string[],
  current: { id: string; name: string } | null,
): TSelectOption[] {
  const options: TSelectOption[] = [{ value: NONE, label: 'Not assigned' }];
  for (const person of staff) {
    if (roles.includes(person.role)) options.push({ value: person.id, label: person.name || person.email });
  }
  if (current && !options.some((option) => option.value === current.id)) {
    options.push({ value: current.id, label: current.name });
  }
  return options;
}

function StaffSelects({
  values,
  order,
  onChange,
  errors,
  disabled,
}: {
  values: TOrderFormValues;
  order: TOrder | null;
  onChange: (field: 'salespersonId' | 'designerId', id: string) => void;
  errors: TOrderFormErrors;
  disabled: boolean;
}) {
  const staff = useStaff();
  const people = staff.data ?? [];
  const hint = staff.isError ? 'Could not load the staff list.' : staff.isPending ? 'Loading…' : undefined;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField
        label="Salesperson"
        value={values.salespersonId || NONE}
        onValueChange={(id) => onChange('salespersonId', id === NONE ? '' : id)}
        options={staffOptions(people, ORDER_EDITOR_ROLES, order?.salesperson ?? null)}
        hint={hint ?? (order ? undefined : 'Left unassigned, Loupe applies its default.')}
        error={errors.salespersonId}
        disabled={disabled}
      />
      <SelectField
        label="Designer"
        value={values.designerId || NONE}
        onValueChange={(id) => onChange('designerId', id === NONE ? '' : id)}
        options={staffOptions(people, DESIGN_EDITOR_ROLES, order?.designer ?? null)}
        hint={hint}
        error={errors.designerId}
        disabled={disabled}
      />
    </div>
  );
}

function StatusSelect({
  current,
  value,
  onChange,
  error,
  disabled,
}: {
  current: TOrderStatus;
  value: TOrderStatus;
  onChange: (status: TOrderStatus) => void;
  error: string | undefined;
  disabled: boolean;
}) {
  const choices = orderStatusChoices(current);
  const isFinal = choices.length === 1;
  return (
    <SelectField
      label="Status"
      value={value}
      onValueChange={(next) => onChange(next as TOrderStatus)}
      options={choices.map((status) => ({ value: status, label: ORDER_STATUS_LABELS[status] }))}
      hint={
        isFinal
          ? `${ORDER_STATUS_LABELS[current]} is final: the status can no longer change.`
          : 'Only the steps that may follow the current status are offered.'
      }
      error={error}
      disabled={disabled || isFinal}
    />
  );
}
