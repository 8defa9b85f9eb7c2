import { zebraEnvelopeZpl } from '@loupe/domain/rfid/zebra-zpl';
import { TagIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { saveBlob } from '@/lib/save-blob';
import { jobTicketQrValue } from '../ticket/job-ticket-qr';

/**
 * "Zebra RFID (ZPL)": the envelope's label for a ZD621R or ZT411R, which writes the job's EPC into the label's
 * tag as it prints (docs/rfid-readers.md: the intake antenna's read confirms it). Downloaded as a .zpl file
 * to send to the printer.
 */
export function ZplDownloadButton({
  number,
  customerName,
  epc,
  save = saveBlob,
}: {
  number: string;
  customerName: string;
  epc: string | null;
  save?: (blob: Blob, fileName: string) => void;
}) {
  function download() {
    const zpl = zebraEnvelopeZpl({ number, customerName, epc, qrValue: jobTicketQrValue(number, epc) });
    save(new Blob([zpl], { type: 'text/plain;charset=utf-8' }), `${number}-envelope.zpl`);
  }
  return (
    <Button
      type="button"
      variant="outline"
      onClick={download}
      title={
        epc ? 'Prints the label and writes its tag' : 'No tag assigned: the label prints without encoding'
      }
    >
      <TagIcon aria-hidden="true" />
      Zebra RFID (ZPL)
    </Button>
  );
}
