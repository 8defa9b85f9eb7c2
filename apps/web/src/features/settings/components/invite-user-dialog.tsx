import { ROLE_LABELS } from '@loupe/domain/auth/role-labels';
import { ROLES, type TRole } from '@loupe/domain/auth/roles';
import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import { ZPasswordSchema, ZRegistrationSchema } from '@loupe/domain/users/user';
import { UserPlusIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { FormField } from '@/components/form-field';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { errorMessageOf, fieldIssuesOf } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useCreateUser } from '../api/create-user';
import { generateTemporaryPassword } from './temporary-password';

type TInviteField = 'email' | 'firstName' | 'lastName' | 'phone' | 'role' | 'temporaryPassword';
type TInviteValues = Record<Exclude<TInviteField, 'role'>, string> & { role: TRole };

const INVITE_FIELDS: readonly TInviteField[] = [
  'email',
  'firstName',
  'lastName',
  'phone',
  'role',
  'temporaryPassword',
];
const NAME_MAX = 100;

function emptyInvite(): TInviteValues {
  return {
    email: '',
    firstName: '',
    lastName: '',
    phone: '',
    role: 'salesperson',
    temporaryPassword: generateTemporaryPassword(),
  };
}

function isInviteField(field: string): field is TInviteField {
  return (INVITE_FIELDS as readonly string[]).includes(field);
}

/**
 * Creates an account with a temporary password the admin passes on; at first sign-in the new user must choose
 * their own (NEW_PASSWORD_REQUIRED).
 */
export function InviteUserDialog() {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<TInviteValues>(emptyInvite);
  const [errors, setErrors] = useState<Partial<Record<TInviteField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const mutation = useCreateUser();
  const roleId = useId();

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (next) {
      setValues(emptyInvite());
      setErrors({});
      setFormError(null);
      mutation.reset();
    }
  }

  function setValue<K extends keyof TInviteValues>(field: K, value: TInviteValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function validate(): Partial<Record<TInviteField, string>> {
    const found: Partial<Record<TInviteField, string>> = {};
    if (!ZRegistrationSchema.shape.email.safeParse(values.email).success)
      found.email = 'Enter a valid e-mail address';
    if (values.firstName.trim() === '') found.firstName = 'Enter a first name';
    const password = ZPasswordSchema.safeParse(values.temporaryPassword);
    if (!password.success)
      found.temporaryPassword = password.error.issues[0]?.message ?? 'Choose another password';
    return found;
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const phone = values.phone.trim();
    mutation.mutate(
      {
        email: values.email.trim(),
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        role: values.role,
        temporaryPassword: values.temporaryPassword,
        ...(phone ? { phone } : {}),
      },
      {
        onSuccess: (user) => {
          setOpen(false);
          toast({
            title: `${user.name || user.email} can now sign in`,
            description: 'Give them the temporary password; they choose their own at first sign-in.',
          });
        },
        onError: (error) => {
          const fieldErrors: Partial<Record<TInviteField, string>> = {};
          for (const issue of fieldIssuesOf(error)) {
            if (isInviteField(issue.field)) fieldErrors[issue.field] ??= issue.message;
          }
          setErrors(fieldErrors);
          if (Object.keys(fieldErrors).length === 0)
            setFormError(errorMessageOf(error, ERROR_MESSAGES.generic));
        },
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button type="button">
          <UserPlusIcon aria-hidden="true" />
          Invite user
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Invite a user</DialogTitle>
          <DialogDescription>
            They sign in with this temporary password and must then choose their own.
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label="Invite a user">
          <FormField
            label="E-mail"
            type="email"
            autoComplete="off"
            value={values.email}
            onChange={(event) => setValue('email', event.target.value)}
            error={errors.email}
            disabled={mutation.isPending}
            required
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label="First name"
              maxLength={NAME_MAX}
              value={values.firstName}
              onChange={(event) => setValue('firstName', event.target.value)}
              error={errors.firstName}
              disabled={mutation.isPending}
              required
            />
            <FormField
              label="Last name"
              maxLength={NAME_MAX}
              value={values.lastName}
              onChange={(event) => setValue('lastName', event.target.value)}
              error={errors.lastName}
              disabled={mutation.isPending}
            />
          </div>
          <FormField
            label="Phone (optional)"
            type="tel"
            value={values.phone}
            onChange={(event) => setValue('phone', event.target.value)}
            error={errors.phone}
            disabled={mutation.isPending}
          />
          <div className="grid gap-2">
            <Label htmlFor={roleId}>Role</Label>
            <Select
              value={values.role}
              onValueChange={(role) => setValue('role', role as TRole)}
              disabled={mutation.isPending}
            >
              <SelectTrigger id={roleId} className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {ROLES.map((role) => (
                  <SelectItem key={role} value={role}>
                    {ROLE_LABELS[role]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            {errors.role ? <p className="text-sm text-destructive">{errors.role}</p> : null}
          </div>
          <div className="grid gap-2">
            <FormField
              label="Temporary password"
              autoComplete="off"
              spellCheck={false}
              className="font-mono"
              value={values.temporaryPassword}
              onChange={(event) => setValue('temporaryPassword', event.target.value)}
              error={errors.temporaryPassword}
              disabled={mutation.isPending}
              required
            />
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="justify-self-start"
              onClick={() => setValue('temporaryPassword', generateTemporaryPassword())}
              disabled={mutation.isPending}
            >
              Generate another
            </Button>
          </div>
          {formError ? (
            <Alert variant="destructive">
              <AlertDescription>{formError}</AlertDescription>
            </Alert>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={mutation.isPending}>
              {mutation.isPending ? 'Creating…' : 'Create user'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
