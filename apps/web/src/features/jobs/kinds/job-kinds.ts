import type { TJobKind } from '@loupe/domain/jobs/job-views';
import type { TJobKindUi } from './job-kind-ui';
import { ORDER_KIND } from './order/order-kind';
import { REPAIR_KIND } from './repair/repair-kind';

/** Each kind's own words, fields, form and permissions, looked up by the shared job screens. */
export const JOB_KINDS: { readonly [K in TJobKind]: TJobKindUi<K> } = {
  order: ORDER_KIND,
  repair: REPAIR_KIND,
};
