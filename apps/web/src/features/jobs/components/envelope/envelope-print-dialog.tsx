import type { TJobMaterials } from '@loupe/domain/jobs/materials';
import { MailIcon, PrinterIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { createPortal } from 'react-dom';
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
import { ENVELOPE_SIZES, envelopePrintCss, type TEnvelopeSize } from './envelope-sizes';
import { JobEnvelope, type TJobEnvelopeData } from './job-envelope';

const PRINT_ROOT_ATTRIBUTE = 'data-print-envelope';

export type TEnvelopePrintDialogProps = {
  readonly envelope: TJobEnvelopeData;
  readonly materials: TJobMaterials;
  /** The browser's print (Save as PDF from there); tests pass a spy. */
  readonly print?: () => void;
  /** Further outputs, such as the Zebra printer's ZPL. */
  readonly extraActions?: ReactNode;
};

/** "Print envelope": a preview at A5 or #10 envelope size, printed alone on a page of that size. */
export function EnvelopePrintDialog({
  envelope,
  materials,
  print = () => window.print(),
  extraActions,
}: TEnvelopePrintDialogProps) {
  const [open, setOpen] = useState(false);
  const [size, setSize] = useState<TEnvelopeSize>('a5');
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" size="sm" variant="outline">
          <MailIcon aria-hidden="true" />
          Print envelope
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[95dvh] overflow-y-auto sm:max-w-[calc(9.5in+4rem)]">
        <DialogHeader>
          <DialogTitle>Envelope {envelope.number}</DialogTitle>
          <DialogDescription>
            Print it, or choose Save as PDF in the print dialog. The paper size follows your choice.
          </DialogDescription>
        </DialogHeader>
        <fieldset className="flex flex-wrap gap-4 text-sm">
          <legend className="sr-only">Paper</legend>
          {(Object.keys(ENVELOPE_SIZES) as TEnvelopeSize[]).map((value) => (
            <label key={value} className="flex items-center gap-2">
              <input
                type="radio"
                name="envelope-size"
                value={value}
                checked={size === value}
                onChange={() => setSize(value)}
              />
              {ENVELOPE_SIZES[value].label}
            </label>
          ))}
        </fieldset>
        <div className="overflow-x-auto">
          <JobEnvelope envelope={envelope} materials={materials} size={size} />
        </div>
        <DialogFooter className="flex-wrap">
          {extraActions}
          <Button type="button" variant="outline" onClick={() => setOpen(false)}>
            Close
          </Button>
          <Button type="button" onClick={print}>
            <PrinterIcon aria-hidden="true" />
            Print
          </Button>
        </DialogFooter>
      </DialogContent>
      {open
        ? createPortal(
            <div {...{ [PRINT_ROOT_ATTRIBUTE]: '' }} className="hidden" aria-hidden="true">
              <style>{envelopePrintCss(size, PRINT_ROOT_ATTRIBUTE)}</style>
              <JobEnvelope envelope={envelope} materials={materials} size={size} />
            </div>,
            document.body,
          )
        : null}
    </Dialog>
  );
}
