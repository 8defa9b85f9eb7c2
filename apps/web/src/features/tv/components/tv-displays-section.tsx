import type { TTvDisplay } from '@loupe/domain/tv/tv-displays';
import { EyeIcon, MonitorIcon, Trash2Icon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { SectionLoadError, SectionLoading } from '@/components/section-states';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatRelativeTime } from '@/lib/date-format';
import { useAllDepartments } from '@/lib/registry-api/get-all-departments';
import { toast } from '@/lib/toast';
import { useNow } from '@/lib/use-now';
import { useStationScreen } from '../api/get-station-screen';
import { useTvDisplays } from '../api/get-tv-displays';
import { useRevokeTvDisplay } from '../api/revoke-tv-display';
import { EditTvDisplayDialog } from './edit-tv-display-dialog';
import { PairTvDialog } from './pair-tv-dialog';
import { StationScreen } from './station-screen';
import { tvStationOptions } from './tv-station-options';

/**
 * Settings › TV Displays (admin, manager; issue 14): pair a TV with the code it shows, see each display's
 * station and whether it is online, rename or move it, revoke it, and preview what it shows.
 */
export function TvDisplaysSection() {
  const [searchParams] = useSearchParams();
  const codeFromQr = searchParams.get('code') ?? undefined;
  const displays = useTvDisplays();
  const departments = useAllDepartments();
  const stations = useMemo(() => tvStationOptions(departments.data?.items ?? []), [departments.data]);
  const [previewId, setPreviewId] = useState<string | null>(null);
  const preview = displays.data?.find((display) => display.id === previewId) ?? null;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">
          A TV above a bench shows that station’s pieces live. Open{' '}
          <span className="font-mono">/tv-setup</span> on the TV to get its code; nobody signs in on a TV.
        </p>
        <PairTvDialog
          stations={stations}
          {...(codeFromQr ? { initialCode: codeFromQr, defaultOpen: true } : {})}
        />
      </div>
      {displays.isPending ? (
        <SectionLoading label="Loading TV displays" />
      ) : displays.isError ? (
        <SectionLoadError error={displays.error} onRetry={() => void displays.refetch()} />
      ) : displays.data.length === 0 ? (
        <EmptyState
          icon={MonitorIcon}
          title="No TVs paired yet"
          text="Open /tv-setup in a TV’s browser, then choose “Pair a TV” here and enter the code it shows."
        />
      ) : (
        <DisplaysTable
          displays={displays.data}
          stations={stations}
          previewId={previewId}
          onPreview={(id) => setPreviewId((current) => (current === id ? null : id))}
        />
      )}
      {preview ? <DisplayPreview display={preview} /> : null}
    </div>
  );
}

function DisplaysTable({
  displays,
  stations,
  previewId,
  onPreview,
}: {
  displays: readonly TTvDisplay[];
  stations: ReturnType<typeof tvStationOptions>;
  previewId: string | null;
  onPreview: (id: string) => void;
}) {
  const now = useNow(30_000);
  const revoke = useRevokeTvDisplay();
  return (
    <Table aria-label="TV displays">
      <TableHeader>
        <TableRow>
          <TableHead>Display</TableHead>
          <TableHead>Station</TableHead>
          <TableHead>State</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {displays.map((display) => (
          <TableRow key={display.id}>
            <TableCell>
              <p className="font-medium">{display.name}</p>
              <p className="text-xs text-muted-foreground">
                Paired {formatRelativeTime(display.pairedAt, new Date(now))}
                {display.pairedBy ? ` by ${display.pairedBy}` : ''}
              </p>
            </TableCell>
            <TableCell>
              {display.stationName ? (
                `${display.departmentName ?? ''} › ${display.stationName}`
              ) : (
                <span className="text-destructive">No station: choose one</span>
              )}
            </TableCell>
            <TableCell>
              <Badge variant={display.online ? 'default' : 'secondary'}>
                {display.online ? 'Online' : 'Offline'}
              </Badge>
              <p className="mt-1 text-xs text-muted-foreground">
                {display.lastSeenAt
                  ? `Last seen ${formatRelativeTime(display.lastSeenAt, new Date(now))}`
                  : 'Not seen yet'}
              </p>
            </TableCell>
            <TableCell>
              <div className="flex flex-wrap justify-end gap-2">
                <Button
                  type="button"
                  variant={previewId === display.id ? 'secondary' : 'outline'}
                  size="sm"
                  aria-pressed={previewId === display.id}
                  aria-label={`Preview ${display.name}`}
                  onClick={() => onPreview(display.id)}
                  disabled={display.stationId === null}
                >
                  <EyeIcon aria-hidden="true" />
                  Preview
                </Button>
                <EditTvDisplayDialog display={display} stations={stations} />
                <ConfirmDialog
                  trigger={
                    <Button type="button" variant="outline" size="sm" aria-label={`Revoke ${display.name}`}>
                      <Trash2Icon aria-hidden="true" />
                      Revoke
                    </Button>
                  }
                  title={`Revoke ${display.name}?`}
                  description="The TV stops showing the station at once and goes back to its pairing screen. Pair it again with a new code."
                  confirmLabel="Revoke"
                  pendingLabel="Revoking…"
                  onConfirm={async () => {
                    await revoke.mutateAsync(display.id);
                    toast({ title: `${display.name} revoked` });
                  }}
                />
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** What the display shows right now, small. */
function DisplayPreview({ display }: { display: TTvDisplay }) {
  const stationId = display.stationId ?? '';
  const screen = useStationScreen(stationId, { enabled: stationId !== '' });
  return (
    <section aria-label={`Preview of ${display.name}`} className="overflow-hidden rounded-xl border">
      {screen.data ? (
        <StationScreen screen={screen.data} connection="live" compact />
      ) : screen.isError ? (
        <SectionLoadError error={screen.error} onRetry={() => void screen.refetch()} />
      ) : (
        <SectionLoading label="Loading the preview" />
      )}
    </section>
  );
}
