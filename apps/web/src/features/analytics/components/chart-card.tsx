import { DownloadIcon } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { csvFileName, type TColumn, toCsv } from '@/components/data-table/columns';
import { DataTable } from '@/components/data-table/data-table';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { cn } from '@/lib/cn';
import { saveBlob } from '@/lib/save-blob';

export type TChartCardProps<Row> = {
  readonly title: string;
  readonly description?: string;
  readonly rows: readonly Row[];
  // Row is the rows': the columns are read against it (so one-line columns need not name it).
  readonly columns: readonly TColumn<NoInfer<Row>>[];
  readonly rowKey: (row: Row, index: number) => string;
  /** The chart of `rows`; left out, the card shows only the table (a list of jobs, say). */
  readonly chart?: ReactNode;
  /** What the card says when `rows` is empty: 'No delivered jobs in this period'. */
  readonly emptyText: string;
  /** The period the figures cover, in the CSV's file name. */
  readonly range?: { readonly from: string; readonly to: string };
  /** What the CSV is called, when not the title: 'Comparison' → 'comparison-2026-08-01-to-….csv'. */
  readonly csvName?: string;
  readonly className?: string;
};

type TView = 'chart' | 'table';

/**
 * One chart with its table behind a Chart | Table switch, and its figures as a CSV download. The table is
 * the chart for keyboard and screen-reader users, so both come from the same rows and the same formats.
 */
export function ChartCard<Row>({
  title,
  description,
  rows,
  columns,
  rowKey,
  chart,
  emptyText,
  range,
  csvName,
  className,
}: TChartCardProps<Row>) {
  const titleId = useId();
  const [view, setView] = useState<TView>('chart');
  const isEmpty = rows.length === 0;
  const table = <DataTable caption={title} columns={columns} rows={rows} rowKey={rowKey} />;

  function download() {
    const fileName = csvFileName(csvName ?? title, range);
    saveBlob(new Blob([toCsv(columns, rows)], { type: 'text/csv;charset=utf-8' }), fileName);
  }

  return (
    // min-w-0: in the screens' grids a wide table scrolls inside its card instead of widening every card of
    // its column past a phone's screen.
    <Card
      role="region"
      aria-labelledby={titleId}
      className={cn('min-w-0 gap-4', className)}
      data-slot="chart-card"
    >
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <CardTitle id={titleId}>{title}</CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </div>
        {isEmpty ? null : (
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={download}
            aria-label={`Download ${title} as CSV`}
          >
            <DownloadIcon aria-hidden="true" />
            CSV
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {isEmpty ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            {emptyText}
          </p>
        ) : chart ? (
          <Tabs value={view} onValueChange={(value) => setView(value === 'table' ? 'table' : 'chart')}>
            <TabsList aria-label={`Show ${title} as`}>
              <TabsTrigger value="chart">Chart</TabsTrigger>
              <TabsTrigger value="table">Table</TabsTrigger>
            </TabsList>
            <TabsContent value="chart" className="mt-3">
              <figure aria-label={`${title} chart`} className="m-0">
                {chart}
                <figcaption className="sr-only">The same figures are in the Table view.</figcaption>
              </figure>
            </TabsContent>
            <TabsContent value="table" className="mt-3">
              {table}
            </TabsContent>
          </Tabs>
        ) : (
          table
        )}
      </CardContent>
    </Card>
  );
}

/** A chart card while its figures load. */
export function ChartCardSkeleton({ className }: { readonly className?: string }) {
  return (
    <Card aria-hidden="true" className={cn('gap-4', className)}>
      <CardHeader>
        <Skeleton className="h-5 w-48" />
        <Skeleton className="h-4 w-72 max-w-full" />
      </CardHeader>
      <CardContent>
        <Skeleton className="h-64" />
      </CardContent>
    </Card>
  );
}
