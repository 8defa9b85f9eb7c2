import { describeLine, type TJobMaterials } from '@loupe/domain/jobs/materials';
import { QRCodeSVG } from 'qrcode.react';
import { cn } from '@/lib/cn';
import { formatCalendarDate } from '@/lib/date-format';
import { ENVELOPE_SIZES, type TEnvelopeSize } from './envelope-sizes';

export type TJobEnvelopeData = {
  readonly kindLabel: string;
  readonly number: string;
  readonly customerName: string;
  readonly customerPhone: string | null;
  readonly promisedDate: string | null;
  readonly isRush: boolean;
  readonly description: string;
  /** The job page's address: the QR opens it. */
  readonly jobUrl: string;
  readonly epc: string | null;
  readonly photos: readonly { readonly id: string; readonly url: string; readonly fileName: string }[];
  readonly conditionNotes: string;
  /** The estimate or price as the workshop writes money, empty when none. */
  readonly estimate: string;
};

/**
 * The job envelope (issue 37 §4): number, customer, a QR of the job's page and its tag's EPC, photos, what
 * came in, condition notes and estimate, and a sign-off box for each phase of its workflow. Black on white.
 */
export function JobEnvelope({
  envelope,
  materials,
  size,
}: {
  envelope: TJobEnvelopeData;
  materials: TJobMaterials;
  size: TEnvelopeSize;
}) {
  const isWide = size === 'no10';
  const received = materials.lines.filter((line) => line.isIntake);
  return (
    <article
      aria-label={`Envelope ${envelope.number}`}
      data-envelope-size={size}
      style={{ width: ENVELOPE_SIZES[size].width, minHeight: ENVELOPE_SIZES[size].minHeight }}
      className="box-border grid content-start gap-2 border border-black bg-white p-3 text-[10pt] leading-tight text-black"
    >
      <header className="flex items-start justify-between gap-3">
        <div className="grid gap-0.5">
          <p className="text-[8pt] uppercase tracking-wide">{envelope.kindLabel}</p>
          <p className="font-mono text-[22pt] font-bold leading-none">{envelope.number}</p>
          {envelope.isRush ? <p className="w-fit bg-black px-2 font-bold text-white">RUSH</p> : null}
          <p className="text-[12pt] font-semibold">{envelope.customerName}</p>
          {envelope.customerPhone ? <p>{envelope.customerPhone}</p> : null}
          <p>Promised: {envelope.promisedDate ? formatCalendarDate(envelope.promisedDate) : 'not set'}</p>
        </div>
        <figure className="grid justify-items-center gap-0.5" data-qr-value={envelope.jobUrl}>
          <QRCodeSVG
            value={envelope.jobUrl}
            size={isWide ? 88 : 104}
            level="M"
            marginSize={1}
            bgColor="#ffffff"
            fgColor="#000000"
            title={`QR code of ${envelope.number}`}
          />
          <figcaption className="max-w-[28mm] text-center font-mono text-[7pt] break-all">
            {envelope.epc ? `EPC ${envelope.epc}` : 'No tag yet'}
          </figcaption>
        </figure>
      </header>
      <div className={cn('grid gap-2', isWide && 'grid-cols-2')}>
        <section aria-label="Materials in" className="grid content-start gap-1">
          <h3 className="border-b border-black font-semibold">Materials in</h3>
          {received.length === 0 ? (
            <p>None recorded.</p>
          ) : (
            <ul className="grid gap-0.5">
              {received.map((line) => (
                <li key={line.id} className="flex gap-1">
                  <span aria-hidden="true">☐</span>
                  <span>{describeLine(line)}</span>
                </li>
              ))}
            </ul>
          )}
          {envelope.description ? <p className="whitespace-pre-wrap">{envelope.description}</p> : null}
          <p>
            <span className="font-semibold">Condition: </span>
            <span className="whitespace-pre-wrap">{envelope.conditionNotes || '—'}</span>
          </p>
          {envelope.estimate ? (
            <p>
              <span className="font-semibold">Estimate: </span>
              {envelope.estimate}
            </p>
          ) : null}
        </section>
        <section aria-label="Sign-off" className="grid content-start gap-1">
          <h3 className="border-b border-black font-semibold">Sign-off</h3>
          <table className="w-full border-collapse text-[9pt]">
            <thead>
              <tr>
                <th className="border border-black px-1 text-left">Phase</th>
                <th className="border border-black px-1 text-left">Initials</th>
                <th className="border border-black px-1 text-left">Date</th>
              </tr>
            </thead>
            <tbody>
              {materials.phases.map((phase) => (
                <tr key={phase.key} className="h-[7mm]">
                  <td className="border border-black px-1">{phase.name}</td>
                  <td className="w-[18mm] border border-black" />
                  <td className="w-[18mm] border border-black" />
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>
      {envelope.photos.length > 0 ? (
        <section aria-label="Photos" className="flex flex-wrap gap-1">
          {envelope.photos.slice(0, isWide ? 4 : 6).map((photo) => (
            <img
              key={photo.id}
              src={photo.url}
              alt={photo.fileName}
              className="h-[22mm] w-[22mm] border border-black object-cover"
            />
          ))}
        </section>
      ) : null}
    </article>
  );
}
