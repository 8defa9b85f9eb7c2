import { LoadingSpinner } from '@/components/loading-spinner';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessageOf } from '@/lib/api-error';

/** What a section shows while its data loads. */
export function SectionLoading({ label }: { label: string }) {
  return <LoadingSpinner label={label} />;
}

/** What a section shows when its data could not be loaded, with a way to try again. */
export function SectionLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert variant="destructive">
      <AlertTitle>Could not load these settings</AlertTitle>
      <AlertDescription>
        <p>{errorMessageOf(error, 'An error occurred')}</p>
        <Button type="button" variant="outline" size="sm" className="mt-2" onClick={onRetry}>
          Try again
        </Button>
      </AlertDescription>
    </Alert>
  );
}
