import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';

export type TStatTileProps = {
  readonly label: string;
  readonly value: string;
  readonly hint?: ReactNode;
};

/** One headline figure; a term and its value for screen readers. */
export function StatTile({ label, value, hint }: TStatTileProps) {
  return (
    <Card className="gap-1 px-5 py-4">
      <dl>
        <dt className="text-sm text-muted-foreground">{label}</dt>
        <dd className="text-2xl font-semibold tabular-nums">{value}</dd>
        {hint ? <dd className="text-xs text-muted-foreground">{hint}</dd> : null}
      </dl>
    </Card>
  );
}

/** A screen's headline figures in a row: four across on a wide screen, three where there are three. */
export function StatGrid({
  children,
  columns = 4,
}: {
  readonly children: ReactNode;
  readonly columns?: 3 | 4;
}) {
  return (
    <div className={cn('grid gap-4 sm:grid-cols-2', columns === 4 ? 'lg:grid-cols-4' : 'lg:grid-cols-3')}>
      {children}
    </div>
  );
}
