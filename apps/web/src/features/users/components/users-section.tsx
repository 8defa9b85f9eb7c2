import { ROLE_LABELS } from '@loupe/domain/auth/role-labels';
import { ROLES, type TRole } from '@loupe/domain/auth/roles';
import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import type { TManagedUser, TManagedUserChanges } from '@loupe/domain/users/managed-user';
import { KeyRoundIcon, LockOpenIcon, SearchIcon, UsersIcon } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { SectionLoadError, SectionLoading } from '@/components/section-states';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessageOf } from '@/lib/api-error';
import { useAuth } from '@/lib/auth/auth-context';
import { formatCount } from '@/lib/number-format';
import { toast } from '@/lib/toast';
import { USERS_PAGE_SIZE, useUsers } from '../api/get-users';
import { useResetUserMfa } from '../api/reset-user-mfa';
import { useUnlockUserSignIn } from '../api/unlock-user-sign-in';
import { useUpdateUser } from '../api/update-user';
import { DeleteUserDialog } from './delete-user-dialog';
import {
  HOME_LOCATION_LABEL,
  homeLocationIdOf,
  homeLocationValue,
  useHomeLocationOptions,
} from './home-location-options';
import { InviteUserDialog } from './invite-user-dialog';

/** Settings › users (admin only): the user management of the server-core issue. */
export function UsersSection() {
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const query = useUsers({ search: deferredSearch });

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="relative w-full sm:max-w-xs">
          <SearchIcon
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            type="search"
            aria-label="Search users by name or e-mail"
            placeholder="Search by name or e-mail"
            className="pl-9"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <InviteUserDialog />
      </div>
      {query.isPending ? (
        <SectionLoading label="Loading users" />
      ) : query.isError ? (
        <SectionLoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <EmptyState
          icon={UsersIcon}
          title={deferredSearch.trim() ? 'No user matches this search' : 'No users yet'}
          text={
            deferredSearch.trim() ? 'Try part of a name or an e-mail address.' : 'Invite the first colleague.'
          }
        />
      ) : (
        <>
          <UsersTable users={query.data.items} />
          {query.data.total > query.data.items.length ? (
            <p className="text-sm text-muted-foreground">
              Showing the first {USERS_PAGE_SIZE} of {formatCount(query.data.total)} users. Search to narrow
              the list.
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}

function UsersTable({ users }: { users: readonly TManagedUser[] }) {
  const { user: me } = useAuth();
  const mutation = useUpdateUser();
  const unlock = useUnlockUserSignIn();
  const resetMfa = useResetUserMfa();

  function onResetMfa(user: TManagedUser) {
    const label = user.name || user.email;
    resetMfa.mutate(
      { id: user.id },
      {
        onSuccess: () =>
          toast({
            title: `Two-step sign-in of ${label} reset`,
            description: 'They sign in with their password; a role that requires it sets it up again.',
          }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: `Could not reset two-step sign-in of ${label}`,
            description: errorMessageOf(error, ERROR_MESSAGES.generic),
          }),
      },
    );
  }

  function onUnlock(user: TManagedUser) {
    const label = user.name || user.email;
    unlock.mutate(
      { id: user.id },
      {
        onSuccess: () =>
          toast({
            title: `${label} can sign in again`,
            description: 'Sign-in attempts after wrong passwords are no longer slowed down.',
          }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: `Could not unlock ${label}`,
            description: errorMessageOf(error, ERROR_MESSAGES.generic),
          }),
      },
    );
  }

  function onChange(user: TManagedUser, changes: TManagedUserChanges, done: string) {
    mutation.mutate(
      { id: user.id, changes },
      {
        onSuccess: () => toast({ title: done }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: `Could not change ${user.name || user.email}`,
            description: errorMessageOf(error, ERROR_MESSAGES.generic),
          }),
      },
    );
  }

  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>User</TableHead>
          <TableHead>Role and location</TableHead>
          <TableHead>Active</TableHead>
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {users.map((user) => {
          const isMe = user.id === me?.id;
          const label = user.name || user.email;
          const isBusy = mutation.isPending && mutation.variables?.id === user.id;
          return (
            <TableRow key={user.id}>
              <TableCell>
                <div className="flex flex-col gap-1">
                  <span className="font-medium">
                    {label}
                    {isMe ? <span className="text-muted-foreground"> (you)</span> : null}
                  </span>
                  <span className="text-xs text-muted-foreground">{user.email}</span>
                  <div className="flex flex-wrap gap-1">
                    {user.disabled ? <Badge variant="destructive">Disabled</Badge> : null}
                    {user.emailVerified ? null : <Badge variant="outline">E-mail not verified</Badge>}
                    {user.mustChangePassword ? <Badge variant="secondary">Temporary password</Badge> : null}
                  </div>
                </div>
              </TableCell>
              <TableCell>
                <Select
                  value={user.role}
                  onValueChange={(role) =>
                    onChange(user, { role: role as TRole }, `${label} is now ${ROLE_LABELS[role as TRole]}`)
                  }
                  disabled={isMe || isBusy}
                >
                  <SelectTrigger size="sm" aria-label={`Role of ${label}`} className="min-w-32">
                    <SelectValue>{ROLE_LABELS[user.role]}</SelectValue>
                  </SelectTrigger>
                  <SelectContent>
                    {ROLES.map((role) => (
                      <SelectItem key={role} value={role}>
                        {ROLE_LABELS[role]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
                <HomeLocationSelect
                  user={user}
                  label={label}
                  disabled={isBusy}
                  onChange={(homeLocationId, name) =>
                    onChange(
                      user,
                      { homeLocationId },
                      homeLocationId === null
                        ? `${label} now sees every location`
                        : `${label} now works at ${name}`,
                    )
                  }
                />
              </TableCell>
              <TableCell>
                <Switch
                  checked={!user.disabled}
                  onCheckedChange={(active) =>
                    onChange(
                      user,
                      { disabled: !active },
                      active ? `${label} can sign in again` : `${label} is disabled and signed out`,
                    )
                  }
                  disabled={isMe || isBusy}
                  aria-label={`${label} may sign in`}
                />
              </TableCell>
              <TableCell className="text-right">
                <div className="flex justify-end gap-1">
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    disabled={isMe || (unlock.isPending && unlock.variables?.id === user.id)}
                    aria-label={`Unlock sign-in of ${label}`}
                    title="Lift the slow-down after wrong passwords"
                    onClick={() => onUnlock(user)}
                  >
                    <LockOpenIcon aria-hidden="true" />
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    disabled={isMe || (resetMfa.isPending && resetMfa.variables?.id === user.id)}
                    aria-label={`Reset two-step sign-in of ${label}`}
                    title="Reset two-step sign-in (lost authenticator)"
                    onClick={() => onResetMfa(user)}
                  >
                    <KeyRoundIcon aria-hidden="true" />
                  </Button>
                  <DeleteUserDialog user={user} disabled={isMe} />
                </div>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

/** Where a user works (issue 39): under their role, so the table stays narrow on a phone. */
function HomeLocationSelect({
  user,
  label,
  disabled,
  onChange,
}: {
  user: TManagedUser;
  label: string;
  disabled: boolean;
  onChange: (homeLocationId: string | null, name: string) => void;
}) {
  const options = useHomeLocationOptions(user.homeLocationId);
  return (
    <Select
      value={homeLocationValue(user.homeLocationId)}
      onValueChange={(value) =>
        onChange(homeLocationIdOf(value), options.find((option) => option.value === value)?.label ?? value)
      }
      disabled={disabled}
    >
      <SelectTrigger size="sm" aria-label={`${HOME_LOCATION_LABEL} of ${label}`} className="mt-1 min-w-32">
        <SelectValue>
          {options.find((option) => option.value === homeLocationValue(user.homeLocationId))?.label}
        </SelectValue>
      </SelectTrigger>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
