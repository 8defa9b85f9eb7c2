import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import type { TReaderWithKey } from '../api/create-reader';
import { ReaderKeyDetails } from './reader-key-details';

/** The new key of a reader whose key was just replaced, shown once. */
export function ReaderKeyDialog({
  revealed,
  onClose,
}: {
  revealed: TReaderWithKey | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={revealed !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {revealed ? (
        <DialogContent>
          <DialogHeader>
            <DialogTitle>New API key for {revealed.reader.name}</DialogTitle>
            <DialogDescription>The old key no longer works: give the reader this one.</DialogDescription>
          </DialogHeader>
          <ReaderKeyDetails reader={revealed.reader} apiKey={revealed.apiKey} />
          <DialogFooter>
            <Button type="button" onClick={onClose}>
              Done
            </Button>
          </DialogFooter>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
