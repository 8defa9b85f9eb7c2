import type { TListPage, TListQuery } from '@loupe/domain/api/list';
import { isAdmin, isAllowed, READER_VIEWER_ROLES } from '@loupe/domain/auth/permissions';
import type { TActor } from '@loupe/domain/auth/roles';
import { AppError } from '@loupe/domain/errors/errors';
import {
  READER_CONNECTION_STATUSES,
  type TAntennaLastRead,
  type TAntennaMapping,
  type TAntennaMappingInput,
  type TCreateReaderInput,
  type TReader,
  ZReaderKindSchema,
} from '@loupe/domain/registry/readers';
import { z } from 'zod';
import type { TClock } from '../../lib/clock.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { forbidden } from '../../lib/service-errors.ts';
import type { TAuditRepository } from '../audit/repository.ts';
import type { TRequestContext } from '../auth/service.ts';
import { pageOf } from '../registry/list-page.ts';
import type { TReaderRow, TReadersRepository } from './repository.ts';

/** Keys start with this, so a key pasted into the wrong place (a chat, a ticket) is recognisable as one. */
export const READER_API_KEY_PREFIX = 'lpr_';
/** How much of a key the screens show to tell keys apart: the prefix and four random characters. */
export const READER_API_KEY_SHOWN_LENGTH = 8;

const ZReaderStatusSchema = z.enum(READER_CONNECTION_STATUSES).catch('offline');
const ZStoredKindSchema = ZReaderKindSchema.catch('generic');

export type TReaderActor = TActor & { readonly id: string };

export type TReadersServiceOptions = {
  readonly readers: TReadersRepository;
  readonly audit: TAuditRepository;
  readonly clock: TClock;
  /** The random part of a new key; 32 random bytes, base64url, unless a test needs to know it. */
  readonly randomKey?: () => string;
  /** An antenna mapping changed or a reader went: the ingest resolves reads with the new mappings. */
  readonly onMappingsChanged?: () => void;
};

export type TNewApiKey = {
  readonly apiKey: string;
  readonly apiKeyHash: string;
  readonly apiKeyPrefix: string;
};

export function toReader(row: TReaderRow, antennas: readonly TAntennaMapping[]): TReader {
  return {
    id: row.id,
    name: row.name,
    kind: ZStoredKindSchema.parse(row.kind),
    apiKeyPrefix: row.apiKeyPrefix,
    status: ZReaderStatusSchema.parse(row.status),
    lastHeartbeat: row.lastHeartbeat ? row.lastHeartbeat.toISOString() : null,
    antennas: antennas.filter((antenna) => antenna.readerId === row.id),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function noReader(id: string): AppError {
  return new AppError('NOT_FOUND', `There is no reader ${id}.`);
}

function invalidMapping(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, {
    details: { issues: [{ field: `body.${field}`, message }] },
  });
}

/** Readers and their antenna mappings (issue 5 §1): admins only, like the /rfid-mapping screen (spec §2). */
export function createReadersService(options: TReadersServiceOptions) {
  const { readers, audit, clock } = options;
  const randomKey = options.randomKey ?? (() => randomToken(32));

  // The routes already admit admins only; the service checks again so no other caller can skip it.
  function assertAdmin(actor: TActor): void {
    if (!isAdmin(actor)) throw forbidden('Only an administrator can manage RFID readers.');
  }

  function assertMayView(actor: TActor): void {
    if (!isAllowed(actor, READER_VIEWER_ROLES)) {
      throw forbidden('Only administrators and managers can see the RFID readers.');
    }
  }

  /** Only the digest and the first characters are stored; the key itself exists in this answer only. */
  function newApiKey(): TNewApiKey {
    const apiKey = `${READER_API_KEY_PREFIX}${randomKey()}`;
    return { apiKey, apiKeyHash: sha256(apiKey), apiKeyPrefix: apiKey.slice(0, READER_API_KEY_SHOWN_LENGTH) };
  }

  async function readerOrFail(id: string): Promise<TReaderRow> {
    const row = await readers.find(id);
    if (!row) throw noReader(id);
    return row;
  }

  async function view(row: TReaderRow): Promise<TReader> {
    return toReader(row, await readers.antennasOf([row.id]));
  }

  return {
    /** GET /readers/last-reads: the newest read of every antenna that has read a tag (issue 11 §6). */
    async lastReads(actor: TActor): Promise<TAntennaLastRead[]> {
      assertMayView(actor);
      const rows = await readers.lastReads();
      return rows.map((row) => ({
        readerId: row.readerId,
        antenna: row.antenna,
        epc: row.epc,
        timestamp: row.lastSeenAt.toISOString(),
      }));
    },

    async list(actor: TActor, query: TListQuery): Promise<TListPage<TReader>> {
      assertMayView(actor);
      const rows = await readers.list({ q: query.q });
      // By id: readers are named by the people who install them (fx-casting-1), not numbered.
      const page = pageOf(rows, query, { sortKey: () => [], id: (row) => row.id });
      const antennas = await readers.antennasOf(page.items.map((row) => row.id));
      return { ...page, items: page.items.map((row) => toReader(row, antennas)) };
    },

    async get(actor: TActor, id: string): Promise<TReader> {
      assertMayView(actor);
      return view(await readerOrFail(id));
    },

    async create(
      actor: TReaderActor,
      input: TCreateReaderInput,
      context: TRequestContext,
    ): Promise<{ reader: TReader; apiKey: string }> {
      assertAdmin(actor);
      const { apiKey, ...stored } = newApiKey();
      const at = clock();
      const row = await readers.insert({
        id: input.id,
        name: input.name,
        kind: input.kind,
        ...stored,
        createdAt: at,
        updatedAt: at,
      });
      if (!row) throw new AppError('CONFLICT', `A reader with the id ${input.id} already exists.`);
      await audit.record({
        action: 'readers.created',
        at,
        actorId: actor.id,
        subject: row.id,
        ...context,
        details: { name: row.name, kind: row.kind, apiKeyPrefix: row.apiKeyPrefix },
      });
      return { reader: await view(row), apiKey };
    },

    async update(
      actor: TActor,
      id: string,
      input: { readonly name?: string | undefined; readonly kind?: TCreateReaderInput['kind'] | undefined },
    ): Promise<TReader> {
      assertAdmin(actor);
      await readerOrFail(id);
      const row = await readers.update(id, { name: input.name, kind: input.kind, updatedAt: clock() });
      if (!row) throw noReader(id);
      return view(row);
    },

    async remove(actor: TReaderActor, id: string, context: TRequestContext): Promise<void> {
      assertAdmin(actor);
      const row = await readerOrFail(id);
      if (!(await readers.delete(id))) throw noReader(id);
      options.onMappingsChanged?.();
      await audit.record({
        action: 'readers.deleted',
        at: clock(),
        actorId: actor.id,
        subject: id,
        ...context,
        details: { name: row.name, kind: row.kind },
      });
    },

    /** A new key; the old one stops working at once. */
    async rotateApiKey(
      actor: TReaderActor,
      id: string,
      context: TRequestContext,
    ): Promise<{ reader: TReader; apiKey: string }> {
      assertAdmin(actor);
      const previous = await readerOrFail(id);
      const { apiKey, ...stored } = newApiKey();
      const at = clock();
      const row = await readers.update(id, { ...stored, updatedAt: at });
      if (!row) throw noReader(id);
      await audit.record({
        action: 'readers.api_key_rotated',
        at,
        actorId: actor.id,
        subject: id,
        ...context,
        details: { previousApiKeyPrefix: previous.apiKeyPrefix, apiKeyPrefix: row.apiKeyPrefix },
      });
      return { reader: await view(row), apiKey };
    },

    /** Spec §3 reader mapping: a station of a department (by id, not index), or a tag-assignment antenna. */
    async mapAntenna(
      actor: TActor,
      readerId: string,
      antenna: number,
      input: TAntennaMappingInput,
    ): Promise<TAntennaMapping> {
      assertAdmin(actor);
      await readerOrFail(readerId);
      if (input.isTagAssignment) {
        await readers.upsertAntenna({
          readerId,
          antenna,
          departmentId: null,
          stationId: null,
          isTagAssignment: true,
          updatedAt: clock(),
        });
      } else {
        if (!(await readers.departmentExists(input.departmentId))) {
          throw invalidMapping('departmentId', `There is no department ${input.departmentId}.`);
        }
        const station = await readers.findStation(input.stationId);
        if (!station) throw invalidMapping('stationId', `There is no station ${input.stationId}.`);
        if (station.departmentId !== input.departmentId) {
          throw invalidMapping(
            'stationId',
            `Station ${input.stationId} is not in department ${input.departmentId}. Choose one of its stations.`,
          );
        }
        await readers.upsertAntenna({
          readerId,
          antenna,
          departmentId: input.departmentId,
          stationId: input.stationId,
          isTagAssignment: false,
          updatedAt: clock(),
        });
      }
      options.onMappingsChanged?.();
      const mapping = await readers.findAntenna(readerId, antenna);
      if (!mapping) throw noReader(readerId);
      return mapping;
    },

    async unmapAntenna(actor: TActor, readerId: string, antenna: number): Promise<void> {
      assertAdmin(actor);
      await readerOrFail(readerId);
      if (!(await readers.deleteAntenna(readerId, antenna))) {
        throw new AppError('NOT_FOUND', `Antenna ${antenna} of reader ${readerId} is not mapped.`);
      }
      options.onMappingsChanged?.();
    },
  };
}

export type TReadersService = ReturnType<typeof createReadersService>;
