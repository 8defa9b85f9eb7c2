import { ROLE_LABELS } from '@loupe/domain/auth/role-labels';
import { ROLES, type TRole, ZRoleSchema } from '@loupe/domain/auth/roles';
import { ZNewManagedUserSchema } from '@loupe/domain/users/managed-user';
import { UserPlusIcon } from 'lucide-react';
import { FormField } from '@/components/form-field';
import { DialogTriggerButton, FormDialog } from '@/components/forms/form-dialog';
import { useDialogForm } from '@/components/forms/use-dialog-form';
import { formErrorsFromZod } from '@/components/forms/zod-form-errors';
import { SelectField } from '@/components/select-field';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { useCreateUser } from '../api/create-user';
import {
  HOME_LOCATION_LABEL,
  homeLocationIdOf,
  homeLocationValue,
  useHomeLocationOptions,
} from './home-location-options';
import { generateTemporaryPassword } from './temporary-password';

type TInviteField =
  | 'email'
  | 'firstName'
  | 'lastName'
  | 'phone'
  | 'role'
  | 'temporaryPassword'
  | 'homeLocationId';
type TInviteValues = Record<Exclude<TInviteField, 'role' | 'homeLocationId'>, string> & {
  role: TRole;
  homeLocationId: string | null;
};

const INVITE_FIELDS: readonly TInviteField[] = [
  'email',
  'firstName',
  'lastName',
  'phone',
  'role',
  'temporaryPassword',
  'homeLocationId',
];
const NAME_MAX = 100;
const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

function emptyInvite(): TInviteValues {
  return {
    email: '',
    firstName: '',
    lastName: '',
    phone: '',
    role: 'salesperson',
    temporaryPassword: generateTemporaryPassword(),
    homeLocationId: null,
  };
}

/**
 * Creates an account with a temporary password the admin passes on; at first sign-in the new user must choose
 * their own (NEW_PASSWORD_REQUIRED).
 */
export function InviteUserDialog() {
  const form = useDialogForm(emptyInvite, INVITE_FIELDS);
  const { values, errors, setValue } = form;
  const mutation = useCreateUser();
  const isPending = mutation.isPending;
  const homeLocationOptions = useHomeLocationOptions(values.homeLocationId);

  function onSubmit() {
    const phone = values.phone.trim();
    // The server's own rules (packages/domain), with messages that say what to do.
    const parsed = ZNewManagedUserSchema.safeParse({ ...values, phone: phone || undefined });
    if (!parsed.success) {
      form.setErrors(
        formErrorsFromZod(parsed.error, INVITE_FIELDS, {
          email: 'Enter a valid e-mail address',
          firstName: 'Enter a first name',
        }),
      );
      return;
    }
    form.setErrors({});
    mutation.mutate(parsed.data, {
      onSuccess: (user) => {
        form.setOpen(false);
        toast({
          title: `${user.name || user.email} can now sign in`,
          description: 'Give them the temporary password; they choose their own at first sign-in.',
        });
      },
      onError: form.showServerError,
    });
  }

  return (
    <FormDialog
      form={form}
      trigger={<DialogTriggerButton icon={UserPlusIcon}>Invite user</DialogTriggerButton>}
      title="Invite a user"
      description="They sign in with this temporary password and must then choose their own."
      isPending={isPending}
      submitLabel="Create user"
      pendingLabel="Creating…"
      onSubmit={onSubmit}
      onOpened={() => mutation.reset()}
    >
      <FormField label="E-mail" type="email" autoComplete="off" {...form.field('email')} required />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="First name" maxLength={NAME_MAX} {...form.field('firstName')} required />
        <FormField label="Last name" maxLength={NAME_MAX} {...form.field('lastName')} />
      </div>
      <FormField label="Phone (optional)" type="tel" {...form.field('phone')} />
      <SelectField
        label="Role"
        value={values.role}
        onValueChange={(role) => {
          const parsed = ZRoleSchema.safeParse(role);
          if (parsed.success) setValue('role', parsed.data);
        }}
        options={ROLE_OPTIONS}
        error={errors.role}
      />
      <SelectField
        label={HOME_LOCATION_LABEL}
        value={homeLocationValue(values.homeLocationId)}
        onValueChange={(value) => setValue('homeLocationId', homeLocationIdOf(value))}
        options={homeLocationOptions}
        hint="Their order and repair lists start at this location."
        error={errors.homeLocationId}
      />
      <div className="grid gap-2">
        <FormField
          label="Temporary password"
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
          {...form.field('temporaryPassword')}
          required
        />
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => setValue('temporaryPassword', generateTemporaryPassword())}
        >
          Generate another
        </Button>
      </div>
    </FormDialog>
  );
}
