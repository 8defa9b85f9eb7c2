import { canManageTrackingLink, canViewRepairs } from '@loupe/domain/auth/permissions';
import type { TActor } from '@loupe/domain/auth/roles';
import { AppError } from '@loupe/domain/errors/errors';
import { type TOrderStatus, ZOrderStatusSchema } from '@loupe/domain/orders/order';
import {
  PUBLIC_STAGE_DESCRIPTIONS,
  PUBLIC_STAGE_LABELS,
  publicStageOf,
  type TPublicJobKind,
  type TPublicStage,
  type TPublicTracking,
  TRACKING_TOKEN_PATTERN,
  type TShopContact,
  type TTrackingLink,
  trackingPath,
} from '@loupe/domain/public-tracking/public-tracking';
import { type TRepairStatus, ZRepairStatusSchema } from '@loupe/domain/repairs/repair';
import type { TWorkshopGeneralSettings } from '@loupe/domain/settings/workshop-general-settings';
import type { TDatabase } from '../../db/client.ts';
import type { TTransactional } from '../../db/transaction.ts';
import type { TClock } from '../../lib/clock.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import type { TSecretBox } from '../../lib/secret-box.ts';
import { forbidden, isUniqueViolation } from '../../lib/service-errors.ts';
import type { TAuditRepository } from '../audit/repository.ts';
import type { TRequestContext } from '../auth/service.ts';
import type { TJobFacts, TPublicLinksRepository } from './repository.ts';

/** 24 random bytes: 192 bits, 32 URL-safe characters. */
const TOKEN_BYTES = 24;

export type TPublicLinksActor = TActor & { readonly id: string };

export type TPublicLinksServiceOptions = {
  readonly links: TPublicLinksRepository;
  readonly clock: TClock;
  readonly box: TSecretBox;
  readonly audit: TAuditRepository;
  readonly publicUrl: string;
  readonly generalSettings: () => Promise<TWorkshopGeneralSettings>;
  readonly companyName: () => Promise<string>;
};

const jobNotFound = (kind: TPublicJobKind) => new AppError('NOT_FOUND', `This ${kind} does not exist.`);
/** One answer for a token never issued, revoked, or whose job is gone: nothing to tell them apart. */
const linkNotFound = () =>
  new AppError('TRACKING_LINK_NOT_FOUND', 'This tracking link does not exist or is no longer valid.');

/** The stage a customer sees for a job. */
export function stageOfJob(job: TJobFacts): TPublicStage {
  return job.kind === 'order'
    ? publicStageOf({
        kind: 'order',
        status: ZOrderStatusSchema.catch('new' as TOrderStatus).parse(job.status),
        isWithSpecialist: job.isWithSpecialist,
      })
    : publicStageOf({
        kind: 'repair',
        status: ZRepairStatusSchema.catch('received' as TRepairStatus).parse(job.status),
        isWithSpecialist: job.isWithSpecialist,
      });
}

/**
 * Public tracking links (issue 15 §6): staff who may see a job issue, show and revoke its link; anyone holding
 * a live link reads the job's public view. Links are capabilities: looked up by hash, kept sealed.
 */
export function createPublicLinksService(options: TPublicLinksServiceOptions) {
  const { links: repository, clock, box, audit } = options;

  function assertMayView(actor: TActor, kind: TPublicJobKind): void {
    if (kind === 'repair' && !canViewRepairs(actor)) throw forbidden();
  }

  /** Issuing and revoking a customer's link is for whoever edits the job (issue 34 §5). */
  function assertMayManage(actor: TActor, kind: TPublicJobKind): void {
    if (!canManageTrackingLink(actor, kind)) throw forbidden();
  }

  async function jobOf(kind: TPublicJobKind, id: string): Promise<TJobFacts> {
    const job = await repository.findJob(kind, id);
    if (!job) throw jobNotFound(kind);
    return job;
  }

  function linkOf(row: { tokenSealed: string; createdAt: Date }): TTrackingLink {
    const token = box.open(row.tokenSealed);
    return {
      token,
      url: `${options.publicUrl}${trackingPath(token)}`,
      createdAt: row.createdAt.toISOString(),
    };
  }

  async function shopContact(): Promise<TShopContact> {
    const [general, name] = await Promise.all([options.generalSettings(), options.companyName()]);
    return {
      name,
      phone: general.shopPhone ?? null,
      email: general.shopEmail ?? null,
      addressLines: general.shopAddressLines ?? [],
    };
  }

  async function issue(
    actor: TPublicLinksActor,
    kind: TPublicJobKind,
    id: string,
    context: TRequestContext,
  ): Promise<TTrackingLink> {
    const token = randomToken(TOKEN_BYTES);
    const at = clock();
    const row = await repository.insert({
      itemKind: kind,
      itemId: id,
      tokenHash: sha256(token),
      tokenSealed: box.seal(token),
      createdAt: at,
      createdBy: actor.id,
    });
    await audit.record({
      action: 'tracking_link.created',
      at,
      actorId: actor.id,
      subject: `${kind}:${id}`,
      ...context,
      details: { kind, itemId: id },
    });
    return linkOf(row);
  }

  return {
    shopContact,

    /** The job's live link, or null (GET: showing never issues one). */
    async get(actor: TPublicLinksActor, kind: TPublicJobKind, id: string): Promise<TTrackingLink | null> {
      assertMayView(actor, kind);
      await jobOf(kind, id);
      const row = await repository.liveLink(kind, id);
      return row ? linkOf(row) : null;
    },

    /** The job's live link, issued when it has none; asking twice gives the same link. */
    async ensure(
      actor: TPublicLinksActor,
      kind: TPublicJobKind,
      id: string,
      context: TRequestContext,
    ): Promise<TTrackingLink> {
      assertMayManage(actor, kind);
      await jobOf(kind, id);
      const existing = await repository.liveLink(kind, id);
      if (existing) return linkOf(existing);
      try {
        return await issue(actor, kind, id, context);
      } catch (error) {
        // Two people pressed the button at once: the other one's link is the job's.
        if (!isUniqueViolation(error)) throw error;
        const row = await repository.liveLink(kind, id);
        if (!row) throw error;
        return linkOf(row);
      }
    },

    /** The job's live link, or null: never issues one (a message's preview). */
    async liveLinkUrl(kind: TPublicJobKind, id: string): Promise<string | null> {
      const row = await repository.liveLink(kind, id);
      return row ? linkOf(row).url : null;
    },

    /** For customer messages: the job's live link, issued by the system when it has none. */
    async linkForMessage(kind: TPublicJobKind, id: string, actorId: string | null): Promise<string> {
      const existing = await repository.liveLink(kind, id);
      if (existing) return linkOf(existing).url;
      const token = randomToken(TOKEN_BYTES);
      try {
        await repository.insert({
          itemKind: kind,
          itemId: id,
          tokenHash: sha256(token),
          tokenSealed: box.seal(token),
          createdAt: clock(),
          createdBy: actorId,
        });
        return `${options.publicUrl}${trackingPath(token)}`;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const row = await repository.liveLink(kind, id);
        if (!row) throw error;
        return linkOf(row).url;
      }
    },

    /** Revokes the live link (the page answers 404 from now on); a new one may be issued after. */
    async revoke(
      actor: TPublicLinksActor,
      kind: TPublicJobKind,
      id: string,
      context: TRequestContext,
    ): Promise<void> {
      assertMayManage(actor, kind);
      await jobOf(kind, id);
      const at = clock();
      if (!(await repository.revoke(kind, id, at, actor.id))) return;
      await audit.record({
        action: 'tracking_link.revoked',
        at,
        actorId: actor.id,
        subject: `${kind}:${id}`,
        ...context,
        details: { kind, itemId: id },
      });
    },

    /** The public view of a live link's job: exactly the fields of ZPublicTrackingSchema. */
    async view(token: string): Promise<TPublicTracking> {
      if (!TRACKING_TOKEN_PATTERN.test(token)) throw linkNotFound();
      const row = await repository.liveLinkByHash(sha256(token));
      // A design approval's token (createCapabilityLinks) shares the table and never opens a tracking page.
      if (row?.itemKind !== 'order' && row?.itemKind !== 'repair') throw linkNotFound();
      const job = await repository.findJob(row.itemKind, row.itemId);
      if (!job) throw linkNotFound();
      const stage = stageOfJob(job);
      return {
        kind: job.kind,
        number: job.number,
        stage,
        stageLabel: PUBLIC_STAGE_LABELS[stage],
        stageDescription: PUBLIC_STAGE_DESCRIPTIONS[stage],
        promisedDate: job.promisedDate,
        shop: await shopContact(),
      };
    },

    findJob: (kind: TPublicJobKind, id: string) => repository.findJob(kind, id),
  };
}

export type TPublicLinksService = ReturnType<typeof createPublicLinksService>;

/** Public links that are not tracking pages, kept the same way (docs/decisions/010). */
export type TCapabilityKind = 'design-revision';

/**
 * Links of another kind on the same table and seal as tracking links: 192 random bits, looked up by hash,
 * sealed so staff can copy the link again, one live per item, revocable. A call that changes the caller's
 * data too takes the caller's transaction.
 */
export function createCapabilityLinks(options: {
  readonly links: TTransactional<TPublicLinksRepository>;
  readonly box: TSecretBox;
  readonly publicUrl: string;
  readonly kind: TCapabilityKind;
  readonly pathOf: (token: string) => string;
}) {
  const { box, kind } = options;
  const on = (tx: TDatabase | undefined) => (tx ? options.links.within(tx) : options.links);
  const urlOf = (token: string) => `${options.publicUrl}${options.pathOf(token)}`;
  return {
    /** The item's live link, issued when it has none. */
    async ensure(itemId: string, actorId: string | null, at: Date, tx?: TDatabase) {
      const repository = on(tx);
      const existing = await repository.liveLink(kind, itemId);
      if (existing) {
        const token = box.open(existing.tokenSealed);
        return { token, url: urlOf(token) };
      }
      const token = randomToken(TOKEN_BYTES);
      await repository.insert({
        itemKind: kind,
        itemId,
        tokenHash: sha256(token),
        tokenSealed: box.seal(token),
        createdAt: at,
        createdBy: actorId,
      });
      return { token, url: urlOf(token) };
    },

    /** The live link's address, or null. */
    async liveUrl(itemId: string, tx?: TDatabase): Promise<string | null> {
      const row = await on(tx).liveLink(kind, itemId);
      return row ? urlOf(box.open(row.tokenSealed)) : null;
    },

    /**
     * The item a token of this kind was issued for, live or revoked, or null (never issued, another kind's): for
     * a page that tells an expired link from one that never was.
     */
    async lookup(token: string, tx?: TDatabase): Promise<{ itemId: string; isRevoked: boolean } | null> {
      if (!TRACKING_TOKEN_PATTERN.test(token)) return null;
      const row = await on(tx).linkByHash(sha256(token));
      return row?.itemKind === kind ? { itemId: row.itemId, isRevoked: row.revokedAt !== null } : null;
    },

    /** Revokes the item's live link; answers whether there was one. */
    revoke: (itemId: string, actorId: string | null, at: Date, tx?: TDatabase) =>
      on(tx).revoke(kind, itemId, at, actorId),
  };
}

export type TCapabilityLinks = ReturnType<typeof createCapabilityLinks>;
