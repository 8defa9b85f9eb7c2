import type { TReader } from '@loupe/domain/registry/readers';
import { Badge } from '@/components/ui/badge';

type TReaderStatus = TReader['status'];

export const READER_STATUS_LABELS: Readonly<Record<TReaderStatus, string>> = {
  online: 'Online',
  offline: 'Offline',
  error: 'Error',
};

function variantOf(status: TReaderStatus) {
  switch (status) {
    case 'online':
      return 'default';
    case 'offline':
      return 'secondary';
    case 'error':
      return 'destructive';
    default: {
      const unreachable: never = status;
      throw new Error(`unknown reader status ${String(unreachable)}`);
    }
  }
}

export function ReaderStatusBadge({ status }: { status: TReaderStatus }) {
  return <Badge variant={variantOf(status)}>{READER_STATUS_LABELS[status]}</Badge>;
}
