import { FormField, type TFormFieldProps } from '@/components/form-field';
import { FIELD_MESSAGES } from './field-messages';

type TFieldProps = Omit<TFormFieldProps, 'label'>;

/** The e-mail input of the account forms; sign-in passes autoComplete="username". */
export function EmailField(props: TFieldProps) {
  return (
    <FormField
      label="E-mail"
      type="email"
      autoComplete="email"
      inputMode="email"
      spellCheck={false}
      {...props}
    />
  );
}

/** A new password (with the rules as its hint) and its confirmation, as register and reset ask them. */
export function NewPasswordFields({
  password,
  confirmation,
  label,
  confirmLabel,
}: {
  readonly password: TFieldProps;
  readonly confirmation: TFieldProps;
  readonly label: string;
  readonly confirmLabel: string;
}) {
  return (
    <>
      <FormField
        {...password}
        label={label}
        type="password"
        autoComplete="new-password"
        hint={FIELD_MESSAGES.passwordHint}
      />
      <FormField {...confirmation} label={confirmLabel} type="password" autoComplete="new-password" />
    </>
  );
}
