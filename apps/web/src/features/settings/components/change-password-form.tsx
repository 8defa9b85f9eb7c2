import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import { PASSWORD_MIN_LENGTH, ZPasswordSchema } from '@loupe/domain/users/user';
import type { FormEvent } from 'react';
import { FormField } from '@/components/form-field';
import { FormActions } from '@/components/forms/form-actions';
import type { TFormErrors } from '@/components/forms/form-issues';
import { useFormState } from '@/components/forms/use-form-state';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessageOf, fieldIssuesOf, isApiError } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useChangePassword } from '../api/change-password';

const PASSWORD_FIELDS = ['oldPassword', 'newPassword', 'confirmPassword'] as const;
type TPasswordField = (typeof PASSWORD_FIELDS)[number];
const EMPTY: Record<TPasswordField, string> = { oldPassword: '', newPassword: '', confirmPassword: '' };

/** Changes one's own password; the server signs out the user's other sessions. */
export function ChangePasswordForm() {
  const form = useFormState<TPasswordField, Record<TPasswordField, string>>(() => EMPTY, PASSWORD_FIELDS);
  const { values, setErrors, formError, setFormError } = form;
  const mutation = useChangePassword();

  /** A password input bound to one of the three values. */
  function passwordField(field: TPasswordField) {
    return { type: 'password', ...form.field(field), disabled: mutation.isPending, required: true };
  }

  function validate(): TFormErrors<TPasswordField> {
    const found: TFormErrors<TPasswordField> = {};
    if (values.oldPassword === '') found.oldPassword = 'Enter your current password';
    const policy = ZPasswordSchema.safeParse(values.newPassword);
    if (!policy.success) found.newPassword = policy.error.issues[0]?.message ?? 'Choose another password';
    else if (values.newPassword === values.oldPassword) {
      found.newPassword = 'Choose a password different from the current one';
    }
    if (values.confirmPassword !== values.newPassword) found.confirmPassword = 'The passwords do not match';
    return found;
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    mutation.mutate(
      { oldPassword: values.oldPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          form.setValues(EMPTY);
          toast({ title: 'Password changed', description: 'Your other sessions have been signed out.' });
        },
        onError: (error) => {
          const fieldErrors: TFormErrors<TPasswordField> = {};
          for (const issue of fieldIssuesOf(error)) {
            if (issue.field === 'oldPassword' || issue.field === 'newPassword')
              fieldErrors[issue.field] ??= issue.message;
          }
          // The server names the wrong current password in details.field rather than in issues.
          const details = isApiError(error) ? error.details : undefined;
          const namedField =
            typeof details === 'object' && details !== null && 'field' in details ? details.field : undefined;
          const message = errorMessageOf(error, ERROR_MESSAGES.changePasswordFailed);
          if (namedField === 'oldPassword' || namedField === 'newPassword')
            fieldErrors[namedField] ??= message;
          setErrors(fieldErrors);
          if (Object.keys(fieldErrors).length === 0) setFormError(message);
        },
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Change password</CardTitle>
        <CardDescription>Other devices where you are signed in will be signed out.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-6" onSubmit={onSubmit} noValidate aria-label="Change password">
          <FormField
            label="Current password"
            autoComplete="current-password"
            {...passwordField('oldPassword')}
          />
          <FormField
            label="New password"
            autoComplete="new-password"
            hint={`At least ${PASSWORD_MIN_LENGTH} characters. A passphrase of a few words is easiest to remember.`}
            {...passwordField('newPassword')}
          />
          <FormField
            label="Confirm new password"
            autoComplete="new-password"
            {...passwordField('confirmPassword')}
          />
          <FormActions
            formError={formError}
            isPending={mutation.isPending}
            submitLabel="Change password"
            pendingLabel="Changing…"
          />
        </form>
      </CardContent>
    </Card>
  );
}
