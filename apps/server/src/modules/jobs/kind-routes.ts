import {
  ORDER_EDITOR_ROLES,
  REPAIR_MANAGER_ROLES,
  REPAIR_VIEWER_ROLES,
} from '@loupe/domain/auth/permissions';
import {
  type TCreateOrderInput,
  type TOrder,
  type TOrderListItem,
  type TOrderListQuery,
  type TUpdateOrderInput,
  ZCreateOrderInputSchema,
  ZOrderListItemSchema,
  ZOrderListQuerySchema,
  ZOrderSchema,
  ZUpdateOrderInputSchema,
} from '@loupe/domain/orders/order';
import {
  type TCreateRepairInput,
  type TRepair,
  type TRepairListItem,
  type TRepairListQuery,
  type TUpdateRepairInput,
  ZCreateRepairInputSchema,
  ZRepairListItemSchema,
  ZRepairListQuerySchema,
  ZRepairSchema,
  ZUpdateRepairInputSchema,
} from '@loupe/domain/repairs/repair';
import type { TJobRoutes } from './job-routes.ts';

/** Orders over HTTP: read by everyone signed in, created and edited by ORDER_EDITOR_ROLES (spec §6). */
export const ORDER_ROUTES: TJobRoutes<
  TOrder,
  TOrderListItem,
  TCreateOrderInput,
  TUpdateOrderInput,
  TOrderListQuery
> = {
  path: '/orders',
  noun: 'Order',
  access: { read: 'signed-in', write: ORDER_EDITOR_ROLES },
  schemas: {
    listQuery: ZOrderListQuerySchema,
    listItem: ZOrderListItemSchema,
    item: ZOrderSchema,
    create: ZCreateOrderInputSchema,
    update: ZUpdateOrderInputSchema,
  },
  summaries: {
    list: 'List orders a page at a time: q searches number, customer and description; filter by status, rush, tracking and job view (overdue, due today, at risk…); sort newest, oldest, promised or number',
    create:
      'Create an order: numbered from the orders settings, status new, promised by default after the lead time',
    get: 'One order with its customer, photos, where it is now, its state and predicted completion',
    update:
      'Change an order (fields left out keep their value); the status moves only along the allowed transitions, and its workflow phase with it',
    history: 'Every change of an order, newest first, with who made it',
    upload: 'Upload intake photos of an order',
    remove: 'Remove a photo of an order (its file too)',
  },
};

/** Repairs over HTTP: seen by REPAIR_VIEWER_ROLES, taken in and managed by REPAIR_MANAGER_ROLES (spec §6). */
export const REPAIR_ROUTES: TJobRoutes<
  TRepair,
  TRepairListItem,
  TCreateRepairInput,
  TUpdateRepairInput,
  TRepairListQuery
> = {
  path: '/repairs',
  noun: 'Repair',
  access: { read: REPAIR_VIEWER_ROLES, write: REPAIR_MANAGER_ROLES },
  schemas: {
    listQuery: ZRepairListQuerySchema,
    listItem: ZRepairListItemSchema,
    item: ZRepairSchema,
    create: ZCreateRepairInputSchema,
    update: ZUpdateRepairInputSchema,
  },
  summaries: {
    list: 'List repairs a page at a time: q searches number, customer and item; filter by status, rush, tracking and job view (overdue, due today, at risk…); sort newest, oldest, promised or number',
    create:
      'Take in a repair: numbered from the orders settings, status received, promised by default after the repair lead time',
    get: 'One repair with its customer, photos, where it is now, its state and predicted completion',
    update:
      'Change a repair (fields left out keep their value); the status moves only along the allowed transitions, and its workflow phase with it',
    history: 'Every change of a repair, newest first, with who made it',
    upload: 'Upload photos of a repair (its condition at intake, the finished work)',
    remove: 'Remove a photo of a repair (its file too)',
  },
};
