import { BACKUP_STEPS, formatBytes, type TBackupProgress } from '@loupe/domain/settings/backups';
import { SectionLoadError, SectionLoading } from '@/components/section-states';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessageOf } from '@/lib/api-error';
import { formatDateTime } from '@/lib/date-format';
import { toast } from '@/lib/toast';
import { useBackups } from '../api/get-backups';
import { useStartBackup } from '../api/start-backup';

const STEP_LABELS: Record<TBackupProgress['step'], string> = {
  database: 'Saving the database',
  files: 'Copying uploaded files',
  finishing: 'Writing the manifest',
};
const TRIGGER_LABELS: Record<TBackupProgress['trigger'], string> = {
  manual: 'started here',
  nightly: 'nightly backup',
  command: 'npm run backup',
};

/**
 * How far the running backup has come: its steps in order, and within the files step the share of files
 * copied. The database step is one snapshot with no parts to count, so it shows as a step, not a share.
 */
function progressPercent(progress: TBackupProgress): number {
  const step = BACKUP_STEPS.indexOf(progress.step);
  const within =
    progress.step === 'files' && progress.filesTotal > 0 ? progress.filesDone / progress.filesTotal : 0;
  return Math.round(((step + within) / BACKUP_STEPS.length) * 100);
}

function RunningBackup({ progress }: { progress: TBackupProgress }) {
  return (
    <div className="grid gap-2" role="status" aria-live="polite">
      <p className="text-sm font-medium">
        {STEP_LABELS[progress.step]}… ({TRIGGER_LABELS[progress.trigger]}, since{' '}
        {formatDateTime(progress.startedAt)})
      </p>
      <Progress value={progressPercent(progress)} aria-label="Backup progress" />
      <p className="text-sm text-muted-foreground">
        {progress.message}
        {progress.bytesDone > 0 ? ` · ${formatBytes(progress.bytesDone)} written` : ''}
      </p>
    </div>
  );
}

/**
 * Settings › general › backups (issue 42 §1): "Back up now", the running backup's progress, and every
 * backup on the server with its time, size and checksum. Restoring is `npm run restore` on the server.
 */
export function BackupsCard({ canEdit }: { canEdit: boolean }) {
  const query = useBackups();
  const start = useStartBackup();

  function onBackUpNow() {
    start.mutate(undefined, {
      onSuccess: () => toast({ title: 'Backup started' }),
      onError: (error) =>
        toast({ title: errorMessageOf(error, 'The backup could not be started.'), variant: 'destructive' }),
    });
  }

  const running = query.data?.running ?? null;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Backups</CardTitle>
        <CardDescription>
          Backups on the Loupe server, newest first. Restore one with <code>npm run restore</code> on the
          server (docs/deployment.md).
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {query.isPending ? <SectionLoading label="Loading backups" /> : null}
        {query.isError ? <SectionLoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
        {query.data ? (
          <>
            <div>
              <Button
                type="button"
                onClick={onBackUpNow}
                disabled={!canEdit || running !== null || start.isPending}
              >
                Back up now
              </Button>
            </div>
            {running ? <RunningBackup progress={running} /> : null}
            {query.data.lastFailure ? (
              <Alert variant="destructive">
                <AlertDescription>
                  The last backup failed ({formatDateTime(query.data.lastFailure.at)},{' '}
                  {query.data.lastFailure.code}): {query.data.lastFailure.message}
                </AlertDescription>
              </Alert>
            ) : null}
            {query.data.backups.length === 0 ? (
              <p className="text-sm text-muted-foreground">No backups yet.</p>
            ) : (
              <Table aria-label="Backups">
                <TableHeader>
                  <TableRow>
                    <TableHead>Made</TableHead>
                    <TableHead>Size</TableHead>
                    <TableHead>Database</TableHead>
                    <TableHead>Checksum (SHA-256)</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {query.data.backups.map((backup) => (
                    <TableRow key={backup.name}>
                      <TableCell>
                        <span className="block">{formatDateTime(backup.createdAt)}</span>
                        <span className="block text-xs text-muted-foreground">{backup.name}</span>
                      </TableCell>
                      <TableCell>{formatBytes(backup.totalBytes)}</TableCell>
                      <TableCell>
                        {backup.database === 'pglite' ? 'Embedded (PGlite)' : 'PostgreSQL'}
                      </TableCell>
                      {/* Wrapped, not scrolled: 64 hex digits would make the table wider than the card. */}
                      <TableCell className="whitespace-normal">
                        <code className="break-all text-xs" title={backup.checksum}>
                          {backup.checksum}
                        </code>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
            {query.data.unreadable.length > 0 ? (
              <Alert variant="destructive">
                <AlertDescription>
                  Not backups Loupe can read:{' '}
                  {query.data.unreadable.map((entry) => `${entry.name} (${entry.reason})`).join('; ')}
                </AlertDescription>
              </Alert>
            ) : null}
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
