import { randomInt } from 'node:crypto';
import { REGISTRY_MANAGER_ROLES, REPAIR_VIEWER_ROLES } from '@loupe/domain/auth/permissions';
import type { TActor, TRole } from '@loupe/domain/auth/roles';
import { AppError } from '@loupe/domain/errors/errors';
import { tvDisplayRoom } from '@loupe/domain/realtime/events';
import {
  PAIRING_CODE_ALPHABET,
  PAIRING_CODE_LENGTH,
  PAIRING_CODE_TTL_MS,
  type TClaimTvDisplayInput,
  type TStationScreen,
  type TStationScreenPiece,
  type TTvDeviceStatus,
  type TTvDisplay,
  type TTvPairing,
  type TUpdateTvDisplayInput,
  TV_ONLINE_WINDOW_MS,
  ZClaimTvDisplaySchema,
  ZUpdateTvDisplaySchema,
} from '@loupe/domain/tv/tv-displays';
import { personName } from '@loupe/domain/users/user';
import type { TWorkflowKind } from '@loupe/domain/workflow/workflow-template';
import { startOfWorkshopDay, type TWorkingCalendar } from '@loupe/domain/workflow/working-calendar';
import type { TClock } from '../../lib/clock.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { forbidden } from '../../lib/service-errors.ts';
import type { TEventBus } from '../../realtime/event-bus.ts';
import type { TAuditRepository } from '../audit/repository.ts';
import type { TRequestContext } from '../auth/service.ts';
import type { TTvDisplayRow, TTvRepository } from './repository.ts';

/** A TV as the server knows it once its credential checked out: still showing its code, or paired. */
export type TTvDevice = {
  readonly displayId: string;
  readonly name: string;
  readonly stationId: string | null;
  /** The code on its screen while no manager has entered it; null once paired. */
  readonly pairing: { readonly code: string; readonly expiresAt: string } | null;
};

/** Wrong codes one person may enter in GUESS_WINDOW_MS before claiming is refused for a while. */
const MAX_WRONG_CODES = 10;
const GUESS_WINDOW_MS = 10 * 60_000;
/** A display's "last seen" is written at most this often. */
const TOUCH_EVERY_MS = 20_000;

export type TTvServiceOptions = {
  readonly tv: TTvRepository;
  readonly audit: TAuditRepository;
  readonly events: TEventBus;
  readonly clock: TClock;
  readonly calendar: () => Promise<TWorkingCalendar>;
  /** The workflow's pieces at a station and due there next. */
  readonly stationPieces: (
    station: { id: string; departmentId: string },
    kinds: readonly TWorkflowKind[],
  ) => Promise<{ here: TStationScreenPiece[]; dueNext: TStationScreenPiece[] }>;
};

function newPairingCode(): string {
  let code = '';
  for (let i = 0; i < PAIRING_CODE_LENGTH; i += 1) {
    code += PAIRING_CODE_ALPHABET[randomInt(PAIRING_CODE_ALPHABET.length)];
  }
  return code;
}

const notPaired = () =>
  new AppError('DEVICE_NOT_PAIRED', 'This TV is not paired. Open /tv-setup on it to show a new code.');

function toDisplay(row: TTvDisplayRow, now: Date): TTvDisplay {
  return {
    id: row.id,
    name: row.name ?? '',
    stationId: row.stationId,
    stationName: row.stationName,
    departmentName: row.departmentName,
    online: row.lastSeenAt !== null && now.getTime() - row.lastSeenAt.getTime() < TV_ONLINE_WINDOW_MS,
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
    pairedAt: (row.pairedAt ?? row.createdAt).toISOString(),
    pairedBy: row.pairedByName,
  };
}

/**
 * Station TVs (issue 14): pairing with a short code instead of a staff password, the displays managers keep
 * in Settings › TV Displays, and the station screen they show. Every permission is checked here.
 */
export function createTvService(options: TTvServiceOptions) {
  const { tv, audit, events, clock } = options;

  function assertManager(actor: TActor): void {
    if (!(REGISTRY_MANAGER_ROLES as readonly TRole[]).includes(actor.role)) {
      throw forbidden('Only admins and managers can set up station TVs.');
    }
  }

  async function requireStation(stationId: string) {
    const station = await tv.findStation(stationId);
    if (!station) {
      throw new AppError('VALIDATION_FAILED', 'There is no such station.', {
        details: { issues: [{ field: 'body.stationId', message: 'Choose a station that exists' }] },
      });
    }
    return station;
  }

  async function displayOf(id: string): Promise<TTvDisplay> {
    const row = (await tv.listDisplays()).find((display) => display.id === id);
    if (!row) throw new AppError('NOT_FOUND', 'There is no such TV display.');
    return toDisplay(row, clock());
  }

  function announce(displayId: string, stationId: string | null, revoked: boolean): void {
    events.publish(
      'tv:display-changed',
      { displayId, stationId, revoked },
      { rooms: [tvDisplayRoom(displayId)] },
    );
  }

  async function screen(stationId: string, kinds: readonly TWorkflowKind[]): Promise<TStationScreen> {
    const station = await tv.findStation(stationId);
    if (!station) throw new AppError('NOT_FOUND', `There is no station ${stationId}.`);
    const now = clock();
    const [pieces, calendar] = await Promise.all([options.stationPieces(station, kinds), options.calendar()]);
    // Who works on which piece here (issue 37 §3): the TV names them and counts the time up.
    const running = await tv.runningTimersOf(pieces.here.map((piece) => piece.id));
    const timers = running.flatMap((timer) => {
      const piece = pieces.here.find((p) => p.kind === timer.itemKind && p.id === timer.itemId);
      if (!piece) return [];
      return [
        {
          kind: piece.kind,
          itemId: piece.id,
          personName: personName(timer),
          phaseName: piece.phaseName ?? timer.phaseKey,
          startedAt: timer.startedAt.toISOString(),
        },
      ];
    });
    return {
      station: {
        id: station.id,
        departmentId: station.departmentId,
        name: station.name,
        jewelerName: station.jewelerName,
        departmentName: station.departmentName,
      },
      here: pieces.here,
      dueNext: pieces.dueNext,
      finishedToday: await tv.finishedSince(station.id, startOfWorkshopDay(now, calendar.timeZone)),
      timers,
      generatedAt: now.toISOString(),
    };
  }

  return {
    /** A TV at /tv-setup asks for a code; the token it gets back becomes its credential once claimed. */
    async startPairing(): Promise<TTvPairing> {
      const now = clock();
      await tv.deleteExpiredPending(now);
      const deviceToken = `tvd_${randomToken(32)}`;
      const codeExpiresAt = new Date(now.getTime() + PAIRING_CODE_TTL_MS);
      // A code already on another TV's screen is drawn again; with 25⁶ codes a second draw is rare.
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const code = newPairingCode();
        const row = await tv.insertPending({
          tokenHash: sha256(deviceToken),
          pairingCode: code,
          codeExpiresAt,
        });
        if (row) return { code, expiresAt: codeExpiresAt.toISOString(), deviceToken };
      }
      throw new AppError('CONFLICT', 'No pairing code is free right now. Try again in a minute.');
    },

    /**
     * A TV's credential, pending or paired; an unknown one, or a pending one whose code expired, is refused.
     * The TV's polls and screen fetches keep it "online" in Settings.
     */
    async authenticateDevice(token: string | null): Promise<TTvDevice> {
      const row = token ? await tv.findByTokenHash(sha256(token)) : undefined;
      const now = clock();
      if (!row) throw notPaired();
      if (row.pairedAt === null) {
        if (row.pairingCode === null || row.codeExpiresAt.getTime() <= now.getTime()) throw notPaired();
        return {
          displayId: row.id,
          name: '',
          stationId: null,
          pairing: { code: row.pairingCode, expiresAt: row.codeExpiresAt.toISOString() },
        };
      }
      await tv.touch(row.id, now, TOUCH_EVERY_MS);
      return { displayId: row.id, name: row.name ?? '', stationId: row.stationId, pairing: null };
    },

    /** Where a TV stands: still showing its code, or paired to a station. */
    deviceStatus(device: TTvDevice): TTvDeviceStatus {
      return device.pairing === null
        ? {
            status: 'paired',
            display: { id: device.displayId, name: device.name, stationId: device.stationId },
          }
        : { status: 'pending', ...device.pairing };
    },

    /** A TV's heartbeat over its socket keeps it "online" in Settings. */
    async deviceSeen(device: TTvDevice): Promise<void> {
      await tv.touch(device.displayId, clock(), TOUCH_EVERY_MS);
    },

    async screenForDevice(device: TTvDevice): Promise<TStationScreen> {
      if (device.pairing !== null) throw notPaired();
      if (device.stationId === null) {
        throw new AppError('CONFLICT', 'This TV has no station. Choose one in Settings › TV Displays.');
      }
      // A TV hangs in the workshop: it shows repairs and orders alike, never prices or contact details.
      return screen(device.stationId, ['order', 'repair']);
    },

    /** The same screen for signed-in staff; repairs only for the roles that may see them. */
    async screenForUser(actor: TActor, stationId: string): Promise<TStationScreen> {
      const kinds: TWorkflowKind[] = (REPAIR_VIEWER_ROLES as readonly TRole[]).includes(actor.role)
        ? ['order', 'repair']
        : ['order'];
      return screen(stationId, kinds);
    },

    async listDisplays(actor: TActor): Promise<TTvDisplay[]> {
      assertManager(actor);
      const now = clock();
      return (await tv.listDisplays()).map((row) => toDisplay(row, now));
    },

    /** A manager enters the code a TV shows: the TV becomes a display of the chosen station. */
    async claim(
      actor: TActor & { id: string },
      input: TClaimTvDisplayInput,
      context: TRequestContext,
    ): Promise<TTvDisplay> {
      assertManager(actor);
      const body = ZClaimTvDisplaySchema.parse(input);
      const now = clock();
      const since = new Date(now.getTime() - GUESS_WINDOW_MS);
      if ((await audit.tally('tv.pair_failed', actor.id, since)).count >= MAX_WRONG_CODES) {
        throw new AppError('RATE_LIMITED', 'Too many wrong codes. Wait ten minutes, then try again.');
      }
      await requireStation(body.stationId);
      const claimed = await tv.claim(body.code, now, {
        name: body.name,
        stationId: body.stationId,
        pairedBy: actor.id,
      });
      if (!claimed) {
        await audit.record({
          action: 'tv.pair_failed',
          at: now,
          actorId: actor.id,
          subject: actor.id,
          ...context,
        });
        throw new AppError(
          'CODE_INVALID',
          'That code is not showing on any TV. Check the code on the TV screen.',
          {
            details: {
              issues: [
                { field: 'body.code', message: 'No TV shows this code: it may have expired or been used' },
              ],
            },
          },
        );
      }
      await audit.record({
        action: 'tv.paired',
        at: now,
        actorId: actor.id,
        subject: claimed.id,
        ...context,
        details: { name: body.name, stationId: body.stationId },
      });
      announce(claimed.id, claimed.stationId, false);
      return displayOf(claimed.id);
    },

    async updateDisplay(
      actor: TActor & { id: string },
      id: string,
      input: TUpdateTvDisplayInput,
      context: TRequestContext,
    ): Promise<TTvDisplay> {
      assertManager(actor);
      const body = ZUpdateTvDisplaySchema.parse(input);
      if (body.stationId !== undefined) await requireStation(body.stationId);
      const row = await tv.updateDisplay(id, body);
      if (!row) throw new AppError('NOT_FOUND', 'There is no such TV display.');
      await audit.record({
        action: 'tv.updated',
        at: clock(),
        actorId: actor.id,
        subject: id,
        ...context,
        details: body,
      });
      announce(row.id, row.stationId, false);
      return displayOf(row.id);
    },

    /** Revoking deletes the credential: the TV's next request or its socket sends it back to pairing. */
    async revoke(actor: TActor & { id: string }, id: string, context: TRequestContext): Promise<void> {
      assertManager(actor);
      const row = await tv.deleteDisplay(id);
      if (!row) throw new AppError('NOT_FOUND', 'There is no such TV display.');
      await audit.record({
        action: 'tv.revoked',
        at: clock(),
        actorId: actor.id,
        subject: id,
        ...context,
        details: { name: row.name },
      });
      announce(row.id, null, true);
    },
  };
}

export type TTvService = ReturnType<typeof createTvService>;
