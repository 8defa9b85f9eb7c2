import { canManageOffsiteItems } from '@loupe/domain/auth/permissions';
import type { TActor } from '@loupe/domain/auth/roles';
import {
  JOB_SUMMARY_VIEWS,
  JOB_VIEW_DESCRIPTIONS,
  JOB_VIEW_LABELS,
  type TJobKind,
  type TJobSummary,
  type TJobView,
} from '@loupe/domain/jobs/job-views';
import { plural } from '@loupe/domain/text/plural';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { formatCount } from '@/lib/number-format';
import { paths } from '@/lib/paths';
import { useWorkflowSummary } from '../api/get-workflow-summary';

type TSummaryView = (typeof JOB_SUMMARY_VIEWS)[number];

const KIND_LIST: Readonly<Record<TJobKind, string>> = { order: paths.orders, repair: paths.repairs };
const KIND_NOUN: Readonly<Record<TJobKind, { one: string; other: string }>> = {
  order: { one: 'order', other: 'orders' },
  repair: { one: 'repair', other: 'repairs' },
};

/** A kind's list filtered by a job view: what a tile's count opens. */
export function jobViewListPath(kind: TJobKind, view: TJobView): string {
  return `${KIND_LIST[kind]}?view=${view}`;
}

/** One kind's share of a tile: "5 orders", and the list it opens. */
export type TTilePart = {
  readonly kind: TJobKind;
  readonly count: number;
  readonly text: string;
  readonly to: string;
};

export type TTile = {
  readonly view: TSummaryView;
  readonly label: string;
  readonly description: string;
  /** Orders and repairs together: the rows its link(s) open. */
  readonly total: number;
  /** Each kind the user may see, with its count and list; linked one by one when `to` is null. */
  readonly parts: readonly TTilePart[];
  /** Where the whole tile leads when one page holds all it counts; null when each part links on its own. */
  readonly to: string | null;
  /** A count above zero here wants attention. */
  readonly tone: 'alarm' | 'warning' | null;
};

const TONES: Partial<Record<TSummaryView, TTile['tone']>> = { overdue: 'alarm', 'at-risk': 'warning' };

/**
 * The dashboard's tiles from GET /workflow/summary, one per job view in the domain's order. A tile's count is
 * what its link opens: with orders and repairs both counted, each kind links to its list filtered by the view;
 * with one kind, the whole tile does. The offsite tile opens /offsite for those allowed there, which lists
 * both kinds (a finished job gives its tag back, so every piece offsite is an open job the tile counts).
 */
export function workflowTilesFor(actor: TActor, summary: TJobSummary): TTile[] {
  return JOB_SUMMARY_VIEWS.map((view) => {
    const counts = summary.counts[view] ?? { order: 0, repair: 0 };
    const parts = summary.kinds.map((kind) => ({
      kind,
      count: counts[kind],
      text: plural(counts[kind], KIND_NOUN[kind].one, KIND_NOUN[kind].other),
      to: jobViewListPath(kind, view),
    }));
    const bothKinds = summary.kinds.includes('order') && summary.kinds.includes('repair');
    const to =
      view === 'offsite' && bothKinds && canManageOffsiteItems(actor)
        ? paths.offsite
        : parts.length === 1
          ? (parts[0]?.to ?? null)
          : null;
    return {
      view,
      label: JOB_VIEW_LABELS[view],
      description: JOB_VIEW_DESCRIPTIONS[view],
      total: parts.reduce((sum, part) => sum + part.count, 0),
      parts,
      to,
      tone: TONES[view] ?? null,
    };
  });
}

const TONE_CLASSES: Readonly<Record<NonNullable<TTile['tone']>, string>> = {
  alarm: 'text-destructive',
  warning: 'text-amber-700 dark:text-amber-400',
};

const TILE_CLASSES = 'flex min-w-0 flex-col gap-1 rounded-lg border bg-card p-3';

/** One tile: its word (its meaning on hover and for screen readers), its count, and the split by kind. */
function SummaryTile({ tile }: { tile: TTile }) {
  const descriptionId = `job-view-${tile.view}-description`;
  const count = (
    <span
      className={cn(
        'text-2xl font-semibold tabular-nums',
        tile.tone && tile.total > 0 && TONE_CLASSES[tile.tone],
      )}
    >
      {formatCount(tile.total)}
    </span>
  );
  const heading = (
    <span className="text-xs font-medium text-muted-foreground">
      {tile.label}
      <span id={descriptionId} className="sr-only">
        {tile.description}
      </span>
    </span>
  );
  const split =
    tile.parts.length > 1 ? (
      <span className="text-xs text-muted-foreground">
        {tile.parts.map((part, index) => (
          <span key={part.kind}>
            {index > 0 ? ' · ' : null}
            {tile.to === null ? (
              <Link
                to={part.to}
                className="underline decoration-muted-foreground/50 underline-offset-4 hover:text-foreground hover:decoration-foreground"
                aria-label={`${tile.label}: ${part.text}`}
                aria-describedby={descriptionId}
              >
                {part.text}
              </Link>
            ) : (
              part.text
            )}
          </span>
        ))}
      </span>
    ) : null;

  if (tile.to !== null) {
    return (
      <Link
        to={tile.to}
        title={tile.description}
        className={cn(TILE_CLASSES, 'hover:bg-accent')}
        aria-label={`${tile.label}: ${formatCount(tile.total)}`}
        aria-describedby={descriptionId}
      >
        {heading}
        {count}
        {split}
      </Link>
    );
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of two links under one word, not a fieldset of inputs.
    <div
      role="group"
      aria-label={`${tile.label}: ${formatCount(tile.total)}`}
      title={tile.description}
      className={TILE_CLASSES}
    >
      {heading}
      {count}
      {split}
    </div>
  );
}

/** The jobs at a glance, in the job views' words: overdue, due soon, at risk, rush, ready, waiting, offsite. */
export function WorkflowTiles({ actor }: { actor: TActor }) {
  const summary = useWorkflowSummary();
  if (summary.isError) return null;
  return (
    <section aria-label="Jobs at a glance" className="grid grid-cols-2 gap-3 md:grid-cols-4">
      {summary.data === undefined
        ? JOB_SUMMARY_VIEWS.map((view) => (
            <div key={view} className={TILE_CLASSES}>
              <span className="text-xs font-medium text-muted-foreground">{JOB_VIEW_LABELS[view]}</span>
              <Skeleton className="h-7 w-10" />
            </div>
          ))
        : workflowTilesFor(actor, summary.data).map((tile) => <SummaryTile key={tile.view} tile={tile} />)}
    </section>
  );
}
