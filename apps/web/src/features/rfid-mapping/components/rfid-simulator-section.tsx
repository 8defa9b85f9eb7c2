import { canSeeRoute } from '@loupe/domain/navigation/sidebar';
import { Link } from 'react-router';
import { QueryLoadError } from '@/components/load-error';
import { SectionLoading } from '@/components/section-states';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useAuth } from '@/lib/auth/auth-context';
import { paths } from '@/lib/paths';
import { useRealtime } from '@/lib/realtime/realtime-context';
import { useReaders } from '../api/get-readers';
import { useSimulatorItems } from '../api/get-simulator-items';
import { NO_READERS_TEXT, OPEN_RFID_MAPPING, SimulatedFlowForm } from './simulated-flow-form';
import { TestReadForm } from './test-read-form';

export const NOT_CONNECTED_TITLE = 'Not connected to the live server';
export const READERS_LOAD_ERROR_TITLE = 'Could not load the readers';
export const ITEMS_LOAD_ERROR_TITLE = 'Could not load the tracked orders and repairs';

/**
 * Settings › RFID simulator (admin, manager; spec §6): test reads through the real pipeline, one at a time
 * or as a simulated flow of items through the workshop (issue 6 §5). Reads go over the live connection
 * as `rfid:test-scan`; the scan toast that follows is the app's usual one.
 */
export function RfidSimulatorSection() {
  const { user } = useAuth();
  // /rfid-mapping is the admins' screen (spec §6): a manager reads where to go, without a link that would
  // only show "access denied".
  const canMapAntennas = canSeeRoute(user, paths.rfidMapping);
  const readers = useReaders();
  const items = useSimulatorItems();
  const isConnected = useRealtime()?.state === 'connected';

  if (readers.isPending || items.isPending) {
    return <SectionLoading label="Loading the readers and the tracked items" />;
  }
  // A failed background refresh keeps what was loaded (and a running flow going).
  if (readers.data === undefined) {
    return <QueryLoadError title={READERS_LOAD_ERROR_TITLE} query={readers} />;
  }
  if (items.data === undefined) {
    return <QueryLoadError title={ITEMS_LOAD_ERROR_TITLE} query={items} />;
  }
  const readerList = readers.data.items;

  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-muted-foreground">
        Test reads go through the same pipeline as a reader’s: they move the item they find, show the scan
        toast and count in the RFID status. Use them on a test workshop, or on items you mean to move.
      </p>
      {isConnected ? null : (
        <Alert variant="destructive">
          <AlertTitle>{NOT_CONNECTED_TITLE}</AlertTitle>
          <AlertDescription>
            Test reads travel over the live connection: they can be sent once it is back.
          </AlertDescription>
        </Alert>
      )}

      <Card>
        <CardHeader>
          <CardTitle as="h3">Send a read</CardTitle>
          <CardDescription>
            A read of one EPC at one antenna of a reader, as if the reader had sent it.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {readerList.length === 0 ? (
            <div className="flex flex-col items-start gap-2 text-sm">
              <p className="text-muted-foreground">{NO_READERS_TEXT}</p>
              {canMapAntennas ? (
                <Button asChild variant="outline" size="sm">
                  <Link to={paths.rfidMapping}>{OPEN_RFID_MAPPING}</Link>
                </Button>
              ) : null}
            </div>
          ) : (
            <TestReadForm readers={readerList} items={items.data} isConnected={isConnected} />
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h3">Simulated flow</CardTitle>
          <CardDescription>
            Walks tracked items through the stations mapped on the readers’ antennas, one read per step.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <SimulatedFlowForm
            readers={readerList}
            items={items.data}
            isConnected={isConnected}
            canMapAntennas={canMapAntennas}
          />
        </CardContent>
      </Card>
    </div>
  );
}
