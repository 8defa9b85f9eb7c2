import type { TWorkflowBoard, TWorkflowJob } from '@loupe/domain/workflow/workflow-api';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { boardColumnCapacity, groupBoardPhases } from '../board-layout';

type TPhase = TWorkflowBoard['columns'][number];

/** The width of the element `ref` points at, followed as it changes; 0 until measured (or without ResizeObserver). */
function useWidthOf(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** A phase with no job: one slim line, so it neither takes a column nor hides that it exists. */
function EmptyPhase({ phase }: { phase: TPhase }) {
  return (
    <section
      aria-label={`${phase.name}: 0`}
      className="flex items-baseline justify-between gap-2 rounded-md border border-dashed px-2 py-1 text-xs text-muted-foreground"
    >
      <h2 className="truncate font-medium">{phase.name}</h2>
      <span className="shrink-0">Nothing here</span>
    </section>
  );
}

function PhaseWithJobs({ phase, renderJob }: { phase: TPhase; renderJob: (job: TWorkflowJob) => ReactNode }) {
  return (
    <section
      aria-label={`${phase.name}: ${phase.jobs.length}`}
      className="flex min-w-0 flex-col gap-2 rounded-lg bg-muted/40 p-2"
    >
      <header className="flex items-baseline justify-between gap-2 px-1">
        <h2 className="truncate text-sm font-semibold">{phase.name}</h2>
        <span className="shrink-0 text-xs text-muted-foreground">
          {phase.jobs.length} · target {phase.targetHours} h
        </span>
      </header>
      {phase.jobs.map(renderJob)}
    </section>
  );
}

/**
 * The board's phases in as many columns as fit the width it has (board-layout.ts): empty phases shrink to a
 * line, and neighbouring phases share a column when they would not fit side by side, so the board never
 * scrolls sideways and every job (the overdue ones first in each phase) is in view.
 */
export function PhaseColumns({
  phases,
  renderJob,
}: {
  phases: readonly TPhase[];
  renderJob: (job: TWorkflowJob) => ReactNode;
}) {
  const container = useRef<HTMLElement>(null);
  const columns = groupBoardPhases(phases, boardColumnCapacity(useWidthOf(container)));
  return (
    <section
      ref={container}
      aria-label="Phases"
      className="relative grid items-start gap-3 overflow-x-auto pb-2"
      style={{ gridTemplateColumns: `repeat(${Math.max(1, columns.length)}, minmax(0, 26rem))` }}
    >
      {columns.map((column) => (
        <div key={column[0]?.key} className="flex min-w-0 flex-col gap-2">
          {column.map((phase) =>
            phase.jobs.length === 0 ? (
              <EmptyPhase key={phase.key} phase={phase} />
            ) : (
              <PhaseWithJobs key={phase.key} phase={phase} renderJob={renderJob} />
            ),
          )}
        </div>
      ))}
    </section>
  );
}
