import type { TAssistantChart } from '@loupe/domain/assistant/assistant-api';

/** A small horizontal bar chart: one bar per label, scaled to the largest value. */
export function AnswerChart({ chart }: { readonly chart: TAssistantChart }) {
  const max = Math.max(1, ...chart.bars.map((bar) => bar.value));
  return (
    <figure className="rounded-md border p-3">
      <figcaption className="mb-2 text-xs font-medium text-muted-foreground">{chart.title}</figcaption>
      <ul className="space-y-1" aria-label={chart.title}>
        {chart.bars.map((bar) => (
          <li key={bar.label} className="grid grid-cols-[8rem_1fr_2rem] items-center gap-2 text-xs">
            <span className="truncate">{bar.label}</span>
            <span className="h-3 rounded-sm bg-muted">
              <span
                className="block h-3 rounded-sm bg-primary"
                style={{ width: `${(100 * bar.value) / max}%` }}
              />
            </span>
            <span className="text-right tabular-nums">{bar.value}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
