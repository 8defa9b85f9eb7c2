import { CircleAlertIcon, CircleCheckIcon } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { Alert } from '@/components/ui/alert';

/**
 * The error of a whole form (not of one field), announced when it appears and focused after a failed
 * submit. Its text keeps the full destructive colour: the faded description style falls short of 4.5:1.
 */
export function FormError({
  children,
  ref,
}: {
  readonly children: ReactNode;
  readonly ref?: Ref<HTMLDivElement>;
}) {
  return (
    <Alert
      variant="destructive"
      ref={ref}
      tabIndex={-1}
      className="outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <CircleAlertIcon aria-hidden="true" />
      <div className="col-start-2 grid justify-items-start gap-1">{children}</div>
    </Alert>
  );
}

/** The form's error when it has one, with the ref the form focuses after a failed submit. */
export function FormErrorMessage({
  error,
  errorRef,
  children,
}: {
  readonly error: string | null;
  readonly errorRef: Ref<HTMLDivElement>;
  /** Shown under the message, e.g. a link to what fixes it. */
  readonly children?: ReactNode;
}) {
  if (!error) return null;
  return (
    <FormError ref={errorRef}>
      <p>{error}</p>
      {children}
    </FormError>
  );
}

/** A success or information notice, e.g. 'Your e-mail address is verified. You can sign in now.' */
export function FormNotice({ children }: { readonly children: ReactNode }) {
  return (
    <Alert role="status">
      <CircleCheckIcon aria-hidden="true" />
      <div className="col-start-2 grid justify-items-start gap-1">{children}</div>
    </Alert>
  );
}
