import type { TRoleAccess } from '@loupe/domain/auth/permissions';
import { ZJobLocationHistorySchema } from '@loupe/domain/tracking/location-history';
import { ZTrackedRepairSchema } from '@loupe/domain/tracking/repair-tracking';
import {
  ZAssignOrderEpcSchema,
  ZAssignRepairEpcSchema,
  ZExpectedOffsiteSchema,
  ZLocationUpdateResultSchema,
  ZOffsiteItemSchema,
  ZOrderLocationUpdateSchema,
  ZRepairLocationUpdateSchema,
  ZStationItemSchema,
  ZStationScanResultSchema,
  ZStationScanSchema,
  ZTrackedOrderResponseSchema,
  ZTrackingStatsSchema,
} from '@loupe/domain/tracking/tracking-api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, resultWithData, ZMessageResultSchema } from '../../lib/api-response.ts';
import { apiRoute } from '../../lib/route-schemas.ts';
import type { TAccess } from '../../plugins/access-control.ts';
import { currentUserOf } from '../auth/request-context.ts';
import { OFFSITE_LIST_ACCESS, TRACKING_ACCESS, type TTrackingService } from './service.ts';

const ZOrderParamsSchema = z.object({ orderId: z.uuid() });
const ZRepairParamsSchema = z.object({ repairId: z.uuid() });
const ZStationParamsSchema = z.object({ stationId: z.string().min(1).max(100) });

/** 'all' in spec §6 is any signed-in user. */
const accessOf = (access: TRoleAccess): TAccess => (access === 'all' ? 'signed-in' : access);

/** The tracking service of an app: what these routes, the RFID pipeline and the offsite sweeper share. */

/**
 * The tracking API of spec §7 under /api/v1/tracking: orders exactly as the spec's table gives it, the
 * same capabilities for repairs, the offsite list and the stats. Rules and access checks: service.ts.
 */
export async function registerTrackingRoutes(
  instance: FastifyInstance,
  options: { readonly tracking: TTrackingService },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { tracking } = options;

  // ── Orders (spec §7's table) ────────────────────────────────────────────────────────────────

  app.get(
    '/tracking/orders',
    apiRoute(accessOf(TRACKING_ACCESS.order.read), {
      tags: ['tracking'],
      summary: 'Every tracked order in the backend shape of spec §3, location history newest first',
      response: { 200: resultWithData(z.array(ZTrackedOrderResponseSchema)) },
    }),
    async () => ok(await tracking.listOrders()),
  );

  app.get(
    '/tracking/orders/:orderId',
    apiRoute(accessOf(TRACKING_ACCESS.order.read), {
      tags: ['tracking'],
      summary: 'One tracked order (404 when it is not being tracked)',
      params: ZOrderParamsSchema,
      response: { 200: resultWithData(ZTrackedOrderResponseSchema) },
    }),
    async (request) => ok(await tracking.getOrder(request.params.orderId)),
  );

  app.get(
    '/tracking/orders/:orderId/location-history',
    apiRoute(accessOf(TRACKING_ACCESS.order.read), {
      tags: ['tracking'],
      summary: "An order's past locations, newest first, kept after its tag is removed or moved on",
      params: ZOrderParamsSchema,
      response: { 200: resultWithData(ZJobLocationHistorySchema) },
    }),
    async (request) =>
      ok(await tracking.locationHistory(currentUserOf(request), 'order', request.params.orderId)),
  );

  app.post(
    '/tracking/orders/update-location',
    apiRoute(accessOf(TRACKING_ACCESS.order.move), {
      tags: ['tracking'],
      summary:
        'A read of an order’s tag at a station: moves it (locationChanged true) or refreshes its last-seen time',
      body: ZOrderLocationUpdateSchema,
      response: { 200: resultWithData(ZLocationUpdateResultSchema) },
    }),
    async (request) => {
      const { orderId, ...read } = request.body;
      const data = await tracking.updateLocation(currentUserOf(request), 'order', {
        itemId: orderId,
        ...read,
      });
      return { success: true as const, message: locationMessage(data.outcome), data };
    },
  );

  app.post(
    '/tracking/assign-epc',
    apiRoute(accessOf(TRACKING_ACCESS.order.track), {
      tags: ['tracking'],
      summary:
        'Put an RFID tag on an order and start tracking it (the tag comes off any other order or repair)',
      body: ZAssignOrderEpcSchema,
      response: { 200: resultWithData(ZTrackedOrderResponseSchema) },
    }),
    async (request) => {
      const { orderId, epcCode, orderNumber } = request.body;
      await tracking.assignEpc(currentUserOf(request), 'order', orderId, epcCode, {
        expectedNumber: orderNumber,
      });
      return ok(await tracking.getOrder(orderId), 'EPC assigned.');
    },
  );

  app.delete(
    '/tracking/orders/:orderId',
    apiRoute(accessOf(TRACKING_ACCESS.order.track), {
      tags: ['tracking'],
      summary: 'Stop tracking an order (its location history is kept)',
      params: ZOrderParamsSchema,
      response: { 200: ZMessageResultSchema },
    }),
    async (request) => {
      const order = await tracking.stopTracking(currentUserOf(request), 'order', request.params.orderId);
      return { success: true as const, message: `Stopped tracking order ${order.number}.` };
    },
  );

  app.post(
    '/tracking/orders/:orderId/expected-offsite',
    apiRoute(accessOf(TRACKING_ACCESS.order.offsite), {
      tags: ['tracking'],
      summary: 'Flag an order as expected offsite (the longer grace period applies) or clear the flag',
      params: ZOrderParamsSchema,
      body: ZExpectedOffsiteSchema,
      response: { 200: resultWithData(ZTrackedOrderResponseSchema) },
    }),
    async (request) => {
      const { orderId } = request.params;
      await tracking.setExpectedOffsite(
        currentUserOf(request),
        'order',
        orderId,
        request.body.expectedOffsite,
      );
      return ok(await tracking.getOrder(orderId));
    },
  );

  app.post(
    '/tracking/orders/:orderId/return',
    apiRoute(accessOf(TRACKING_ACCESS.order.offsite), {
      tags: ['tracking'],
      summary: 'Mark an offsite order as returned (only an offsite order can be returned)',
      params: ZOrderParamsSchema,
      response: { 200: resultWithData(ZTrackedOrderResponseSchema) },
    }),
    async (request) => {
      const { orderId } = request.params;
      await tracking.returnFromOffsite(currentUserOf(request), 'order', orderId);
      return ok(await tracking.getOrder(orderId), 'Returned.');
    },
  );

  // ── Repairs: the same capabilities ─────────────────────────────────────────────────────────

  app.get(
    '/tracking/repairs',
    apiRoute(accessOf(TRACKING_ACCESS.repair.read), {
      tags: ['tracking'],
      summary: 'Every tracked repair (spec §3 tracked repair), location history newest first',
      response: { 200: resultWithData(z.array(ZTrackedRepairSchema)) },
    }),
    async (request) => ok(await tracking.listRepairs(currentUserOf(request))),
  );

  app.get(
    '/tracking/repairs/:repairId',
    apiRoute(accessOf(TRACKING_ACCESS.repair.read), {
      tags: ['tracking'],
      summary: 'One tracked repair (404 when it is not being tracked)',
      params: ZRepairParamsSchema,
      response: { 200: resultWithData(ZTrackedRepairSchema) },
    }),
    async (request) => ok(await tracking.getRepair(currentUserOf(request), request.params.repairId)),
  );

  app.get(
    '/tracking/repairs/:repairId/location-history',
    apiRoute(accessOf(TRACKING_ACCESS.repair.read), {
      tags: ['tracking'],
      summary: "A repair's past locations, newest first, kept after its tag is removed or moved on",
      params: ZRepairParamsSchema,
      response: { 200: resultWithData(ZJobLocationHistorySchema) },
    }),
    async (request) =>
      ok(await tracking.locationHistory(currentUserOf(request), 'repair', request.params.repairId)),
  );

  app.post(
    '/tracking/repairs/update-location',
    apiRoute(accessOf(TRACKING_ACCESS.repair.move), {
      tags: ['tracking'],
      summary: 'A read of a repair’s tag at a station: moves it or refreshes its last-seen time',
      body: ZRepairLocationUpdateSchema,
      response: { 200: resultWithData(ZLocationUpdateResultSchema) },
    }),
    async (request) => {
      const { repairId, ...read } = request.body;
      const data = await tracking.updateLocation(currentUserOf(request), 'repair', {
        itemId: repairId,
        ...read,
      });
      return { success: true as const, message: locationMessage(data.outcome), data };
    },
  );

  app.post(
    '/tracking/repairs/assign-epc',
    apiRoute(accessOf(TRACKING_ACCESS.repair.track), {
      tags: ['tracking'],
      summary:
        'Put an RFID tag on a repair and start tracking it (the tag comes off any other repair or order)',
      body: ZAssignRepairEpcSchema,
      response: { 200: resultWithData(ZTrackedRepairSchema) },
    }),
    async (request) => {
      const actor = currentUserOf(request);
      const { repairId, epcCode, repairNumber } = request.body;
      await tracking.assignEpc(actor, 'repair', repairId, epcCode, { expectedNumber: repairNumber });
      return {
        success: true as const,
        message: 'EPC assigned.',
        data: await tracking.getRepair(actor, repairId),
      };
    },
  );

  app.delete(
    '/tracking/repairs/:repairId',
    apiRoute(accessOf(TRACKING_ACCESS.repair.track), {
      tags: ['tracking'],
      summary: 'Stop tracking a repair and free its EPC (its location history is kept)',
      params: ZRepairParamsSchema,
      response: { 200: ZMessageResultSchema },
    }),
    async (request) => {
      const repair = await tracking.stopTracking(currentUserOf(request), 'repair', request.params.repairId);
      return { success: true as const, message: `Stopped tracking repair ${repair.number}.` };
    },
  );

  app.post(
    '/tracking/repairs/:repairId/expected-offsite',
    apiRoute(accessOf(TRACKING_ACCESS.repair.offsite), {
      tags: ['tracking'],
      summary: 'Flag a repair as expected offsite or clear the flag',
      params: ZRepairParamsSchema,
      body: ZExpectedOffsiteSchema,
      response: { 200: resultWithData(ZTrackedRepairSchema) },
    }),
    async (request) => {
      const actor = currentUserOf(request);
      const { repairId } = request.params;
      await tracking.setExpectedOffsite(actor, 'repair', repairId, request.body.expectedOffsite);
      return ok(await tracking.getRepair(actor, repairId));
    },
  );

  app.post(
    '/tracking/repairs/:repairId/return',
    apiRoute(accessOf(TRACKING_ACCESS.repair.offsite), {
      tags: ['tracking'],
      summary: 'Mark an offsite repair as returned (only an offsite repair can be returned)',
      params: ZRepairParamsSchema,
      response: { 200: resultWithData(ZTrackedRepairSchema) },
    }),
    async (request) => {
      const actor = currentUserOf(request);
      const { repairId } = request.params;
      await tracking.returnFromOffsite(actor, 'repair', repairId);
      return {
        success: true as const,
        message: 'Returned.',
        data: await tracking.getRepair(actor, repairId),
      };
    },
  );

  // ── Both kinds ──────────────────────────────────────────────────────────────────────────────

  app.get(
    '/tracking/offsite',
    apiRoute(accessOf(OFFSITE_LIST_ACCESS), {
      tags: ['tracking'],
      summary: 'Orders and repairs offsite now, with customer and last location, newest detection first',
      response: { 200: resultWithData(z.array(ZOffsiteItemSchema)) },
    }),
    async (request) => ok(await tracking.offsiteItems(currentUserOf(request))),
  );

  app.get(
    '/tracking/stations/:stationId/items',
    apiRoute('signed-in', {
      tags: ['tracking'],
      summary: 'The tracked items standing at a station now, longest there first (repairs for their viewers)',
      params: ZStationParamsSchema,
      response: { 200: resultWithData(z.array(ZStationItemSchema)) },
    }),
    async (request) => ok(await tracking.itemsAtStation(currentUserOf(request), request.params.stationId)),
  );

  app.post(
    '/tracking/stations/:stationId/scans',
    // Whoever stands at the station scans what is in their hands, repairs included, as a fixed reader
    // would read it (docs/decisions/005-station-scans-open-to-staff.md).
    apiRoute('signed-in', {
      tags: ['tracking'],
      summary:
        'A keyboard-wedge scan at a station without a fixed reader: the item carrying the tag moves to the station',
      params: ZStationParamsSchema,
      body: ZStationScanSchema,
      response: { 200: resultWithData(ZStationScanResultSchema) },
    }),
    async (request) =>
      ok(await tracking.scanAtStation(currentUserOf(request), request.params.stationId, request.body)),
  );

  app.get(
    '/tracking/stats',
    apiRoute('signed-in', {
      tags: ['tracking'],
      summary:
        'Counts of tracked orders and repairs by status, and of items in each department (by name); repairs only for the roles that see them',
      response: { 200: resultWithData(ZTrackingStatsSchema) },
    }),
    async (request) => ok(await tracking.stats(currentUserOf(request))),
  );
}

function locationMessage(outcome: 'moved' | 'seen' | 'stale'): string {
  switch (outcome) {
    case 'moved':
      return 'Location updated.';
    case 'seen':
      return 'Already at this station: last seen refreshed.';
    case 'stale':
      return 'This read is older than the current location: nothing changed.';
  }
}
