import { isAdmin } from '@loupe/domain/auth/permissions';
import type { TActor } from '@loupe/domain/auth/roles';
import { AppError } from '@loupe/domain/errors/errors';
import {
  EPCIS_MEDIA_TYPE,
  type TEpcisCaptureSettings,
  type TEpcisCaptureTestResult,
  type TEpcisJson,
  type ZEpcisCaptureSettingsInputSchema,
} from '@loupe/domain/integrations/epcis';
import { epcisDocument, epcisEventOf, type TEpcisUris } from '@loupe/domain/integrations/epcis-events';
import { webhookRetryDelayMs } from '@loupe/domain/integrations/webhooks';
import { isSameDestination } from '@loupe/domain/validation/provider-secret';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { openForDestination, sealForDestination, secretRequired } from '../../lib/bound-secret.ts';
import type { TClock } from '../../lib/clock.ts';
import { outboundOutcome, type TOutboundOutcome } from '../../lib/outbound-outcome.ts';
import { assertOutboundUrl, type TOutboundGuard } from '../../lib/outbound-url.ts';
import type { TSecretBox } from '../../lib/secret-box.ts';
import { forbidden } from '../../lib/service-errors.ts';
import type { TEventBus } from '../../realtime/event-bus.ts';
import type { TEpcisCaptureRepository, TStoredEpcisCapture } from './capture-repository.ts';
import type { TEpcisRepository } from './repository.ts';

export type TEpcisCaptureOptions = {
  readonly epcis: TEpcisRepository;
  readonly store: TEpcisCaptureRepository;
  readonly uris: TEpcisUris;
  readonly box: TSecretBox;
  readonly clock: TClock;
  readonly events: TEventBus;
  readonly outbound: Pick<TOutboundGuard, 'fetch'>;
  /** WEBHOOK_TIMEOUT_SECONDS, in ms: a repository without an answer by then has failed this attempt. */
  readonly timeoutMs: number;
  readonly logger: FastifyBaseLogger;
};

/** History rows of each source per capture document. */
const BATCH = 200;
const LEASE_MARGIN_MS = 60_000;

/**
 * Capture to an external EPCIS repository (issue 41, EPCIS 2.0 REST binding `POST /capture`): after each
 * committed change, the events of the history rows written since the last capture go out as one EPCISDocument.
 * The history is the outbox: the capture keeps only a watermark (the last arrival and change the repository
 * accepted), so nothing is copied and a restart resumes where it stopped. A failure is retried with the webhooks'
 * backoff (10 s doubling, at most 4 h) and never given up: the events stay in the history until accepted.
 */
export function createEpcisCapture(options: TEpcisCaptureOptions) {
  const { epcis, store, uris, box, clock, logger } = options;
  const pending = new Set<Promise<unknown>>();

  function assertAdmin(actor: TActor): void {
    if (!isAdmin(actor)) throw forbidden('Only admins connect an EPCIS repository.');
  }

  async function view(stored: TStoredEpcisCapture): Promise<TEpcisCaptureSettings> {
    return {
      url: stored.url,
      enabled: stored.enabled,
      hasAuthorization: stored.authorizationSealed !== null,
      allowPrivateNetwork: stored.allowPrivateNetwork,
      lastCaptureAt: stored.lastCaptureAt,
      lastError: stored.lastError,
      pending: stored.enabled ? await epcis.countAfter(stored) : 0,
    };
  }

  /** POSTs a document to `<url>/capture`; any 2xx is accepted (the binding answers 202). */
  async function send(stored: TStoredEpcisCapture, document: TEpcisJson): Promise<TOutboundOutcome> {
    const headers: Record<string, string> = {
      'content-type': EPCIS_MEDIA_TYPE,
      'gs1-epcis-version': '2.0.0',
      'gs1-cbv-version': '2.0.0',
      'user-agent': 'Loupe-EPCIS/1',
    };
    if (stored.authorizationSealed !== null) {
      const authorization = openForDestination(box, stored.authorizationSealed, stored.url);
      if (authorization === null) {
        return { statusCode: null, error: 'The Authorization value cannot be opened: enter it again.' };
      }
      headers.authorization = authorization;
    }
    return outboundOutcome(
      () =>
        options.outbound.fetch(
          `${stored.url.replace(/\/+$/, '')}/capture`,
          {
            method: 'POST',
            headers,
            body: JSON.stringify(document),
            signal: AbortSignal.timeout(options.timeoutMs),
          },
          { allowPrivateNetwork: stored.allowPrivateNetwork },
        ),
      { timeoutMs: options.timeoutMs, receiver: 'repository' },
    );
  }

  /** One batch: the events after the watermark sent, and the watermark moved once they are accepted. */
  async function captureOnce(stored: TStoredEpcisCapture): Promise<{ sent: number; more: boolean }> {
    const [moves, changes] = await Promise.all([
      epcis.rows({ source: 'move', afterId: stored.moveId, limit: BATCH }),
      epcis.rows({ source: 'change', afterId: stored.changeId, limit: BATCH }),
    ]);
    const rows = [...moves, ...changes];
    const mark = {
      moveId: moves.at(-1)?.id ?? stored.moveId,
      changeId: changes.at(-1)?.id ?? stored.changeId,
    };
    const more = moves.length === BATCH || changes.length === BATCH;
    const events = rows
      .sort((a, b) => a.at.getTime() - b.at.getTime())
      .flatMap((row) => {
        const event = epcisEventOf(row, uris);
        return event === null ? [] : [event];
      });
    const now = clock();
    if (events.length > 0) {
      const outcome = await send(stored, epcisDocument({ events, uris, createdAt: now }));
      if (outcome.error !== null) {
        const attempts = stored.attempts + 1;
        logger.warn({ attempts, statusCode: outcome.statusCode }, 'epcis: a capture attempt failed');
        await store.merge(
          {
            attempts,
            nextAttemptAt: new Date(clock().getTime() + webhookRetryDelayMs(attempts)).toISOString(),
            lastError: outcome.error,
            leaseUntil: null,
          },
          null,
        );
        return { sent: 0, more: false };
      }
    }
    await store.merge(
      {
        ...mark,
        attempts: 0,
        nextAttemptAt: null,
        leaseUntil: null,
        ...(events.length > 0 ? { lastCaptureAt: clock().toISOString(), lastError: null } : {}),
      },
      null,
    );
    return { sent: events.length, more };
  }

  /** One sweep (the background job, and after each announced change): what is due, batch after batch. */
  async function captureDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      const now = clock();
      const claimed = await store.claim(now, new Date(now.getTime() + options.timeoutMs + LEASE_MARGIN_MS));
      if (claimed === null) return sent;
      const result = await captureOnce(claimed).catch(async (error: unknown) => {
        logger.error({ err: (error as Error).message }, 'epcis: capture crashed');
        await store.merge({ leaseUntil: null }, null);
        return { sent: 0, more: false };
      });
      sent += result.sent;
      if (!result.more) return sent;
    }
  }

  return {
    captureDue,

    /**
     * Starts a sweep after each change the services announce (after their commits), off the caller; a change
     * announced during a sweep runs one more, so none waits for the background job.
     */
    follow(): () => void {
      let again = false;
      return options.events.subscribe(() => {
        if (pending.size > 0) {
          again = true;
          return;
        }
        const work = (async () => {
          do {
            again = false;
            await captureDue();
          } while (again);
        })().catch((error: unknown) => {
          logger.error({ err: (error as Error).message }, 'epcis: capture sweep failed');
        });
        pending.add(work);
        void work.finally(() => pending.delete(work));
      });
    },

    /** Resolves when the sweeps started so far are done (tests, shutdown). */
    async idle(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending]);
    },

    async settings(actor: TActor): Promise<TEpcisCaptureSettings> {
      assertAdmin(actor);
      return view(await store.read());
    },

    /**
     * Saves the repository. Turning capture on starts from now (the history before is exported, not pushed); a
     * new address needs its Authorization again when one is stored (it was sealed for the old one).
     */
    async save(
      actor: TActor & { readonly id: string },
      input: z.output<typeof ZEpcisCaptureSettingsInputSchema>,
    ): Promise<TEpcisCaptureSettings> {
      assertAdmin(actor);
      assertOutboundUrl(input.url, { allowPrivateNetwork: input.allowPrivateNetwork }, 'body.url');
      const current = await store.read();
      const moved = current.url !== '' && !isSameDestination(current.url, input.url);
      if (moved && input.authorization === undefined && current.authorizationSealed !== null) {
        throw secretRequired('body.authorization');
      }
      const authorizationSealed =
        input.authorization === undefined
          ? current.authorizationSealed
          : input.authorization === null
            ? null
            : sealForDestination(box, input.url, input.authorization);
      const turnedOn = input.enabled && !current.enabled;
      const saved = await store.merge(
        {
          url: input.url,
          enabled: input.enabled,
          allowPrivateNetwork: input.allowPrivateNetwork,
          authorizationSealed,
          ...(turnedOn
            ? { ...(await epcis.highWater()), attempts: 0, nextAttemptAt: null, lastError: null }
            : {}),
        },
        actor.id,
      );
      return view(saved);
    },

    /** "Send a test event": one event to the saved repository now, and its answer. */
    async sendTest(actor: TActor): Promise<TEpcisCaptureTestResult> {
      assertAdmin(actor);
      const stored = await store.read();
      if (stored.url === '') {
        throw new AppError('EPCIS_CAPTURE_NOT_CONFIGURED', 'Save the EPCIS repository’s address first.');
      }
      const now = clock();
      const event: TEpcisJson = {
        type: 'ObjectEvent',
        eventID: `${uris.vocabulary.replace(/vocabulary#$/, '')}events/test-${now.getTime()}`,
        eventTime: now.toISOString(),
        eventTimeZoneOffset: '+00:00',
        epcList: ['urn:epc:raw:96.x000000000000000000000000'],
        action: 'OBSERVE',
        bizStep: 'other',
        disposition: 'unknown',
        'loupe:test': true,
      };
      const started = performance.now();
      const outcome = await send(stored, epcisDocument({ events: [event], uris, createdAt: now }));
      return {
        ok: outcome.error === null,
        statusCode: outcome.statusCode,
        error: outcome.error,
        durationMs: Math.max(0, Math.round(performance.now() - started)),
      };
    },
  };
}

export type TEpcisCapture = ReturnType<typeof createEpcisCapture>;
