import { Alert, AlertDescription } from '@/components/ui/alert';

/** A form's error that belongs to no single field, e.g. the server refusing the save. */
export function FormErrorAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert variant="destructive">
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}
