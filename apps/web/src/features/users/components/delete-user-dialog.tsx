import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import type { TManagedUser } from '@loupe/domain/users/managed-user';
import { Trash2Icon } from 'lucide-react';
import { useState } from 'react';
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
import { errorMessageOf } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useDeleteUser } from '../api/delete-user';

/** Deletes a user after confirmation; their sessions end with the account. */
export function DeleteUserDialog({ user, disabled }: { user: TManagedUser; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const mutation = useDeleteUser();
  const label = user.name || user.email;

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (next) mutation.reset();
  }

  function onConfirm() {
    mutation.mutate(
      { id: user.id },
      {
        onSuccess: () => {
          setOpen(false);
          toast({ title: `${label} was deleted` });
        },
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button type="button" variant="ghost" size="icon" disabled={disabled} aria-label={`Delete ${label}`}>
          <Trash2Icon aria-hidden="true" />
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete {label}?</DialogTitle>
          <DialogDescription>
            {user.email} loses access at once and cannot be restored. To keep the account but block sign-in,
            disable it instead.
          </DialogDescription>
        </DialogHeader>
        {mutation.isError ? (
          <Alert variant="destructive">
            <AlertDescription>{errorMessageOf(mutation.error, ERROR_MESSAGES.generic)}</AlertDescription>
          </Alert>
        ) : null}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="button" variant="destructive" onClick={onConfirm} disabled={mutation.isPending}>
            {mutation.isPending ? 'Deleting…' : 'Delete user'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
