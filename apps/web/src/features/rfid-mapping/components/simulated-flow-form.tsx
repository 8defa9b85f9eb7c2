import type { TReader } from '@loupe/domain/registry/readers';
import { PlayIcon, SquareIcon } from 'lucide-react';
import { type FormEvent, useCallback } from 'react';
import { Link } from 'react-router';
import { FormField } from '@/components/form-field';
import { useDialogForm } from '@/components/forms/use-dialog-form';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { WholeNumberField } from '@/components/whole-number-field';
import { paths } from '@/lib/paths';
import { useRealtime } from '@/lib/realtime/realtime-context';
import type { TSimulatorItem } from '../api/get-simulator-items';
import { sendTestScan, type TTestScan } from '../api/send-test-scan';
import { type TFlowState, useSimulatedFlow } from '../hooks/use-simulated-flow';
import {
  FLOW_FIELDS,
  flowItems,
  flowStops,
  PACE_MAX_SECONDS,
  PACE_MIN_SECONDS,
  parseFlowSettings,
  planFlow,
  type TFlowStop,
} from './rfid-simulator-model';

export const START_FLOW = 'Start flow';
export const STOP_FLOW = 'Stop';
export const DEFAULT_FLOW_ITEMS = 5;
export const DEFAULT_PACE_SECONDS = 2;

export const NO_READERS_TEXT = 'No readers yet: add one, and map its antennas to stations.';
export const NO_STATION_ANTENNAS_TEXT = 'No reader antenna is mapped to a station yet.';
export const NO_TRACKED_ITEMS_TEXT = 'No order or repair has a tag yet: assign one to an order first.';
export const OPEN_RFID_MAPPING = 'Open RFID mapping';
export const MAP_ANTENNAS = 'Map antennas';

export type TSimulatedFlowFormProps = {
  readonly readers: readonly TReader[];
  readonly items: readonly TSimulatorItem[];
  readonly isConnected: boolean;
  /** Whether the user may open /rfid-mapping (admins): only then do the empty states link there. */
  readonly canMapAntennas: boolean;
};

/**
 * Simulated flow: walks a few tracked items through the stations mapped on the readers' antennas, in
 * department order, one test read per step. Stops on Stop, on a refusal, or when the page is left.
 */
export function SimulatedFlowForm({ readers, items, isConnected, canMapAntennas }: TSimulatedFlowFormProps) {
  const mapping = canMapAntennas ? paths.rfidMapping : null;
  if (readers.length === 0) {
    return <FlowEmpty text={NO_READERS_TEXT} link={mapping && { to: mapping, action: OPEN_RFID_MAPPING }} />;
  }
  const stops = flowStops(readers);
  if (stops.length === 0) {
    return (
      <FlowEmpty text={NO_STATION_ANTENNAS_TEXT} link={mapping && { to: mapping, action: MAP_ANTENNAS }} />
    );
  }
  if (items.length === 0)
    return <FlowEmpty text={NO_TRACKED_ITEMS_TEXT} link={{ to: paths.orders, action: 'Go to orders' }} />;
  return <FlowRunner stops={stops} items={items} isConnected={isConnected} />;
}

/** An empty state: what is missing, and a link to where to fix it when the user may go there. */
function FlowEmpty({ text, link }: { text: string; link: { to: string; action: string } | null }) {
  return (
    <div className="flex flex-col items-start gap-2 text-sm">
      <p className="text-muted-foreground">{text}</p>
      {link ? (
        <Button asChild variant="outline" size="sm">
          <Link to={link.to}>{link.action}</Link>
        </Button>
      ) : null}
    </div>
  );
}

function FlowRunner({
  stops,
  items,
  isConnected,
}: {
  stops: readonly TFlowStop[];
  items: readonly TSimulatorItem[];
  isConnected: boolean;
}) {
  const client = useRealtime()?.client ?? null;
  const send = useCallback((scan: TTestScan) => sendTestScan(client, scan), [client]);
  const { state, start, stop } = useSimulatedFlow({ send });
  const form = useDialogForm(
    () => ({ count: String(Math.min(DEFAULT_FLOW_ITEMS, items.length)), pace: String(DEFAULT_PACE_SECONDS) }),
    FLOW_FIELDS,
  );
  const isRunning = state.status === 'running';

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const settings = form.validate(parseFlowSettings(form.values, items.length));
    if (!settings) return;
    start(planFlow({ items: flowItems(items, settings.itemCount), stops }), settings.paceSeconds * 1000);
  }

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label="Simulated flow">
      <p className="text-sm text-muted-foreground">
        {`Stations, in department order: ${stops.map((stop) => stop.place).join(', ')}.`}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <WholeNumberField
          label="Items"
          hint={`Out of ${items.length} tagged orders and repairs.`}
          max={items.length}
          {...form.field('count')}
          disabled={isRunning}
        />
        <FormField
          label="Seconds per step"
          hint="One read is sent per step."
          type="number"
          inputMode="decimal"
          min={PACE_MIN_SECONDS}
          max={PACE_MAX_SECONDS}
          step={0.5}
          {...form.field('pace')}
          disabled={isRunning}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={!isConnected || isRunning}>
          <PlayIcon aria-hidden="true" />
          {START_FLOW}
        </Button>
        <Button type="button" variant="outline" onClick={stop} disabled={!isRunning}>
          <SquareIcon aria-hidden="true" />
          {STOP_FLOW}
        </Button>
      </div>
      {state.status === 'idle' ? null : <FlowProgress state={state} />}
    </form>
  );
}

function statusText(state: TFlowState): string {
  switch (state.status) {
    case 'idle':
      return '';
    case 'running':
      return state.done === 0 ? `Starting: ${state.total} steps…` : `Step ${state.done} of ${state.total}`;
    case 'stopped':
      return `Stopped after step ${state.done} of ${state.total}.`;
    case 'finished':
      return `Finished: ${state.total} reads sent.`;
    case 'failed':
      return `Stopped at step ${state.done} of ${state.total}: ${state.error ?? 'no answer'}`;
    default: {
      const unreachable: never = state.status;
      throw new Error(`unknown flow status ${String(unreachable)}`);
    }
  }
}

function FlowProgress({ state }: { state: TFlowState }) {
  return (
    <div className="grid gap-3">
      <p role="status" className={state.status === 'failed' ? 'text-sm text-destructive' : 'text-sm'}>
        {statusText(state)}
      </p>
      <Progress
        aria-label="Flow progress"
        value={state.total === 0 ? 0 : Math.round((state.done / state.total) * 100)}
      />
      {state.moves.length > 0 ? (
        <div className="grid gap-1">
          <h4 className="text-sm font-medium">Last moves</h4>
          <ol aria-label="Last moves" className="grid gap-1 text-sm">
            {state.moves.map((move) => (
              <li key={move.step} className="flex flex-wrap gap-x-2">
                <span className="text-muted-foreground">{`${move.step}.`}</span>
                <span className="font-medium">{move.number}</span>
                <span>{`→ ${move.place}`}</span>
                <span className="text-muted-foreground">{`— ${move.outcome}`}</span>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </div>
  );
}
