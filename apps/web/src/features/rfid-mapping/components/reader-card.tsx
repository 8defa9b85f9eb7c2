import { READER_KIND_LABELS, type TReader } from '@loupe/domain/registry/readers';
import type { TReaderRejection } from '@loupe/domain/rfid/rfid-status';
import {
  KeyRoundIcon,
  PencilIcon,
  PlusIcon,
  ShieldAlertIcon,
  SlidersHorizontalIcon,
  Trash2Icon,
} from 'lucide-react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { formatDateTime, formatRelativeTime } from '@/lib/date-format';
import { toast } from '@/lib/toast';
import type { TReaderWithKey } from '../api/create-reader';
import { useDeleteReader } from '../api/delete-reader';
import { useReaderLlrp } from '../api/get-reader-llrp';
import { useRotateReaderKey } from '../api/rotate-reader-key';
import type { TLastReads } from '../hooks/use-last-reads';
import { AntennaTable } from './antenna-table';
import { EditReaderDialog } from './edit-reader-dialog';
import { LlrpConnectionBadge, LlrpReaderRows } from './llrp-connection';
import { LlrpSettingsDialog } from './llrp-settings-dialog';
import { ReaderStatusBadge } from './reader-status-badge';

export type TReaderCardProps = {
  readonly reader: TReader;
  readonly lastReads: TLastReads | null;
  /** The broker's last refusal of this reader, if any: what its installer needs to fix. */
  readonly rejection?: TReaderRejection | undefined;
  readonly now: number;
  /** Opens the mapping editor; null asks for the antenna number. */
  readonly onEditAntenna: (reader: TReader, antenna: number | null) => void;
  readonly onKeyRotated: (answer: TReaderWithKey) => void;
};

/**
 * One reader: who it is, whether it is connected, its key prefix (or, for LLRP, where Loupe finds it and when it
 * last reported), its antennas, and its actions.
 */
export function ReaderCard({
  reader,
  lastReads,
  rejection,
  now,
  onEditAntenna,
  onKeyRotated,
}: TReaderCardProps) {
  const rotate = useRotateReaderKey();
  const remove = useDeleteReader();
  // Loupe calls an LLRP reader (issue 40): it has a connection and settings instead of an API key.
  const isLlrp = reader.kind === 'llrp';
  const llrp = useReaderLlrp(reader.id, { enabled: isLlrp });
  const headingId = `reader-${reader.id}`;

  return (
    <li aria-labelledby={headingId} className="flex flex-col gap-4 rounded-lg border bg-card p-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={headingId} className="text-base font-semibold break-words">
              {reader.name}
            </h2>
            {isLlrp ? (
              llrp.data ? (
                <LlrpConnectionBadge state={llrp.data.connection.state} />
              ) : null
            ) : (
              <ReaderStatusBadge status={reader.status} />
            )}
          </div>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-sm">
            <dt className="text-muted-foreground">Id</dt>
            <dd>
              <code className="font-mono text-xs break-all">{reader.id}</code>
            </dd>
            <dt className="text-muted-foreground">Kind</dt>
            <dd>{READER_KIND_LABELS[reader.kind]}</dd>
            {isLlrp ? (
              <LlrpReaderRows llrp={llrp.data} isError={llrp.isError} now={now} />
            ) : (
              <>
                <dt className="text-muted-foreground">Last heartbeat</dt>
                <dd>
                  {reader.lastHeartbeat ? (
                    <time dateTime={reader.lastHeartbeat} title={formatDateTime(reader.lastHeartbeat)}>
                      {formatRelativeTime(reader.lastHeartbeat, new Date(now))}
                    </time>
                  ) : (
                    'never'
                  )}
                </dd>
                <dt className="text-muted-foreground">API key</dt>
                <dd>
                  <code className="font-mono text-xs">{reader.apiKeyPrefix}…</code>
                </dd>
              </>
            )}
          </dl>
        </div>
        <div className="flex flex-wrap gap-2 sm:justify-end">
          <EditReaderDialog
            reader={reader}
            trigger={
              <Button type="button" variant="outline" size="sm" aria-label={`Edit reader ${reader.name}`}>
                <PencilIcon aria-hidden="true" />
                Edit
              </Button>
            }
          />
          {isLlrp ? (
            <LlrpSettingsDialog
              reader={reader}
              settings={llrp.data?.settings ?? null}
              trigger={
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  aria-label={`LLRP settings of ${reader.name}`}
                  disabled={!llrp.data}
                >
                  <SlidersHorizontalIcon aria-hidden="true" />
                  LLRP settings
                </Button>
              }
            />
          ) : (
            <ConfirmDialog
              trigger={
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  aria-label={`New API key for ${reader.name}`}
                >
                  <KeyRoundIcon aria-hidden="true" />
                  New API key
                </Button>
              }
              title={`Make a new API key for ${reader.name}?`}
              description="The old key stops working at once: the reader sends nothing until it is given the new one."
              confirmLabel="Make new key"
              pendingLabel="Making…"
              onConfirm={async () => {
                onKeyRotated(await rotate.mutateAsync(reader.id));
              }}
            />
          )}
          <ConfirmDialog
            trigger={
              <Button type="button" variant="outline" size="sm" aria-label={`Delete reader ${reader.name}`}>
                <Trash2Icon aria-hidden="true" />
                Delete
              </Button>
            }
            title={`Delete reader ${reader.name}?`}
            description="Its antenna mappings go with it and its API key stops working."
            confirmLabel="Delete reader"
            pendingLabel="Deleting…"
            onConfirm={async () => {
              await remove.mutateAsync(reader.id);
              toast({ title: `Reader ${reader.name} was deleted` });
            }}
          />
        </div>
      </div>
      {rejection ? (
        <Alert variant="destructive">
          <ShieldAlertIcon aria-hidden="true" />
          <AlertTitle>
            {`Refused by the MQTT broker ${rejection.count === 1 ? 'once' : `${rejection.count} times`}, last `}
            <time dateTime={rejection.lastAt} title={formatDateTime(rejection.lastAt)}>
              {formatRelativeTime(rejection.lastAt, new Date(now))}
            </time>
          </AlertTitle>
          <AlertDescription>
            <p>{rejection.reason}</p>
            {rejection.topic ? (
              <p>
                Topic used: <code className="font-mono text-xs break-all">{rejection.topic}</code>
              </p>
            ) : null}
          </AlertDescription>
        </Alert>
      ) : null}
      <AntennaTable
        reader={reader}
        lastReads={lastReads}
        now={now}
        onEdit={(antenna) => onEditAntenna(reader, antenna)}
      />
      <div>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={() => onEditAntenna(reader, null)}
          aria-label={`Map another antenna of ${reader.name}`}
        >
          <PlusIcon aria-hidden="true" />
          Map another antenna
        </Button>
      </div>
    </li>
  );
}
