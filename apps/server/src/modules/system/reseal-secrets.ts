import { sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { TSecretBox } from '../../lib/secret-box.ts';

/**
 * Every place a value sealed with the secret box is stored (decisions 007 and 015): columns holding one
 * sealed value each, and the settings documents, whose sealed values (the SMS auth token, the AI provider's
 * key) sit at any depth of their JSON. A new sealed column must be listed here, or rotating SECRET_KEY
 * loses it; reseal-secrets.test.ts seals one of each and checks they all open under the new key.
 */
const SEALED_COLUMNS = [
  { table: 'tracking_links', key: 'id', column: 'token_sealed' },
  { table: 'user_mfa', key: 'user_id', column: 'totp_secret' },
  { table: 'user_mfa', key: 'user_id', column: 'totp_pending_secret' },
  { table: 'webhook_subscriptions', key: 'id', column: 'secret_sealed' },
] as const;

export type TResealResult = { readonly resealed: number; readonly alreadyNew: number };

/** Some values open under neither key: nothing was changed. */
export class ResealError extends Error {
  readonly code = 'RESEAL_UNOPENABLE';
  override readonly name = 'ResealError';
}

type TOutcome = { value: string; changed: boolean } | { failed: true };

/**
 * Re-seals every stored secret from the old key to the new one, in one transaction: a value that opens under
 * the old key is sealed again under the new one; one that already opens under the new key (a second run) is
 * left; if any opens under neither, nothing changes (ResealError, RESEAL_UNOPENABLE). Run it with every
 * Loupe instance stopped, then start them with the new key.
 */
export async function resealSecrets(options: {
  readonly db: TDatabase;
  readonly from: TSecretBox;
  readonly to: TSecretBox;
}): Promise<TResealResult> {
  const { from, to } = options;
  let resealed = 0;
  let alreadyNew = 0;
  const unopenable: string[] = [];
  const reseal = (sealed: string, where: string): TOutcome => {
    try {
      const plain = from.open(sealed);
      resealed += 1;
      return { value: to.seal(plain), changed: true };
    } catch {
      try {
        to.open(sealed);
        alreadyNew += 1;
        return { value: sealed, changed: false };
      } catch {
        unopenable.push(where);
        return { failed: true };
      }
    }
  };

  await inTransaction(options.db, async (tx) => {
    for (const { table, key, column } of SEALED_COLUMNS) {
      const found = (await tx.execute(
        sql.raw(
          `SELECT ${key}::text AS key, ${column} AS sealed FROM ${table} WHERE ${column} IS NOT NULL FOR UPDATE`,
        ),
      )) as unknown as { rows: { key: string; sealed: string }[] };
      for (const row of found.rows) {
        const outcome = reseal(row.sealed, `${table}.${column} of ${row.key}`);
        if ('value' in outcome && outcome.changed) {
          await tx.execute(
            sql`UPDATE ${sql.identifier(table)} SET ${sql.identifier(column)} = ${outcome.value} WHERE ${sql.identifier(key)}::text = ${row.key}`,
          );
        }
      }
    }
    const settings = (await tx.execute(
      sql`SELECT key, value::text AS value FROM settings FOR UPDATE`,
    )) as unknown as { rows: { key: string; value: string }[] };
    for (const row of settings.rows) {
      let changed = false;
      const walk = (value: unknown, where: string): unknown => {
        if (typeof value === 'string' && isSealedLooking(value)) {
          const outcome = reseal(value, where);
          if (!('value' in outcome)) return value;
          changed ||= outcome.changed;
          return outcome.value;
        }
        if (Array.isArray(value)) return value.map((item, index) => walk(item, `${where}[${index}]`));
        if (value && typeof value === 'object') {
          return Object.fromEntries(
            Object.entries(value).map(([name, item]) => [name, walk(item, `${where}.${name}`)]),
          );
        }
        return value;
      };
      const next = walk(JSON.parse(row.value), `settings ${row.key}`);
      if (changed) {
        await tx.execute(
          sql`UPDATE settings SET value = ${JSON.stringify(next)}::jsonb WHERE key = ${row.key}`,
        );
      }
    }
    if (unopenable.length > 0) {
      throw new ResealError(
        `${unopenable.length} sealed value(s) open under neither the old nor the new key (${unopenable
          .slice(0, 5)
          .join(', ')}): is the old key right? Nothing was changed.`,
      );
    }
  });
  return { resealed, alreadyNew };
}

/** secret-box.ts's format: v1.<iv>.<tag>.<body>, base64url parts. */
function isSealedLooking(value: string): boolean {
  return /^v1\.[\w-]{16}\.[\w-]{22}\.[\w-]*$/.test(value);
}
