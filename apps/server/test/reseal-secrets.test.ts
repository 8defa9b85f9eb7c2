import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { trackingLinks } from '../src/db/schema/public-links.ts';
import { settings } from '../src/db/schema/system.ts';
import { userMfa } from '../src/db/schema/users.ts';
import { webhookSubscriptions } from '../src/db/schema/webhooks.ts';
import { createSecretBox } from '../src/lib/secret-box.ts';
import { ResealError, resealSecrets } from '../src/modules/system/reseal-secrets.ts';
import { TEST_DATABASES } from './support/databases.ts';
import { createTestApp, type TTestApp } from './support/test-app.ts';
import { createTrackingFixtures } from './support/tracking-fixtures.ts';

/**
 * Issue 42 §4: SECRET_KEY can be rotated without losing what it sealed. `npm run reseal` opens every sealed
 * value (tracking links, TOTP seeds, the secrets inside settings) with the old key and seals it with the new;
 * a value that opens under neither key stops it before anything changes.
 */

const OLD_KEY = 'the-old-secret-key-of-this-workshop-0001';
const NEW_KEY = 'the-new-secret-key-of-this-workshop-0002';
const oldBox = createSecretBox(() => OLD_KEY);
const newBox = createSecretBox(() => NEW_KEY);
const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

describe.each(TEST_DATABASES)('resealSecrets on %s', (kind) => {
  let t: TTestApp;
  let userId = '';

  beforeAll(async () => {
    t = await createTestApp({ database: kind, env: { SECRET_KEY: OLD_KEY } });
    const db = t.database.db;
    const user = await t.createUser({ role: 'admin' });
    userId = user.id;
    const order = await createTrackingFixtures(db).order();
    await db.insert(trackingLinks).values({
      itemKind: 'order',
      itemId: order.id,
      tokenHash: 'hash-of-the-link',
      tokenSealed: oldBox.seal('the-link-token'),
    });
    await db.insert(userMfa).values({ userId, totpSecret: oldBox.seal('JBSWY3DPEHPK3PXP') });
    await db.insert(webhookSubscriptions).values({
      url: 'https://erp.example/hooks',
      eventTypes: ['order.created'],
      secretSealed: oldBox.seal('whsec_the-webhook-secret'),
    });
    await db.insert(settings).values({
      key: 'reseal-test',
      value: {
        sms: { authTokenSealed: oldBox.seal('sms-token'), baseUrl: 'https://sms.example' },
        list: [oldBox.seal('in-a-list')],
      },
    });
  });
  afterAll(() => t?.close());

  it('refuses when a value opens under neither key, and changes nothing', async () => {
    const stranger = createSecretBox(() => 'a-key-nobody-here-has-ever-used-000');
    const refusal = await resealSecrets({ db: t.database.db, from: stranger, to: newBox }).catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(ResealError);
    expect((refusal as ResealError).code).toBe('RESEAL_UNOPENABLE');
    const [link] = await t.database.db.select().from(trackingLinks);
    expect(oldBox.open(link?.tokenSealed ?? '')).toBe('the-link-token');
  });

  it('seals every secret under the new key, and a second run finds nothing left to do', async () => {
    const result = await resealSecrets({ db: t.database.db, from: oldBox, to: newBox });
    expect(result).toEqual({ resealed: 5, alreadyNew: 0 });
    const [link] = await t.database.db.select().from(trackingLinks);
    expect(newBox.open(link?.tokenSealed ?? '')).toBe('the-link-token');
    const [mfa] = await t.database.db.select().from(userMfa).where(eq(userMfa.userId, userId));
    expect(newBox.open(mfa?.totpSecret ?? '')).toBe('JBSWY3DPEHPK3PXP');
    const [webhook] = await t.database.db.select().from(webhookSubscriptions);
    expect(newBox.open(webhook?.secretSealed ?? '')).toBe('whsec_the-webhook-secret');
    const [row] = await t.database.db.select().from(settings).where(eq(settings.key, 'reseal-test'));
    const value = row?.value as { sms: { authTokenSealed: string; baseUrl: string }; list: string[] };
    expect(newBox.open(value.sms.authTokenSealed)).toBe('sms-token');
    expect(newBox.open(value.list[0] ?? '')).toBe('in-a-list');
    expect(value.sms.baseUrl).toBe('https://sms.example');
    expect(() => oldBox.open(value.sms.authTokenSealed)).toThrow();

    expect(await resealSecrets({ db: t.database.db, from: oldBox, to: newBox })).toEqual({
      resealed: 0,
      alreadyNew: 5,
    });
  });
});

describe('npm run reseal', () => {
  let dataDir = '';
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'loupe-reseal-'));
    const database = await openDatabase({ kind: 'pglite', dataDir });
    await database.db.execute(
      sql`INSERT INTO settings (key, value) VALUES ('reseal-cli', ${JSON.stringify({ token: oldBox.seal('kept') })}::jsonb)`,
    );
    await database.close();
    await writeFile(path.join(dataDir, 'old.key'), `${OLD_KEY}\n`);
  }, 60_000);
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  const run = (args: string[]) => {
    // Only what the test gives: no DATABASE_URL or SECRET_KEY of the shell leaks in.
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !Object.hasOwn(CONFIG_VARIABLES, name)),
    );
    return promisify(execFile)('npx', ['tsx', 'scripts/reseal.ts', ...args], {
      cwd: SERVER_DIR,
      env: { ...env, DATA_DIR: dataDir, SECRET_KEY: NEW_KEY },
    });
  };

  it('re-seals a stopped installation’s secrets under the new SECRET_KEY', async () => {
    const { stdout } = await run([path.join(dataDir, 'old.key')]);
    expect(stdout).toMatch(/re-sealed 1 secret/);
    const database = await openDatabase({ kind: 'pglite', dataDir, migrate: false });
    try {
      const { rows } = (await database.db.execute(
        sql`SELECT value->>'token' AS token FROM settings WHERE key = 'reseal-cli'`,
      )) as unknown as { rows: { token: string }[] };
      expect(newBox.open(rows[0]?.token ?? '')).toBe('kept');
    } finally {
      await database.close();
    }
  }, 60_000);

  it('refuses without the old key’s file, with its usage', async () => {
    const failure = await run([]).catch((error: { code: number; stderr: string }) => error);
    expect(failure).toMatchObject({ code: 2 });
    expect((failure as { stderr: string }).stderr).toMatch(/usage: npm run reseal/);
  }, 60_000);
});
