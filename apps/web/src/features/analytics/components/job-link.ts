import { paths, pathTo } from '@/lib/paths';

/** An order's or repair's page, where a drill-down leads. */
export function jobPath(job: { readonly kind: 'order' | 'repair'; readonly id: string }): string {
  return job.kind === 'order'
    ? pathTo(paths.orderDetail, { orderId: job.id })
    : pathTo(paths.repairDetail, { repairId: job.id });
}
