import { PrinterIcon } from 'lucide-react';
import { useState } from 'react';
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
import { JobTicket, type TJobTicketData } from './job-ticket';

const PRINT_ROOT_ATTRIBUTE = 'data-print-ticket';

// While the dialog is open, a copy of the ticket sits directly under <body>; printing shows only that copy,
// so the app shell, the dialog and its overlay never reach the paper.
const PRINT_CSS = `
@media print {
  body > *:not([${PRINT_ROOT_ATTRIBUTE}]) { display: none !important; }
  [${PRINT_ROOT_ATTRIBUTE}] { display: block !important; }
  @page { margin: 10mm; }
}
`;

export type TPrintTicketDialogProps = {
  readonly ticket: TJobTicketData;
  /** The browser's print; tests pass a spy. */
  readonly print?: () => void;
};

/** 'Print ticket': a preview of the job ticket and a button that prints it alone. */
export function PrintTicketDialog({ ticket, print = () => window.print() }: TPrintTicketDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline">
          <PrinterIcon aria-hidden="true" />
          Print ticket
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Job ticket {ticket.number}</DialogTitle>
          <DialogDescription>Print it and put it in the job envelope with the tag.</DialogDescription>
        </DialogHeader>
        <JobTicket ticket={ticket} />
        <DialogFooter>
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
              <style>{PRINT_CSS}</style>
              <JobTicket ticket={ticket} />
            </div>,
            document.body,
          )
        : null}
    </Dialog>
  );
}
