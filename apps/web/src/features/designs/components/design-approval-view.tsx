import { isCadContentType } from '@loupe/domain/designs/design-files';
import type { TPublicDesignRevision } from '@loupe/domain/designs/design-requests';
import type { ReactNode } from 'react';
import { formatDateTime } from '@/lib/date-format';
import { DesignApprovalAnswer } from './design-approval-answer';

/** A phone-first page without the app's chrome: the shop's name, then what the customer came for. */
export function ApprovalPage({ shopName, children }: { shopName: string; children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-muted/30">
      <main className="mx-auto grid max-w-2xl gap-4 px-4 py-8">
        <p className="text-center text-sm font-semibold tracking-wide text-muted-foreground uppercase">
          {shopName}
        </p>
        {children}
      </main>
    </div>
  );
}

/**
 * The customer's view of one revision (issue 17 §3): the renders and the designer's notes, and their answer —
 * approve, or ask for changes saying which — confirmed with their name (DesignApprovalAnswer).
 */
export function DesignApprovalView({ token, revision }: { token: string; revision: TPublicDesignRevision }) {
  return (
    <ApprovalPage shopName={revision.companyName}>
      <section
        aria-labelledby="approval-title"
        className="grid gap-4 rounded-xl border bg-card p-5 shadow-sm"
      >
        <div className="grid gap-1">
          <p className="text-sm text-muted-foreground">
            Order <span className="font-mono">{revision.orderNumber}</span> · sent{' '}
            {formatDateTime(revision.sentAt)}
          </p>
          <h1 id="approval-title" className="text-2xl font-semibold">
            Your design, revision {revision.revisionNumber}
          </h1>
        </div>
        {revision.notes ? <p className="whitespace-pre-wrap">{revision.notes}</p> : null}
        <ul className="grid gap-3 sm:grid-cols-2" aria-label="Design images">
          {revision.files
            .filter((file) => !isCadContentType(file.contentType))
            .map((file) => (
              <li key={file.id}>
                <img src={file.url} alt={file.fileName} className="w-full rounded-lg border object-contain" />
              </li>
            ))}
        </ul>
        {revision.files.some((file) => isCadContentType(file.contentType)) ? (
          <ul className="grid gap-1 text-sm" aria-label="3D models">
            {revision.files
              .filter((file) => isCadContentType(file.contentType))
              .map((file) => (
                <li key={file.id}>
                  <a className="underline underline-offset-4" href={file.url} download={file.fileName}>
                    Download the 3D model {file.fileName}
                  </a>
                </li>
              ))}
          </ul>
        ) : null}
      </section>

      <DesignApprovalAnswer token={token} revision={revision} />
    </ApprovalPage>
  );
}
