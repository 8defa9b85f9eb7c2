import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessageOf } from '@/lib/api-error';

export type TLoadErrorProps = {
  /** What could not be loaded: 'Could not load the orders'. */
  readonly title: string;
  readonly error: unknown;
  readonly onRetry: () => void;
  readonly isRetrying?: boolean;
};

/** A failed load: the server's message and a way to try again. */
export function LoadError({ title, error, onRetry, isRetrying = false }: TLoadErrorProps) {
  return (
    <Alert variant="destructive">
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        <p>{errorMessageOf(error, ERROR_MESSAGES.generic)}</p>
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="mt-2"
          onClick={onRetry}
          disabled={isRetrying}
        >
          {isRetrying ? 'Trying again…' : 'Try again'}
        </Button>
      </AlertDescription>
    </Alert>
  );
}

/** A query's failed load, retried with its own refetch. */
export function QueryLoadError({
  title,
  query,
}: {
  readonly title: string;
  readonly query: { readonly error: unknown; readonly isFetching: boolean; readonly refetch: () => unknown };
}) {
  return (
    <LoadError
      title={title}
      error={query.error}
      onRetry={() => void query.refetch()}
      isRetrying={query.isFetching}
    />
  );
}
