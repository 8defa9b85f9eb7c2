import type { TColumn } from '@/components/data-table/columns';
import { paths, pathTo } from '@/lib/paths';
import { column } from './analytics-columns';

type TJobRef = { readonly kind: 'order' | 'repair'; readonly id: string };

/** An order's or repair's page, where a drill-down leads. */
export function jobPath(job: TJobRef): string {
  return job.kind === 'order'
    ? pathTo(paths.orderDetail, { orderId: job.id })
    : pathTo(paths.repairDetail, { repairId: job.id });
}

/** A list of jobs' first column: the job's number, linking to its page. */
export function jobColumn<Row extends TJobRef & { readonly number: string }>(): TColumn<Row> {
  return column.text<Row>('number', 'Job', (row) => row.number, jobPath);
}

type TLateJob = { readonly promisedDate: string; readonly deliveredAt: string; readonly daysLate: number };

/** When a late job was promised and delivered, and how many days late. */
export function latenessColumns<Row extends TLateJob>(): TColumn<Row>[] {
  return [
    column.day('promised', 'Promised', (row) => row.promisedDate),
    column.dateTime('delivered', 'Delivered', (row) => row.deliveredAt),
    column.count('daysLate', 'Days late', (row) => row.daysLate),
  ];
}
