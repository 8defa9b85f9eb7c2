import { listPageSchema, type TListPage } from '@loupe/domain/api/list';
import type { TJobKind } from '@loupe/domain/jobs/job-views';
import {
  type TCreateOrderInput,
  type TOrder,
  type TOrderListItem,
  type TOrderSort,
  type TOrderStatus,
  type TUpdateOrderInput,
  ZOrderListItemSchema,
  ZOrderSchema,
} from '@loupe/domain/orders/order';
import {
  type REPAIR_SORTS,
  type TCreateRepairInput,
  type TRepair,
  type TRepairListItem,
  type TRepairStatus,
  type TUpdateRepairInput,
  ZRepairListItemSchema,
  ZRepairSchema,
} from '@loupe/domain/repairs/repair';
import { type TTrackedRepair, ZTrackedRepairSchema } from '@loupe/domain/tracking/repair-tracking';
import {
  type TTrackedOrderResponse,
  type ZAssignOrderEpcSchema,
  type ZAssignRepairEpcSchema,
  ZTrackedOrderResponseSchema,
} from '@loupe/domain/tracking/tracking-api';
import { lazySchema } from '@loupe/domain/validation/lazy-schema';
import type { z } from 'zod';

type TRepairSort = (typeof REPAIR_SORTS)[number];

/** The types of each kind of job, so one generic call answers an order for 'order' and a repair for 'repair'. */
type TJobTypes = {
  order: {
    job: TOrder;
    listItem: TOrderListItem;
    create: TCreateOrderInput;
    update: TUpdateOrderInput;
    status: TOrderStatus;
    sort: TOrderSort;
    tracked: TTrackedOrderResponse;
    assignEpc: z.input<typeof ZAssignOrderEpcSchema>;
  };
  repair: {
    job: TRepair;
    listItem: TRepairListItem;
    create: TCreateRepairInput;
    update: TUpdateRepairInput;
    status: TRepairStatus;
    sort: TRepairSort;
    tracked: TTrackedRepair;
    assignEpc: z.input<typeof ZAssignRepairEpcSchema>;
  };
};

export type TJobOf<K extends TJobKind> = TJobTypes[K]['job'];
export type TJobListItemOf<K extends TJobKind> = TJobTypes[K]['listItem'];
export type TCreateJobInputOf<K extends TJobKind> = TJobTypes[K]['create'];
export type TUpdateJobInputOf<K extends TJobKind> = TJobTypes[K]['update'];
export type TJobStatusOf<K extends TJobKind> = TJobTypes[K]['status'];
export type TJobSortOf<K extends TJobKind> = TJobTypes[K]['sort'];
export type TTrackedJobOf<K extends TJobKind> = TJobTypes[K]['tracked'];

/** What is the same call with other words for each kind: its paths, its answers' schemas, its tag body. */
type TJobEndpoints<K extends TJobKind> = {
  /** The API's collection, and the root of the kind's query keys: 'orders'. */
  readonly root: 'orders' | 'repairs';
  readonly item: z.ZodType<TJobOf<K>>;
  /** A page of the list, made once: zod compiles a schema on its first parse. */
  readonly listPage: z.ZodType<TListPage<TJobListItemOf<K>>>;
  readonly tracked: z.ZodType<TTrackedJobOf<K>>;
  /** Spec §7 puts the order's tag call at /tracking/assign-epc; the repair's sits under /tracking/repairs. */
  readonly assignEpcPath: string;
  readonly assignEpcBody: (input: {
    jobId: string;
    epcCode: string;
    jobNumber: string;
  }) => TJobTypes[K]['assignEpc'];
};

export const JOB_ENDPOINTS: { readonly [K in TJobKind]: TJobEndpoints<K> } = {
  order: {
    root: 'orders',
    item: ZOrderSchema,
    listPage: lazySchema(() => listPageSchema(ZOrderListItemSchema)),
    tracked: ZTrackedOrderResponseSchema,
    assignEpcPath: 'tracking/assign-epc',
    assignEpcBody: ({ jobId, epcCode, jobNumber }) => ({ orderId: jobId, epcCode, orderNumber: jobNumber }),
  },
  repair: {
    root: 'repairs',
    item: ZRepairSchema,
    listPage: lazySchema(() => listPageSchema(ZRepairListItemSchema)),
    tracked: ZTrackedRepairSchema,
    assignEpcPath: 'tracking/repairs/assign-epc',
    assignEpcBody: ({ jobId, epcCode, jobNumber }) => ({ repairId: jobId, epcCode, repairNumber: jobNumber }),
  },
};

/** 'orders/<id>' with the id encoded; `rest` follows it: 'history'. */
export function jobPath(kind: TJobKind, jobId: string, rest?: string): string {
  const path = `${JOB_ENDPOINTS[kind].root}/${encodeURIComponent(jobId)}`;
  return rest ? `${path}/${rest}` : path;
}

/** 'tracking/orders/<id>' with the id encoded; `rest` follows it: 'return'. */
export function jobTrackingPath(kind: TJobKind, jobId: string, rest?: string): string {
  return `tracking/${jobPath(kind, jobId, rest)}`;
}
