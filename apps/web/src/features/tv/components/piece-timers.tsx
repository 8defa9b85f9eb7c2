import type { TStationScreen } from '@loupe/domain/tv/tv-displays';
import { Timer } from 'lucide-react';
import { RunningTime } from '@/components/work-time/running-time';

/** Who works on a piece now (issue 37 §3). */
export type TScreenTimer = TStationScreen['timers'][number];

/** A piece's running timers, by `kind:id`. */
export function timersByPiece(timers: readonly TScreenTimer[]): Map<string, TScreenTimer[]> {
  const byPiece = new Map<string, TScreenTimer[]>();
  for (const timer of timers) {
    const key = `${timer.kind}:${timer.itemId}`;
    byPiece.set(key, [...(byPiece.get(key) ?? []), timer]);
  }
  return byPiece;
}

/** Who works on a piece and for how long, ticking: "Marco Bench · 25:13". */
export function PieceTimers({ timers, compact }: { timers: readonly TScreenTimer[]; compact: boolean }) {
  if (timers.length === 0) return null;
  return (
    <ul aria-label="Working on it now" className="flex flex-wrap gap-x-6 gap-y-1">
      {timers.map((timer) => (
        <li
          key={`${timer.personName}:${timer.startedAt}`}
          className="flex items-center gap-2 font-semibold text-emerald-700 dark:text-emerald-400"
        >
          <Timer aria-hidden className={compact ? 'size-3' : 'size-7'} />
          <span>{timer.personName}</span>
          <RunningTime startedAt={timer.startedAt} className="tabular-nums" />
        </li>
      ))}
    </ul>
  );
}
