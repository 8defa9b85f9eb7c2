import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isNightlyBackupDue, nightlyBackupTick } from '../src/modules/backups/nightly-backup.ts';
import { createTestApp, type TTestApp, type TTestClient } from './support/test-app.ts';
import { createTestClock } from './support/test-clock.ts';

/**
 * Issue 42 §1: Settings › general › nightly backup makes one backup a night at BACKUP_HOUR in the workshop's
 * time zone and keeps the newest N; 0 turns it off.
 */

const at = (iso: string) => new Date(iso);

describe('isNightlyBackupDue', () => {
  const base = { timeZone: 'Europe/Paris', backupHour: 2, keep: 7 } as const;
  it.each([
    ['due at 02:10 Paris with none yet', { now: at('2026-11-28T01:10:00Z'), newestAt: null }, true],
    ['not at 01:10 Paris', { now: at('2026-11-28T00:10:00Z'), newestAt: null }, false],
    [
      'not twice in one night',
      { now: at('2026-11-28T01:50:00Z'), newestAt: at('2026-11-28T01:10:00Z') },
      false,
    ],
    ['due the next night', { now: at('2026-11-29T01:05:00Z'), newestAt: at('2026-11-28T01:10:00Z') }, true],
    ['never when keep is 0', { now: at('2026-11-28T01:10:00Z'), newestAt: null, keep: 0 }, false],
  ] as const)('%s', (_name, input, expected) => {
    expect(isNightlyBackupDue({ ...base, ...input })).toBe(expected);
  });
});

describe('the nightly backup', () => {
  let t: TTestApp;
  let admin: TTestClient;
  let scratch = '';
  const clock = createTestClock(at('2026-11-28T12:00:00Z'));

  beforeAll(async () => {
    scratch = await mkdtemp(path.join(tmpdir(), 'loupe-nightly-'));
    t = await createTestApp({
      clock,
      env: {
        DATA_DIR: path.join(scratch, 'data'),
        BACKUP_DIR: path.join(scratch, 'backups'),
        BACKUP_HOUR: '3',
      },
    });
    ({ client: admin } = await t.clientAs('admin'));
  });
  afterAll(async () => {
    await t?.close();
    await rm(scratch, { recursive: true, force: true });
  });

  const tick = () =>
    nightlyBackupTick({
      backups: t.app.loupe.backups,
      generalSettings: t.app.loupe.generalSettings,
      timeZone: async () => 'UTC',
      backupHour: t.config.BACKUP_HOUR,
      clock,
    })();

  it('is kept in Settings › general, off until set', async () => {
    expect((await admin.request('GET', '/api/v1/settings/general')).json().data).not.toHaveProperty(
      'nightlyBackupKeep',
    );
    const saved = await admin.request('PUT', '/api/v1/settings/general', { body: { nightlyBackupKeep: 2 } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ nightlyBackupKeep: 2 });
    const refused = await admin.request('PUT', '/api/v1/settings/general', {
      body: { nightlyBackupKeep: -1 },
    });
    expect(refused.statusCode).toBe(400);
  });

  it('backs up once a night at BACKUP_HOUR and keeps the newest N', async () => {
    expect(await tick()).toBeNull(); // 12:00, not the hour
    const made: string[] = [];
    for (const day of ['2026-11-29', '2026-11-30', '2026-12-01']) {
      clock.set(at(`${day}T03:01:00Z`));
      const name = await tick();
      expect(name).not.toBeNull();
      made.push(name ?? '');
      clock.set(at(`${day}T03:30:00Z`));
      expect(await tick()).toBeNull(); // once a night
    }
    const { backups } = await t.app.loupe.backups.list();
    expect(backups.map((backup) => backup.name)).toEqual(made.slice(1).reverse());
  }, 120_000);

  it('stops when set to 0', async () => {
    clock.set(at('2026-12-05T12:00:00Z'));
    ({ client: admin } = await t.clientAs('admin'));
    await admin.request('PUT', '/api/v1/settings/general', { body: { nightlyBackupKeep: 0 } });
    expect((await admin.request('GET', '/api/v1/settings/general')).json().data).not.toHaveProperty(
      'nightlyBackupKeep',
    );
    clock.set(at('2026-12-05T03:01:00Z'));
    expect(await tick()).toBeNull();
  });
});
