import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import { ShieldX } from 'lucide-react';

/** A settings section the user's role may not open (spec §6), or one that does not exist. */
export function SectionAccessDenied({ titleId }: { titleId: string }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed p-8 text-center">
      <ShieldX className="size-10 text-destructive" aria-hidden="true" />
      <h2 id={titleId} className="text-xl font-semibold">
        {ERROR_MESSAGES.accessDenied}
      </h2>
      <p className="max-w-md text-sm text-muted-foreground">
        You don't have permission to open this settings section. Pick one from the list.
      </p>
    </div>
  );
}
