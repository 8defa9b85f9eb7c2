import { useId } from 'react';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/cn';

export type TSwitchRowProps = {
  readonly label: string;
  readonly checked: boolean;
  readonly onCheckedChange: (checked: boolean) => void;
  readonly disabled?: boolean;
  readonly className?: string;
};

/** A form's on/off choice: the label and the switch on one bordered line. */
export function SwitchRow({ label, checked, onCheckedChange, disabled, className }: TSwitchRowProps) {
  const id = useId();
  return (
    <div className={cn('flex items-center justify-between gap-4 rounded-md border px-3 py-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Switch id={id} checked={checked} onCheckedChange={onCheckedChange} disabled={disabled} />
    </div>
  );
}
