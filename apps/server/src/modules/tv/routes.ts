import { REGISTRY_MANAGER_ROLES } from '@loupe/domain/auth/permissions';
import { AppError } from '@loupe/domain/errors/errors';
import {
  DEVICE_AUTH_SCHEME,
  ZClaimTvDisplaySchema,
  ZStationScreenSchema,
  ZTvDeviceStatusSchema,
  ZTvDisplaySchema,
  ZTvPairingSchema,
  ZUpdateTvDisplaySchema,
} from '@loupe/domain/tv/tv-displays';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, resultWithData } from '../../lib/api-response.ts';
import { registerResourceRoutes } from '../../lib/resource-routes.ts';
import { apiRoute } from '../../lib/route-schemas.ts';
import { currentUserOf } from '../auth/request-context.ts';
import type { TTvDevice, TTvService } from './service.ts';

const deviceDoc = { security: [{ tvDevice: [] }] };
const ZStationParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** A station TV's credential from `Authorization: Device <token>`, or null. */
export function deviceToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = new RegExp(`^${DEVICE_AUTH_SCHEME}\\s+(\\S+)$`, 'i').exec(header);
  return match?.[1] ?? null;
}

function currentDeviceOf(request: FastifyRequest): TTvDevice {
  if (!request.currentDevice) throw new AppError('DEVICE_NOT_PAIRED', 'This TV is not paired.');
  return request.currentDevice;
}

/**
 * Station TVs (issue 14): pairing (public, rate-limited), the TV's own screen (its device credential only),
 * the same screen for signed-in staff, and the displays managers keep in Settings › TV Displays.
 */
export async function registerTvRoutes(instance: FastifyInstance, options: { tv: TTvService }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { tv } = options;
  const managers = REGISTRY_MANAGER_ROLES;

  app.post(
    '/tv/pairings',
    {
      // Called by a TV nobody signed in at: no session, so nothing for a forged request to ride on.
      config: { access: 'public', csrfExempt: true, rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['tv'],
        summary: 'A TV at /tv-setup asks for a pairing code (valid 10 minutes, single use)',
        response: { 201: resultWithData(ZTvPairingSchema) },
      },
    },
    async (_request, reply) => reply.status(201).send(ok(await tv.startPairing())),
  );

  app.get(
    '/tv/device',
    {
      // The TV polls this while its code shows: its credential counts here before it is paired.
      config: { access: 'tv-device' },
      schema: {
        tags: ['tv'],
        summary:
          'Whether this TV is still waiting for its code to be entered, or paired and to which station',
        ...deviceDoc,
        response: { 200: resultWithData(ZTvDeviceStatusSchema) },
      },
    },
    async (request) => ok(tv.deviceStatus(currentDeviceOf(request))),
  );

  app.get(
    '/tv/screen',
    apiRoute('tv-device', {
      tags: ['tv'],
      summary: "A paired TV's station screen: the pieces there now, those due next, today's finished count",
      ...deviceDoc,
      response: { 200: resultWithData(ZStationScreenSchema) },
    }),
    async (request) => ok(await tv.screenForDevice(currentDeviceOf(request))),
  );

  app.get(
    '/stations/:id/screen',
    apiRoute('signed-in', {
      tags: ['tv'],
      summary: "A station's TV screen for signed-in staff (/jeweler-tv/{stationId})",
      params: ZStationParamsSchema,
      response: { 200: resultWithData(ZStationScreenSchema) },
    }),
    async (request) => ok(await tv.screenForUser(currentUserOf(request), request.params.id)),
  );

  registerResourceRoutes(app, {
    path: '/tv-displays',
    tag: 'tv',
    access: { read: managers, write: managers },
    item: ZTvDisplaySchema,
    list: {
      summary: 'The paired TV displays with their station, online state and last seen',
      response: z.array(ZTvDisplaySchema),
      run: ({ actor }) => tv.listDisplays(actor),
    },
    create: {
      summary: 'Pair a TV: enter the code it shows, name it and choose its station',
      body: ZClaimTvDisplaySchema,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      message: (display) => `${display.name} is paired.`,
      run: ({ actor, body, context }) => tv.claim(actor, body, context),
    },
    update: {
      summary: 'Rename a TV display or move it to another station',
      body: ZUpdateTvDisplaySchema,
      message: 'TV display saved.',
      run: ({ actor, id, body, context }) => tv.updateDisplay(actor, id, body, context),
    },
    remove: {
      summary: 'Revoke a TV display: it goes back to its pairing screen within seconds',
      message: 'TV display revoked.',
      run: ({ actor, id, context }) => tv.revoke(actor, id, context),
    },
  });
}
