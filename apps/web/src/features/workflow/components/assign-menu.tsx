import { UserRoundPlusIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import type { TWorkflowPerson } from '../workflow-people';

export type TAssignMenuProps = {
  readonly people: readonly TWorkflowPerson[];
  /** Who has it now: left out of the choices. */
  readonly current: string | null;
  readonly label: string;
  readonly accessibleLabel: string;
  readonly disabled?: boolean;
  readonly onAssign: (assigneeId: string) => void;
};

/** Pick who does it, with how much each person already holds, least loaded first. */
export function AssignMenu({
  people,
  current,
  label,
  accessibleLabel,
  disabled,
  onAssign,
}: TAssignMenuProps) {
  const choices = people.filter((person) => person.id !== current);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          size="sm"
          variant="outline"
          // Busy: dimmed but focusable, so the focus comes back here when the menu closes.
          disabled={choices.length === 0}
          aria-disabled={disabled}
          className="aria-disabled:opacity-50"
          aria-label={accessibleLabel}
        >
          <UserRoundPlusIcon aria-hidden="true" />
          {label}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="max-h-80 overflow-y-auto">
        <DropdownMenuLabel>Give it to</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {choices.map((person) => (
          <DropdownMenuItem key={person.id} disabled={disabled} onSelect={() => onAssign(person.id)}>
            <span className="flex-1">{person.name}</span>
            <span className="text-xs text-muted-foreground">
              {person.roleLabel} · {person.openAssignments} open
            </span>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
