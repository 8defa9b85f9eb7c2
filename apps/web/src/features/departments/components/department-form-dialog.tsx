import { DEPARTMENT_ICONS, type TDepartment } from '@loupe/domain/registry/departments';
import { type ReactNode, useId } from 'react';
import { FormField } from '@/components/form-field';
import { FormDialog } from '@/components/forms/form-dialog';
import { useDialogForm } from '@/components/forms/use-dialog-form';
import { TextareaField } from '@/components/textarea-field';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { useCreateDepartment } from '../api/create-department';
import { useUpdateDepartment } from '../api/update-department';
import {
  DEPARTMENT_FORM_FIELDS,
  departmentFormValues,
  emptyDepartmentForm,
  parseDepartmentForm,
  type TDepartmentFormErrors,
  type TDepartmentFormValues,
  withChosenIcon,
  withDepartmentName,
} from './department-form-model';
import { DEPARTMENT_GRADIENTS, departmentGradientClass, isKnownGradient } from './department-gradients';
import { DepartmentIcon } from './department-icon';

export type TDepartmentFormDialogProps =
  | { readonly mode: 'create'; readonly locationId: string; readonly trigger: ReactNode }
  | { readonly mode: 'edit'; readonly department: TDepartment; readonly trigger: ReactNode };

const OPTION_CLASS = cn(
  'flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm',
  'has-[:checked]:border-primary has-[:checked]:bg-accent has-[:checked]:text-accent-foreground',
  'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:disabled]:cursor-not-allowed',
  'has-[:disabled]:opacity-60',
);

/** Adds a department to a location, or edits one: name, description, icon, colour, MQTT topic, machine. */
export function DepartmentFormDialog(props: TDepartmentFormDialogProps) {
  const initial = () =>
    props.mode === 'edit' ? departmentFormValues(props.department) : emptyDepartmentForm();
  const form = useDialogForm(initial, DEPARTMENT_FORM_FIELDS);
  const { values, errors } = form;
  const create = useCreateDepartment();
  const update = useUpdateDepartment();
  const isPending = create.isPending || update.isPending;
  const groupId = useId();
  const title = props.mode === 'edit' ? `Edit ${props.department.name}` : 'Add a department';

  function change(next: TDepartmentFormValues, field: keyof TDepartmentFormErrors) {
    form.setValues(next);
    form.setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function onSubmit() {
    const output = form.validate(parseDepartmentForm(values));
    if (!output) return;
    const onError = form.showServerError;
    if (props.mode === 'create') {
      create.mutate(
        { ...output, locationId: props.locationId },
        {
          onSuccess: (department) => {
            form.setOpen(false);
            toast({ title: `${department.name} was added` });
          },
          onError,
        },
      );
    } else {
      update.mutate(
        { id: props.department.id, changes: output },
        {
          onSuccess: (department) => {
            form.setOpen(false);
            toast({ title: `${department.name} was saved` });
          },
          onError,
        },
      );
    }
  }

  const gradientOptions: readonly { value: string; label: string }[] = isKnownGradient(values.gradient)
    ? DEPARTMENT_GRADIENTS
    : [...DEPARTMENT_GRADIENTS, { value: values.gradient, label: 'Current (custom)' }];

  return (
    <FormDialog
      form={form}
      trigger={props.trigger}
      title={title}
      description="Departments group the stations an item passes through. Their readers report to the MQTT topic."
      isPending={isPending}
      submitLabel={props.mode === 'edit' ? 'Save department' : 'Add department'}
      onSubmit={onSubmit}
    >
      <FormField
        label="Name"
        value={values.name}
        maxLength={100}
        onChange={(event) => change(withDepartmentName(values, event.target.value), 'name')}
        error={errors.name}
        required
      />
      <TextareaField
        label="Description"
        value={values.description}
        maxLength={1000}
        rows={2}
        onValueChange={(description) => change({ ...values, description }, 'description')}
        error={errors.description}
      />
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Icon</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {DEPARTMENT_ICONS.map((icon) => (
            <label key={icon} className={OPTION_CLASS}>
              <input
                type="radio"
                className="sr-only"
                name={`${groupId}-icon`}
                value={icon}
                checked={values.iconName === icon}
                onChange={() => change(withChosenIcon(values, icon), 'iconName')}
              />
              <DepartmentIcon name={icon} className="size-4" />
              {icon}
            </label>
          ))}
        </div>
        {values.isIconChosen ? null : (
          <p className="text-xs text-muted-foreground">Guessed from the name until you pick one.</p>
        )}
        {errors.iconName ? <p className="text-sm text-destructive">{errors.iconName}</p> : null}
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Colour</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {gradientOptions.map((option) => (
            <label key={option.value} className={OPTION_CLASS}>
              <input
                type="radio"
                className="sr-only"
                name={`${groupId}-gradient`}
                value={option.value}
                checked={values.gradient === option.value}
                onChange={() => change({ ...values, gradient: option.value }, 'gradient')}
              />
              <span
                aria-hidden="true"
                className={cn(
                  'size-4 shrink-0 rounded-full bg-gradient-to-br',
                  departmentGradientClass(option.value),
                )}
              />
              {option.label}
            </label>
          ))}
        </div>
        {errors.gradient ? <p className="text-sm text-destructive">{errors.gradient}</p> : null}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="MQTT topic (optional)"
          value={values.mqttTopic}
          maxLength={200}
          placeholder="loupe/casting"
          onChange={(event) => change({ ...values, mqttTopic: event.target.value }, 'mqttTopic')}
          error={errors.mqttTopic}
        />
        <FormField
          label="Machine id (optional)"
          value={values.machineId}
          maxLength={100}
          onChange={(event) => change({ ...values, machineId: event.target.value }, 'machineId')}
          error={errors.machineId}
        />
      </div>
    </FormDialog>
  );
}
