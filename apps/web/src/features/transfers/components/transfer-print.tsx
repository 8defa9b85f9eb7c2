import { TRANSFER_STATUS_LABELS, type TTransferDetail } from '@loupe/domain/transfers/transfers';
import { createPortal } from 'react-dom';
import { formatDateTime } from '@/lib/date-format';
import { carrierText, expectedText } from './transfer-summary';

const PRINT_ROOT_ATTRIBUTE = 'data-print-transfer';

// A copy of the manifest sits directly under <body>; printing shows only that copy, never the app shell.
const PRINT_CSS = `
@media print {
  body > *:not([${PRINT_ROOT_ATTRIBUTE}]) { display: none !important; }
  [${PRINT_ROOT_ATTRIBUTE}] { display: block !important; color: #000; background: #fff; font-size: 11pt; }
  [${PRINT_ROOT_ATTRIBUTE}] table { width: 100%; border-collapse: collapse; }
  [${PRINT_ROOT_ATTRIBUTE}] th, [${PRINT_ROOT_ATTRIBUTE}] td { border: 1px solid #000; padding: 4px 6px; text-align: left; vertical-align: top; }
  [${PRINT_ROOT_ATTRIBUTE}] tr { break-inside: avoid; }
  @page { margin: 12mm; }
}
`;

/**
 * The printed manifest that travels in the bag: every envelope with a box to tick at each end, and lines for
 * the sender, the carrier and the receiver to sign. Hidden on screen; "Print manifest" prints only this.
 */
export function TransferPrint({ transfer }: { readonly transfer: TTransferDetail }) {
  return createPortal(
    <div {...{ [PRINT_ROOT_ATTRIBUTE]: '' }} className="hidden" aria-hidden="true">
      <style>{PRINT_CSS}</style>
      <h1 style={{ fontSize: '16pt', fontWeight: 600, marginBottom: '8px' }}>
        Manifest {transfer.number}
        {transfer.bagLabel ? ` — ${transfer.bagLabel}` : ''}
      </h1>
      <p>
        {transfer.fromLocationName} → {transfer.toLocationName}
      </p>
      <p>Status: {TRANSFER_STATUS_LABELS[transfer.status]}</p>
      <p>Carrier: {carrierText(transfer)}</p>
      <p>Expected: {expectedText(transfer)}</p>
      <p>Printed: {formatDateTime(new Date())}</p>
      <p>Envelopes: {transfer.items.length}</p>
      <table style={{ marginTop: '12px' }}>
        <thead>
          <tr>
            <th>Packed</th>
            <th>Received</th>
            <th>Item</th>
            <th>Customer</th>
            <th>Description</th>
            <th>EPC</th>
          </tr>
        </thead>
        <tbody>
          {transfer.items.map((item) => (
            <tr key={`${item.itemKind}:${item.itemId}`}>
              <td>☐</td>
              <td>{item.state === 'received' ? '☑' : '☐'}</td>
              <td>{item.itemNumber}</td>
              <td>{item.customerName}</td>
              <td>{item.description}</td>
              <td style={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{item.epc ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div style={{ marginTop: '32px', display: 'grid', gridTemplateColumns: '1fr 1fr 1fr', gap: '24px' }}>
        {['Packed by', 'Carried by', 'Received by'].map((role) => (
          <div key={role}>
            <div style={{ borderBottom: '1px solid #000', height: '32px' }} />
            <p>{role} — name, signature, date</p>
          </div>
        ))}
      </div>
    </div>,
    document.body,
  );
}
