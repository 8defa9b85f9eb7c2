import { TriangleAlertIcon } from 'lucide-react';
import { useId } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';

export const PRIVATE_NETWORK_OPT_IN_LABEL = 'Allow an address on our own network';
export const PRIVATE_NETWORK_WARNING =
  'Only for a server you run yourself (localhost, an IP address, 10., 172.16–31. or 192.168.). Loupe refuses these addresses otherwise, so that nobody can point it, and the secret it sends, at a machine inside the workshop.';

/**
 * The admin's opt-in to a provider on the workshop's network (issue 34 §2): off, the server refuses local and
 * private addresses, also when a name resolves to one when sending; on, it sends there.
 */
export function PrivateNetworkOptIn({
  checked,
  onCheckedChange,
  disabled,
}: {
  readonly checked: boolean;
  readonly onCheckedChange: (checked: boolean) => void;
  readonly disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <div className="flex items-center gap-2">
        <Checkbox
          id={id}
          checked={checked}
          onCheckedChange={(state) => onCheckedChange(state === true)}
          disabled={disabled}
          aria-describedby={`${id}-warning`}
        />
        <Label htmlFor={id}>{PRIVATE_NETWORK_OPT_IN_LABEL}</Label>
      </div>
      <p id={`${id}-warning`} className="flex gap-2 text-xs text-muted-foreground">
        <TriangleAlertIcon aria-hidden className="mt-0.5 size-3.5 shrink-0 text-amber-600" />
        {PRIVATE_NETWORK_WARNING}
      </p>
    </div>
  );
}
