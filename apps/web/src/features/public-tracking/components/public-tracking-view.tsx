import {
  PUBLIC_STAGE_LABELS,
  PUBLIC_STAGE_STEPS,
  publicStepOf,
  type TPublicTracking,
} from '@loupe/domain/public-tracking/public-tracking';
import { CheckIcon, MailIcon, MapPinIcon, PhoneIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { formatCalendarDate } from '@/lib/date-format';

const KIND_LABELS = { order: 'Order', repair: 'Repair' } as const;

/** The page a customer opens from their link or QR code: a phone first, one column, no app chrome. */
export function PublicTrackingView({ tracking }: { tracking: TPublicTracking }) {
  const step = publicStepOf(tracking.stage);
  const { shop } = tracking;
  return (
    <PublicPage shopName={shop.name}>
      <section aria-labelledby="job-stage" className="grid gap-3 rounded-xl border bg-card p-5 shadow-sm">
        <p className="text-sm text-muted-foreground">
          {KIND_LABELS[tracking.kind]} <span className="font-mono">{tracking.number}</span>
        </p>
        <h1 id="job-stage" className="text-2xl font-semibold">
          {tracking.stageLabel}
        </h1>
        <p className="text-muted-foreground">{tracking.stageDescription}</p>
        {step >= 0 ? <StageSteps reached={step} /> : null}
        <dl className="grid gap-1 border-t pt-3">
          <dt className="text-sm text-muted-foreground">Promised for</dt>
          <dd className="text-lg font-medium">
            {tracking.promisedDate ? formatCalendarDate(tracking.promisedDate) : 'We will let you know'}
          </dd>
        </dl>
      </section>
      <section aria-labelledby="shop-contact" className="grid gap-3 rounded-xl border bg-card p-5 shadow-sm">
        <h2 id="shop-contact" className="font-semibold">
          Questions? Contact {shop.name}
        </h2>
        <ul className="grid gap-2">
          {shop.phone ? (
            <ContactLine icon={<PhoneIcon className="size-4" aria-hidden="true" />}>
              <a className="underline underline-offset-4" href={`tel:${shop.phone.replace(/[^\d+]/g, '')}`}>
                {shop.phone}
              </a>
            </ContactLine>
          ) : null}
          {shop.email ? (
            <ContactLine icon={<MailIcon className="size-4" aria-hidden="true" />}>
              <a className="underline underline-offset-4 break-all" href={`mailto:${shop.email}`}>
                {shop.email}
              </a>
            </ContactLine>
          ) : null}
          {shop.addressLines.length > 0 ? (
            <ContactLine icon={<MapPinIcon className="size-4" aria-hidden="true" />}>
              <address className="not-italic">
                {shop.addressLines.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </address>
            </ContactLine>
          ) : null}
        </ul>
      </section>
    </PublicPage>
  );
}

function StageSteps({ reached }: { reached: number }) {
  return (
    <ol aria-label="Progress" className="grid grid-cols-4 gap-2 pt-1">
      {PUBLIC_STAGE_STEPS.map((stage, index) => {
        const isDone = index < reached;
        const isCurrent = index === reached;
        return (
          <li key={stage} className="grid justify-items-center gap-1 text-center">
            <span
              aria-hidden="true"
              className={cn(
                'flex size-7 items-center justify-center rounded-full border text-xs font-semibold',
                isDone && 'border-primary bg-primary text-primary-foreground',
                isCurrent && 'border-primary text-primary ring-2 ring-primary/30',
                !isDone && !isCurrent && 'text-muted-foreground',
              )}
            >
              {isDone ? <CheckIcon className="size-4" /> : index + 1}
            </span>
            <span
              className={cn('text-xs leading-tight', isCurrent ? 'font-semibold' : 'text-muted-foreground')}
              {...(isCurrent ? { 'aria-current': 'step' as const } : {})}
            >
              {PUBLIC_STAGE_LABELS[stage]}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

function ContactLine({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex items-start gap-2">
      <span className="mt-1 text-muted-foreground">{icon}</span>
      <span>{children}</span>
    </li>
  );
}

/** The frame of the public pages: the shop's name on top, the content in one readable column. */
export function PublicPage({ shopName, children }: { shopName: string | null; children: ReactNode }) {
  return (
    <div className="min-h-svh bg-background text-foreground">
      <main className="mx-auto grid w-full max-w-md gap-4 px-4 py-8">
        {shopName ? <p className="text-center text-lg font-semibold tracking-wide">{shopName}</p> : null}
        {children}
      </main>
    </div>
  );
}
