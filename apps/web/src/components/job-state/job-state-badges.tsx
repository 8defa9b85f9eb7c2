import {
  JOB_VIEW_DESCRIPTIONS,
  JOB_VIEW_LABELS,
  offsiteMinutes,
  type TJobState,
  type TJobView,
} from '@loupe/domain/jobs/job-views';
import { plural } from '@loupe/domain/text/plural';
import {
  CircleAlertIcon,
  HourglassIcon,
  type LucideIcon,
  TriangleAlertIcon,
  TruckIcon,
  ZapIcon,
} from 'lucide-react';
import { cn } from '@/lib/cn';
import { formatDurationMinutes } from '@/lib/date-format';

/**
 * A job's state as the server's job read model evaluated it (issue 32), in the domain's words: every screen
 * that shows an order or a repair shows these badges from its `state`, and none works a rule out again.
 * Each badge is an icon and a word, never a colour alone, and tells screen readers what the word means.
 */

/** The flags a badge stands for, most pressing first, each with the view it belongs to. */
export type TStateFlag = 'rush' | 'overdue' | 'at-risk' | 'over-phase-target' | 'offsite';

const FLAG_ORDER: readonly TStateFlag[] = ['rush', 'overdue', 'at-risk', 'over-phase-target', 'offsite'];

const FLAG_VIEW: Readonly<Record<TStateFlag, TJobView>> = {
  rush: 'rush',
  overdue: 'overdue',
  'at-risk': 'at-risk',
  'over-phase-target': 'over-phase-target',
  offsite: 'offsite',
};

const FLAG_ICON: Readonly<Record<TStateFlag, LucideIcon>> = {
  rush: ZapIcon,
  overdue: CircleAlertIcon,
  'at-risk': TriangleAlertIcon,
  'over-phase-target': HourglassIcon,
  offsite: TruckIcon,
};

// Fixed shades with a 4.5:1 contrast in both themes; the word and the icon carry the meaning, not the hue.
const FLAG_CLASSES: Readonly<Record<TStateFlag, string>> = {
  rush: 'border-transparent bg-destructive text-destructive-foreground dark:bg-destructive/60',
  overdue: 'border-transparent bg-red-700 text-white dark:bg-red-500/30 dark:text-red-50',
  'at-risk': 'border-transparent bg-amber-200 text-amber-950 dark:bg-amber-400/25 dark:text-amber-100',
  'over-phase-target':
    'border-orange-700/50 bg-orange-50 text-orange-950 dark:bg-orange-400/15 dark:text-orange-100',
  offsite: 'border-sky-700/50 bg-sky-50 text-sky-950 dark:bg-sky-400/15 dark:text-sky-100',
};

function isSet(
  flag: TStateFlag,
  state: Pick<TJobState, 'isRush' | 'isOverdue' | 'isAtRisk' | 'isOverPhaseTarget' | 'isOffsite'>,
) {
  switch (flag) {
    case 'rush':
      return state.isRush;
    case 'overdue':
      return state.isOverdue;
    case 'at-risk':
      return state.isAtRisk;
    case 'over-phase-target':
      return state.isOverPhaseTarget;
    case 'offsite':
      return state.isOffsite;
  }
}

/** What a description says after a badge's word, for screen readers: "Overdue: in work and past…". */
function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** How long a piece has been gone, counted from when it was last seen (never from when the sweep noticed). */
export function offsiteDurationText(state: Pick<TJobState, 'offsiteSince'>, now: Date): string | null {
  const minutes = offsiteMinutes(state, now);
  return minutes === null ? null : formatDurationMinutes(minutes);
}

/** The detail a badge adds to its word: how many days overdue, how long offsite. */
function detailOf(flag: TStateFlag, state: TJobState, now: Date | undefined): string | null {
  if (flag === 'overdue' && state.daysOverdue > 0) return plural(state.daysOverdue, 'day');
  if (flag === 'offsite' && now !== undefined) return offsiteDurationText(state, now);
  return null;
}

export type TJobStateBadgeSize = 'sm' | 'lg';

const SIZE_CLASSES: Readonly<Record<TJobStateBadgeSize, { badge: string; icon: string }>> = {
  sm: { badge: 'gap-1 rounded-md px-1.5 py-0.5 text-xs', icon: 'size-3' },
  // The station TV, read from three metres.
  lg: { badge: 'gap-2 rounded-lg px-3 py-1 text-2xl', icon: 'size-6' },
};

/** One flag of a job's state: its icon and word (with days overdue or time offsite), its meaning read out. */
export function JobStateBadge({
  flag,
  detail = null,
  size = 'sm',
  className,
}: {
  readonly flag: TStateFlag;
  readonly detail?: string | null;
  readonly size?: TJobStateBadgeSize;
  readonly className?: string;
}) {
  const view = FLAG_VIEW[flag];
  const Icon = FLAG_ICON[flag];
  const label = JOB_VIEW_LABELS[view];
  const description = JOB_VIEW_DESCRIPTIONS[view];
  return (
    <span
      data-job-state={flag}
      title={detail ? `${label} ${detail}: ${description}` : `${label}: ${description}`}
      className={cn(
        'inline-flex w-fit shrink-0 items-center border font-medium whitespace-nowrap',
        SIZE_CLASSES[size].badge,
        FLAG_CLASSES[flag],
        className,
      )}
    >
      <Icon className={cn('shrink-0', SIZE_CLASSES[size].icon)} aria-hidden="true" />
      {label}
      {detail ? <span className="font-normal tabular-nums">{detail}</span> : null}
      <span className="sr-only">{`: ${lowerFirst(description)}`}</span>
    </span>
  );
}

/** Rush alone, for a place that marks it beside the number (a list row, a TV card). */
export function RushBadge({ size = 'sm', className }: { size?: TJobStateBadgeSize; className?: string }) {
  return <JobStateBadge flag="rush" size={size} {...(className ? { className } : {})} />;
}

export type TJobStateBadgesProps = {
  /** The job read model's state; null (a finished job) shows nothing. */
  readonly state: TJobState | null;
  /** Leave Rush out where the place marks it already (beside the number). */
  readonly withRush?: boolean;
  /** With it, the offsite badge says for how long (from last seen). */
  readonly now?: Date;
  readonly size?: TJobStateBadgeSize;
  readonly className?: string;
};

/** Every flag a job's state raises, most pressing first (rush, overdue, at risk, over phase target, offsite). */
export function JobStateBadges({
  state,
  withRush = true,
  now,
  size = 'sm',
  className,
}: TJobStateBadgesProps) {
  if (state === null) return null;
  const flags = FLAG_ORDER.filter((flag) => (withRush || flag !== 'rush') && isSet(flag, state));
  if (flags.length === 0) return null;
  return (
    <span className={cn('inline-flex flex-wrap items-center gap-1', size === 'lg' && 'gap-2', className)}>
      {flags.map((flag) => (
        <JobStateBadge key={flag} flag={flag} detail={detailOf(flag, state, now)} size={size} />
      ))}
    </span>
  );
}
