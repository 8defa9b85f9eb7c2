import { DESIGN_EDITOR_ROLES, isAdmin, ORDER_EDITOR_ROLES } from '@loupe/domain/auth/permissions';
import type { TCatalogType, TDesign } from '@loupe/domain/catalog/catalog';
import { defaultJobLocationId } from '@loupe/domain/jobs/job-locations';
import { ORDER_STATUS_LABELS, type TOrder } from '@loupe/domain/orders/order';
import type { TManagedUser } from '@loupe/domain/users/managed-user';
import { FormSection } from '@/components/form-section';
import { SearchPicker, type TPickerItem } from '@/components/search-picker';
import { SelectField, type TSelectOption } from '@/components/select-field';
import { TextareaField } from '@/components/textarea-field';
import { useAuth } from '@/lib/auth/auth-context';
import { formatCents } from '@/lib/number-format';
import { paths, pathTo } from '@/lib/paths';
import { useWorkshopDefaults } from '../../api/get-workshop-defaults';
import { JobForm } from '../../components/form/job-form';
import { JobLocationFields } from '../../components/form/job-location-fields';
import { JobPromiseFields } from '../../components/form/job-promise-fields';
import { JobStatusSection } from '../../components/form/job-status-section';
import { MoneyField } from '../../components/form/money-field';
import { useJobForm } from '../../components/form/use-job-form';
import { useSaveJob } from '../../components/form/use-save-job';
import { useMetalTypes, useProductTypes } from './api/get-catalog-types';
import { useStaff } from './api/get-staff';
import { useSearchDesigns } from './api/search-designs';
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
import { ORDER_NOUN } from './order-labels';

/** Radix select items cannot carry '': this value stands for "none". */
const NONE = '__none__';

const toDesignItems = (designs: TDesign[]): TPickerItem[] =>
  designs.map((design) => ({
    id: design.id,
    label: design.name,
    ...(design.description ? { detail: design.description } : {}),
  }));

const useDesignItems = (q: string, enabled: boolean) => useSearchDesigns(q, enabled, toDesignItems);

export type TOrderFormProps = {
  /** The order being edited; null writes a new one. */
  readonly order: TOrder | null;
  readonly now?: () => Date;
};

/** Writes up a new order or edits one, checked with the server's own schema before it is sent. */
export function OrderForm({ order, now = () => new Date() }: TOrderFormProps) {
  const { user } = useAuth();
  const includeStaff = isAdmin(user);
  const productTypes = useProductTypes();
  const metalTypes = useMetalTypes();
  const settings = useWorkshopDefaults('order');

  const form = useJobForm<TOrderFormValues>({
    // A new job is taken in and collected at the user's home location (LOC001 when they have none).
    initialValues: () =>
      order ? orderToFormValues(order) : emptyOrderForm('', defaultJobLocationId(user?.homeLocationId)),
    isNew: order === null,
    // A new order starts promised after the workshop's lead time (rush or not) until someone picks a date.
    settings: settings.data,
    leadTime: (values) => (values.isRush ? 'rush-order' : 'order'),
    now,
    fieldOf: formFieldOf,
    unreadableDateMessage: ORDER_FORM_MESSAGES.date,
  });
  const { values, errors, setValue } = form;
  const { onSubmit, isPending } = useSaveJob({
    kind: 'order',
    job: order,
    form,
    noun: ORDER_NOUN,
    numberOf: (saved) => saved.orderNumber,
    detailPath: (orderId) => pathTo(paths.orderDetail, { orderId }),
    createdWord: 'created',
    parseNew: (typed) => parseNewOrderForm(typed, { includeStaff }),
    parseChanges: (typed, before) => parseOrderChanges(typed, before, { includeStaff }),
  });

  const balance = liveBalanceCents(values);

  return (
    <JobForm
      form={form}
      label={order ? `Edit order ${order.orderNumber}` : 'New order'}
      onSubmit={onSubmit}
      isPending={isPending}
      cancelPath={order ? pathTo(paths.orderDetail, { orderId: order.id }) : paths.orders}
      submitLabel={order ? 'Save changes' : 'Create order'}
    >
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
          useSearch={useDesignItems}
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
          <JobPromiseFields form={form} rushLabel="Rush order" disabled={isPending} />
          <MoneyField
            label="Price (USD)"
            value={values.price}
            onValueChange={(price) => setValue('price', price)}
            error={errors.price}
            disabled={isPending}
          />
          <MoneyField
            label="Deposit (USD)"
            value={values.deposit}
            onValueChange={(deposit) => setValue('deposit', deposit)}
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

      <FormSection title="Locations">
        <div className="grid gap-4 sm:grid-cols-2">
          <JobLocationFields form={form} disabled={isPending} />
        </div>
      </FormSection>

      {order ? (
        <JobStatusSection
          current={order.status}
          choices={orderStatusChoices(order.status)}
          labels={ORDER_STATUS_LABELS}
          value={values.status}
          onChange={(status) => setValue('status', status)}
          error={errors.status}
          disabled={isPending}
        />
      ) : null}

      <FormSection title="Notes">
        <TextareaField
          label="Internal notes"
          placeholder="Only staff see these. Write @ and a colleague's first name to tell them."
          value={values.notes}
          onValueChange={(notes) => setValue('notes', notes)}
          error={errors.notes}
          disabled={isPending}
          maxLength={5000}
        />
      </FormSection>
    </JobForm>
  );
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
