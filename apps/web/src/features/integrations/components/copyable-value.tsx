import { CopyIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/lib/toast';

/** A value to paste into another system (a secret, an address): read-only, with a Copy button. */
export function CopyableValue({
  label,
  value,
  copiedMessage,
}: {
  /** The input's accessible name. */
  readonly label: string;
  readonly value: string;
  /** The toast once copied, e.g. "Secret copied." */
  readonly copiedMessage: string;
}) {
  return (
    <div className="flex gap-2">
      <Input readOnly aria-label={label} value={value} className="font-mono text-xs" />
      <Button
        type="button"
        variant="outline"
        size="sm"
        aria-label={`Copy ${label.toLowerCase()}`}
        onClick={() => {
          navigator.clipboard
            .writeText(value)
            .then(() => toast({ title: copiedMessage }))
            .catch((error: unknown) => {
              console.warn(`could not copy the ${label.toLowerCase()}`, error);
              toast({ title: 'Could not copy: select the text and copy it.', variant: 'destructive' });
            });
        }}
      >
        <CopyIcon aria-hidden="true" />
        Copy
      </Button>
    </div>
  );
}
