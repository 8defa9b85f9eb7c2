import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import { TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { reportClientError } from '@/lib/telemetry/client-telemetry';

/** The generic error screen of spec §2, shown when rendering fails. */
export function ErrorScreen({ onRetry }: { onRetry?: () => void }) {
  return (
    <main className="flex min-h-svh items-center justify-center p-6">
      <section className="flex max-w-lg flex-col gap-4 text-center" aria-labelledby="error-title">
        <TriangleAlert className="mx-auto size-12 text-destructive" aria-hidden />
        <h1 id="error-title" className="text-2xl font-semibold">
          {ERROR_MESSAGES.somethingWentWrong}
        </h1>
        <p className="text-muted-foreground">
          The error has been logged. You can try again; if it keeps happening:
        </p>
        <ul className="list-inside list-disc text-left text-sm text-muted-foreground">
          <li>refresh the page,</li>
          <li>go back to the home page,</li>
          <li>or contact support and tell them what you were doing.</li>
        </ul>
        <div className="flex justify-center gap-3">
          <Button onClick={onRetry ?? (() => window.location.reload())}>Try Again</Button>
          <Button variant="outline" onClick={() => window.location.assign('/')}>
            Go to Home
          </Button>
        </div>
      </section>
    </main>
  );
}

/** The router's error element: route responses (a 404 from a loader) get the router's own title. */
export function RouteErrorScreen() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    return (
      <main className="flex min-h-svh flex-col items-center justify-center gap-2 p-6 text-center">
        <h1 className="text-2xl font-semibold">Unexpected Application Error!</h1>
        <p className="text-muted-foreground">
          {error.status} {error.statusText}
        </p>
      </main>
    );
  }
  return <RenderErrorScreen error={error} />;
}

/** A render failure: logged, and reported to the server so that the error screen's "logged" is true. */
function RenderErrorScreen({ error }: { readonly error: unknown }) {
  useEffect(() => {
    console.error('render error', error);
    reportClientError(error, 'render');
  }, [error]);
  return <ErrorScreen />;
}
