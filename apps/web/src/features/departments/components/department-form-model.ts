import {
  DEFAULT_DEPARTMENT_GRADIENT,
  guessDepartmentIcon,
  type TDepartment,
  type TDepartmentIcon,
  ZCreateDepartmentInputSchema,
} from '@loupe/domain/registry/departments';
import type { TFormErrors } from '@/components/forms/form-issues';
import type { TFormParseResult } from '@/components/forms/use-form-state';
import { formErrorsFromZod } from '@/components/forms/zod-form-errors';

/** The department form as typed. Until the user picks an icon, the icon follows the name (spec §9 guess). */
export type TDepartmentFormValues = {
  readonly name: string;
  readonly description: string;
  readonly iconName: TDepartmentIcon;
  readonly isIconChosen: boolean;
  readonly gradient: string;
  readonly mqttTopic: string;
  readonly machineId: string;
};

export const DEPARTMENT_FORM_FIELDS = [
  'name',
  'description',
  'iconName',
  'gradient',
  'mqttTopic',
  'machineId',
] as const;
export type TDepartmentFormField = (typeof DEPARTMENT_FORM_FIELDS)[number];
export type TDepartmentFormErrors = TFormErrors<TDepartmentFormField>;

/** What the form sends, for a new department and for an edit alike. */
export type TDepartmentFormOutput = {
  name: string;
  description: string;
  iconName: TDepartmentIcon;
  gradient: string;
  mqttTopic: string | null;
  machineId: string | null;
};

export function emptyDepartmentForm(): TDepartmentFormValues {
  return {
    name: '',
    description: '',
    iconName: guessDepartmentIcon(''),
    isIconChosen: false,
    gradient: DEFAULT_DEPARTMENT_GRADIENT,
    mqttTopic: '',
    machineId: '',
  };
}

/** An existing department's icon was chosen once already: renaming it must not change the icon. */
export function departmentFormValues(department: TDepartment): TDepartmentFormValues {
  return {
    name: department.name,
    description: department.description,
    iconName: department.iconName,
    isIconChosen: true,
    gradient: department.gradient,
    mqttTopic: department.mqttTopic ?? '',
    machineId: department.machineId ?? '',
  };
}

export function withDepartmentName(values: TDepartmentFormValues, name: string): TDepartmentFormValues {
  return { ...values, name, iconName: values.isIconChosen ? values.iconName : guessDepartmentIcon(name) };
}

export function withChosenIcon(
  values: TDepartmentFormValues,
  iconName: TDepartmentIcon,
): TDepartmentFormValues {
  return { ...values, iconName, isIconChosen: true };
}

/** Checks the form with the server's rules (ZCreateDepartmentInputSchema); blank MQTT topic and machine are none. */
export function parseDepartmentForm(
  values: TDepartmentFormValues,
): TFormParseResult<TDepartmentFormField, TDepartmentFormOutput> {
  const candidate = {
    name: values.name,
    description: values.description.trim(),
    iconName: values.iconName,
    gradient: values.gradient,
    mqttTopic: values.mqttTopic.trim() || null,
    machineId: values.machineId.trim() || null,
  };
  const parsed = ZCreateDepartmentInputSchema.safeParse(candidate);
  if (!parsed.success) {
    return {
      ok: false,
      errors: formErrorsFromZod(parsed.error, DEPARTMENT_FORM_FIELDS, {
        name: 'Enter a department name',
        gradient: 'Choose a colour',
      }),
    };
  }
  return { ok: true, output: { ...candidate, name: parsed.data.name } };
}
