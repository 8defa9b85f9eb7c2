import { ScanLineIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { TTagOffer } from '@/lib/realtime/tag-assignment-offers';

export const USE_THIS_TAG = 'Use this tag';
export const TAG_OFFER_LABEL = 'Tag just placed';

/** "Tag E280… just placed on reader intake (antenna 2) — Use this tag": fills the EPC field, assigns nothing. */
export function TagOffer({ offer, onUse }: { offer: TTagOffer; onUse: (epc: string) => void }) {
  return (
    <section
      aria-label={TAG_OFFER_LABEL}
      className="flex flex-col gap-2 rounded-md border border-primary/40 bg-primary/5 p-3 text-sm sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-start gap-2">
        <ScanLineIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          Tag <span className="font-mono break-all">{offer.epc}</span> just placed on reader{' '}
          <span className="font-medium">{offer.readerId}</span> (antenna {offer.antenna}).
        </span>
      </p>
      <Button type="button" size="sm" variant="secondary" onClick={() => onUse(offer.epc)}>
        {USE_THIS_TAG}
      </Button>
    </section>
  );
}
