import {
  canCreateAndManageRepairs,
  canCreateOrEditOrders,
  canViewRepairs,
} from '@loupe/domain/auth/permissions';
import type { TActor } from '@loupe/domain/auth/roles';
import { AppError } from '@loupe/domain/errors/errors';
import type { TJobKind } from '@loupe/domain/jobs/job-views';
import {
  canMoveMaterials,
  canRecordIntake,
  PICKUP_FROM_STATUS,
  type TIntakeMaterialsInput,
  type TJobMaterials,
  type TJobSignature,
  type TMaterialLine,
  type TMaterialMovementInput,
  type TPickupInput,
  type TSignatureInput,
  type TSignaturePurpose,
  ZIntakeMaterialsInputSchema,
  ZMaterialMovementInputSchema,
  ZPickupInputSchema,
  ZSignatureInputSchema,
} from '@loupe/domain/jobs/materials';
import { balanceOf, checkMovement, pickupEntries } from '@loupe/domain/jobs/materials-ledger';
import { personName } from '@loupe/domain/users/user';
import type { TDatabase } from '../../db/client.ts';
import type { TTransactional } from '../../db/transaction.ts';
import type { TClock } from '../../lib/clock.ts';
import { forbidden } from '../../lib/service-errors.ts';
import type { TEventBus } from '../../realtime/event-bus.ts';
import type { TMaterialEntryRow, TMaterialsRepository, TNewMaterialEntry } from './repository.ts';

export type TMaterialsActor = TActor & { readonly id: string };

export type TMaterialsServiceOptions = {
  readonly materials: TTransactional<TMaterialsRepository>;
  readonly clock: TClock;
  readonly events: TEventBus;
  /** Delivers the job (its status to delivered / picked up), through the jobs module's own rules. */
  readonly deliver: (
    actor: TMaterialsActor,
    kind: TJobKind,
    itemId: string,
    alongside: (tx: TDatabase) => Promise<void>,
  ) => Promise<unknown>;
  /** The job's workflow phases, for the envelope's sign-off boxes. */
  readonly phasesOf: (kind: TJobKind, itemId: string) => Promise<{ key: string; name: string }[]>;
};

const mayView = (actor: TActor, kind: TJobKind) => kind === 'order' || canViewRepairs(actor);
const mayDeliver = (actor: TActor, kind: TJobKind) =>
  kind === 'order' ? canCreateOrEditOrders(actor) : canCreateAndManageRepairs(actor);

const notFound = (kind: TJobKind) =>
  new AppError('NOT_FOUND', kind === 'order' ? 'Order not found.' : 'Repair not found.');

/**
 * Before a job is delivered, by the pickup check or a status set by hand: everything received must be
 * checked out, used in the work or explained (issue 37 §4). Runs in the status change's transaction.
 */
export async function assertMaterialsAccounted(
  repo: TMaterialsRepository,
  kind: TJobKind,
  itemId: string,
): Promise<void> {
  const lines = await repo.lines(kind, itemId);
  if (lines.length === 0) return;
  const entries = await repo.entriesOf(lines.map((line) => line.id));
  const open = lines.filter(
    (line) =>
      !balanceOf(
        line,
        entries.filter((entry) => entry.lineId === line.id),
      ).isAccounted,
  );
  if (open.length > 0) {
    throw new AppError(
      'MATERIALS_NOT_ACCOUNTED',
      `Check the materials out first: ${open.map((line) => line.description).join(', ')}.`,
      { details: { lineIds: open.map((line) => line.id) } },
    );
  }
}

/** The job envelope's materials (issue 37 §4): intake, the ledger, signatures and the pickup check. */
export function createMaterialsService(options: TMaterialsServiceOptions) {
  const { materials, clock, events } = options;

  async function jobOf(repo: TMaterialsRepository, actor: TActor, kind: TJobKind, id: string, lock = false) {
    if (!mayView(actor, kind)) throw forbidden();
    const job = await repo.findJob(kind, id, lock);
    if (!job) throw notFound(kind);
    return job;
  }

  function announce(kind: TJobKind, itemId: string, at: Date) {
    events.publish('materials:changed', { itemType: kind, itemId, timestamp: at.toISOString() });
  }

  /** The answer: the ledger (read in the caller's transaction) with the phases, read after it. */
  async function withPhases(ledger: Omit<TJobMaterials, 'phases'>): Promise<TJobMaterials> {
    return { ...ledger, phases: await options.phasesOf(ledger.kind, ledger.itemId) };
  }

  async function read(
    repo: TMaterialsRepository,
    kind: TJobKind,
    itemId: string,
  ): Promise<Omit<TJobMaterials, 'phases'>> {
    const lines = await repo.lines(kind, itemId);
    const entries = await repo.entriesOf(lines.map((line) => line.id));
    const signatures = await repo.signatures(kind, itemId);
    const names = await repo.namesOf([
      ...entries.flatMap((entry) => (entry.actorId ? [entry.actorId] : [])),
      ...signatures.flatMap((signature) => (signature.recordedBy ? [signature.recordedBy] : [])),
    ]);
    const nameOf = (id: string | null) => {
      const person = id === null ? undefined : names.get(id);
      return person ? personName(person) : '';
    };
    const answered: TMaterialLine[] = lines.map((line) => {
      const own = entries.filter((entry) => entry.lineId === line.id);
      return {
        id: line.id,
        kind: line.kind as TMaterialLine['kind'],
        description: line.description,
        count: line.count,
        weightMilli: line.weightMilli,
        stone: (line.stone ?? null) as TMaterialLine['stone'],
        metal: (line.metal ?? null) as TMaterialLine['metal'],
        isIntake: line.isIntake,
        balance: balanceOf(line, own),
        entries: own.map((entry) => ({
          id: entry.id,
          lineId: entry.lineId,
          type: entry.type as TMaterialLine['entries'][number]['type'],
          count: entry.count,
          weightMilli: entry.weightMilli,
          holder: entry.holder,
          note: entry.note,
          at: entry.at.toISOString(),
          byName: nameOf(entry.actorId),
        })),
      };
    });
    return {
      kind,
      itemId,
      lines: answered,
      signatures: signatures.map(
        (signature): TJobSignature => ({
          id: signature.id,
          purpose: signature.purpose as TSignaturePurpose,
          signerName: signature.signerName,
          image: signature.image,
          signedAt: signature.signedAt.toISOString(),
          recordedByName: nameOf(signature.recordedBy),
        }),
      ),
      isAccounted: answered.every((line) => line.balance.isAccounted),
    };
  }

  async function sign(
    repo: TMaterialsRepository,
    actor: TMaterialsActor,
    kind: TJobKind,
    itemId: string,
    purpose: TSignaturePurpose,
    signature: TSignatureInput,
    at: Date,
  ) {
    const parsed = ZSignatureInputSchema.parse(signature);
    return repo.insertSignature({
      itemKind: kind,
      itemId,
      purpose,
      signerName: parsed.signerName,
      image: parsed.image,
      signedAt: at,
      recordedBy: actor.id,
    });
  }

  return {
    async get(actor: TActor, kind: TJobKind, itemId: string): Promise<TJobMaterials> {
      await jobOf(materials, actor, kind, itemId);
      return withPhases(await read(materials, kind, itemId));
    },

    /** What the customer left at intake (or the counter adds later), each line received, with their signature. */
    async intake(
      actor: TMaterialsActor,
      kind: TJobKind,
      itemId: string,
      input: TIntakeMaterialsInput,
    ): Promise<TJobMaterials> {
      if (!canRecordIntake(actor)) throw forbidden('Only the counter takes materials in.');
      const parsed = ZIntakeMaterialsInputSchema.parse(input);
      const now = clock();
      const answer = await materials.withTransaction(async (repo) => {
        await jobOf(repo, actor, kind, itemId, true);
        let position = await repo.nextPosition(kind, itemId);
        for (const line of parsed.lines) {
          const row = await repo.insertLine({
            itemKind: kind,
            itemId,
            position: position++,
            kind: line.kind,
            description: line.description,
            count: line.count,
            weightMilli: line.weightMilli,
            stone: line.stone,
            metal: line.metal,
            isIntake: true,
            createdBy: actor.id,
            createdAt: now,
          });
          await repo.insertEntries([
            {
              lineId: row.id,
              type: 'received',
              count: line.count,
              weightMilli: line.weightMilli,
              at: now,
              actorId: actor.id,
            },
          ]);
        }
        if (parsed.signature !== null) {
          await sign(repo, actor, kind, itemId, 'intake', parsed.signature, now);
        }
        return read(repo, kind, itemId);
      });
      announce(kind, itemId, now);
      return withPhases(answer);
    },

    /** A line issued to a bench, returned, used in the work or added to. */
    async move(
      actor: TMaterialsActor,
      lineId: string,
      input: TMaterialMovementInput,
    ): Promise<TJobMaterials> {
      const movement = ZMaterialMovementInputSchema.parse(input);
      if (!canMoveMaterials(actor, movement.type)) {
        throw forbidden('Stones and metal are issued and returned by the bench.');
      }
      const now = clock();
      const { answer, kind, itemId } = await materials.withTransaction(async (repo) => {
        const line = await repo.line(lineId);
        if (!line) throw new AppError('NOT_FOUND', 'Material not found.');
        const kind = line.itemKind as TJobKind;
        // The job's row is locked: two issues of the same stone wait for each other.
        await jobOf(repo, actor, kind, line.itemId, true);
        const balance = balanceOf(line, await repo.entriesOf([line.id]));
        const quantity = checkMovement(line, balance, {
          ...movement,
          holder: movement.holder.trim(),
        });
        await repo.insertEntries([
          {
            lineId,
            type: movement.type,
            count: quantity.count,
            weightMilli: quantity.weightMilli,
            holder: movement.holder.trim(),
            note: movement.note,
            at: now,
            actorId: actor.id,
          },
        ]);
        return { answer: await read(repo, kind, line.itemId), kind, itemId: line.itemId };
      });
      announce(kind, itemId, now);
      return withPhases(answer);
    },

    async sign(
      actor: TMaterialsActor,
      kind: TJobKind,
      itemId: string,
      purpose: TSignaturePurpose,
      signature: TSignatureInput,
    ): Promise<TJobMaterials> {
      if (!canRecordIntake(actor)) throw forbidden('The customer signs at the counter.');
      const now = clock();
      const answer = await materials.withTransaction(async (repo) => {
        await jobOf(repo, actor, kind, itemId);
        await sign(repo, actor, kind, itemId, purpose, signature, now);
        return read(repo, kind, itemId);
      });
      announce(kind, itemId, now);
      return withPhases(answer);
    },

    /**
     * The pickup check: each received line checked out (a shortfall explained), the customer's signature, then
     * the job delivered, all in one transaction: the checkout is written inside the jobs module's own status
     * change, which checks the materials once more before it delivers; a refused delivery writes nothing.
     */
    async pickup(
      actor: TMaterialsActor,
      kind: TJobKind,
      itemId: string,
      input: TPickupInput,
    ): Promise<TJobMaterials> {
      if (!canRecordIntake(actor) || !mayDeliver(actor, kind)) throw forbidden();
      const parsed = ZPickupInputSchema.parse(input);
      const now = clock();
      await options.deliver(actor, kind, itemId, async (tx) => {
        const repo = materials.within(tx);
        const job = await jobOf(repo, actor, kind, itemId, true);
        if (job.status !== PICKUP_FROM_STATUS) {
          throw new AppError('CONFLICT', `${job.number} is not ready for pickup.`);
        }
        const lines = await repo.lines(kind, itemId);
        const entries = await repo.entriesOf(lines.map((line) => line.id));
        const known = new Set(lines.map((line) => line.id));
        const stranger = parsed.lines.find((out) => !known.has(out.lineId));
        if (stranger) throw new AppError('NOT_FOUND', 'A material of another job.');
        const news: TNewMaterialEntry[] = [];
        for (const line of lines) {
          const balance = balanceOf(
            line,
            entries.filter((entry: TMaterialEntryRow) => entry.lineId === line.id),
          );
          const out = parsed.lines.find((candidate) => candidate.lineId === line.id);
          const { checkedOut, shortfall } = pickupEntries(line, balance, out);
          const base = { lineId: line.id, at: now, actorId: actor.id };
          if (checkedOut) news.push({ ...base, type: 'checked_out', ...checkedOut });
          if (shortfall)
            news.push({ ...base, type: 'shortfall', ...shortfall, note: out?.shortfallNote ?? '' });
        }
        await repo.insertEntries(news.map((entry) => ({ ...entry, id: crypto.randomUUID() })));
        await sign(repo, actor, kind, itemId, 'pickup', parsed.signature, now);
      });
      announce(kind, itemId, now);
      return withPhases(await read(materials, kind, itemId));
    },
  };
}

export type TMaterialsService = ReturnType<typeof createMaterialsService>;
