import { QRCodeSVG } from 'qrcode.react';
import { formatCalendarDate } from '@/lib/date-format';
import { jobTicketQrValue } from './job-ticket-qr';

export type TJobTicketData = {
  /** 'Order' or 'Repair'. */
  readonly kindLabel: string;
  readonly number: string;
  readonly customerName: string;
  readonly customerPhone: string | null;
  readonly promisedDate: string | null;
  readonly isRush: boolean;
  readonly description: string;
  /** Further lines the bench needs (metal, repair types…), label → value. */
  readonly details: readonly { readonly label: string; readonly value: string }[];
  readonly epc: string | null;
  /** The job's public tracking link, printed as a second QR code for the customer; null while none is live. */
  readonly trackingUrl?: string | null;
};

const QR_SIZE_PX = 148;
const TRACKING_QR_SIZE_PX = 112;

/**
 * The paper that travels with the job envelope: the number large enough to read across the bench, the
 * promise date, a rush banner, and a QR code of the number and tag. Always black on white (it is printed).
 */
export function JobTicket({ ticket }: { ticket: TJobTicketData }) {
  const qrValue = jobTicketQrValue(ticket.number, ticket.epc);
  return (
    <article
      aria-label={`Job ticket ${ticket.number}`}
      className="grid gap-4 rounded-md border border-black bg-white p-6 text-black"
    >
      {ticket.isRush ? (
        <p className="rounded-sm bg-black px-3 py-1 text-center text-xl font-bold tracking-widest text-white">
          RUSH
        </p>
      ) : null}
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <p className="text-sm uppercase tracking-wide">{ticket.kindLabel}</p>
          <p className="font-mono text-4xl font-bold break-all sm:text-5xl">{ticket.number}</p>
          <p className="text-lg font-semibold">{ticket.customerName}</p>
          {ticket.customerPhone ? <p className="text-sm">{ticket.customerPhone}</p> : null}
        </div>
        <figure className="grid justify-items-center gap-1" data-qr-value={qrValue}>
          <QRCodeSVG
            value={qrValue}
            size={QR_SIZE_PX}
            level="M"
            marginSize={2}
            bgColor="#ffffff"
            fgColor="#000000"
            title={`QR code of ${ticket.number}${ticket.epc ? ` and tag ${ticket.epc}` : ''}`}
          />
          <figcaption className="text-xs">{ticket.epc ? 'Number and tag' : 'Number only'}</figcaption>
        </figure>
      </header>
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-semibold">Promised</dt>
          <dd className="text-lg">
            {ticket.promisedDate ? formatCalendarDate(ticket.promisedDate) : 'Not set'}
          </dd>
        </div>
        <div>
          <dt className="font-semibold">Tag (EPC)</dt>
          <dd className="font-mono break-all">{ticket.epc ?? 'No tag assigned yet'}</dd>
        </div>
        {ticket.details.map((detail) => (
          <div key={detail.label}>
            <dt className="font-semibold">{detail.label}</dt>
            <dd>{detail.value}</dd>
          </div>
        ))}
      </dl>
      {ticket.trackingUrl ? (
        <figure
          className="flex items-center gap-4 border-t border-black pt-4"
          data-qr-value={ticket.trackingUrl}
        >
          <QRCodeSVG
            value={ticket.trackingUrl}
            size={TRACKING_QR_SIZE_PX}
            level="M"
            marginSize={2}
            bgColor="#ffffff"
            fgColor="#000000"
            title={`QR code of the tracking link of ${ticket.number}`}
          />
          <figcaption className="grid gap-1 text-sm">
            <span className="font-semibold">Follow your piece online</span>
            <span>Scan the code to see its progress, the promised date and how to reach us.</span>
          </figcaption>
        </figure>
      ) : null}
      {ticket.description ? (
        <div className="text-sm">
          <p className="font-semibold">Description</p>
          <p className="whitespace-pre-wrap">{ticket.description}</p>
        </div>
      ) : null}
    </article>
  );
}
