import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  BACKUP_STEPS,
  type TBackupProgress,
  ZBackupProgressSchema,
  ZBackupsOverviewSchema,
} from '@loupe/domain/settings/backups';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listBackups } from '../src/modules/backups/list-backups.ts';
import { createTestApp, type TTestApp, type TTestClient } from './support/test-app.ts';

/**
 * Issue 42 §1: Settings › general lists the server's backups with size, time and checksum, starts one
 * ("Back up now") and shows how far a running backup has come, whoever started it.
 */
describe('backups in Settings › general', () => {
  let t: TTestApp;
  let admin: TTestClient;
  let scratch = '';
  let backupDir = '';
  const UPLOADS = 5;

  beforeAll(async () => {
    scratch = await mkdtemp(path.join(tmpdir(), 'loupe-backup-progress-'));
    const dataDir = path.join(scratch, 'data');
    backupDir = path.join(scratch, 'backups');
    t = await createTestApp({ env: { DATA_DIR: dataDir, BACKUP_DIR: backupDir } });
    ({ client: admin } = await t.clientAs('admin'));
    // Uploaded files for the files step to count.
    await mkdir(path.join(dataDir, 'uploads'), { recursive: true });
    for (let index = 0; index < UPLOADS; index += 1) {
      await writeFile(path.join(dataDir, 'uploads', `upload-${index}.bin`), Buffer.alloc(4096, index));
    }
  });
  afterAll(async () => {
    await t?.close();
    await rm(scratch, { recursive: true, force: true });
  });

  it('reports each step of a running backup in order, with files and bytes counted', async () => {
    const seen: TBackupProgress[] = [];
    await t.app.loupe.backups.backupNow({
      trigger: 'nightly',
      // Each line the backup writes, the progress the page would read at that moment.
      onProgress: () => {
        const running = t.app.loupe.backups.running();
        if (running) seen.push(running);
      },
    });
    const steps = [...new Set(seen.map((progress) => progress.step))];
    expect(steps).toEqual([...BACKUP_STEPS]);
    expect(seen.every((progress) => progress.trigger === 'nightly')).toBe(true);
    const lastFiles = seen.filter((progress) => progress.step === 'files').at(-1);
    expect(lastFiles).toMatchObject({ filesDone: UPLOADS, filesTotal: UPLOADS });
    const bytes = seen.map((progress) => progress.bytesDone);
    expect(bytes).toEqual([...bytes].sort((a, b) => a - b));
    expect(bytes.at(-1)).toBeGreaterThan(UPLOADS * 4096);
    expect((await t.app.loupe.backups.overview()).running).toBeNull();
  }, 60_000);

  it('starts a backup from the page, refuses a second meanwhile, and lists it with size, time and checksum', async () => {
    const started = await admin.request('POST', '/api/v1/settings/backups');
    expect(started.statusCode, started.body).toBe(202);
    expect(ZBackupProgressSchema.parse(started.json().data)).toMatchObject({ trigger: 'manual' });

    const again = await admin.request('POST', '/api/v1/settings/backups');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT' });

    const read = async () =>
      ZBackupsOverviewSchema.parse((await admin.request('GET', '/api/v1/settings/backups')).json().data);
    let overview = await read();
    for (let tries = 0; overview.running && tries < 300; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      overview = await read();
    }
    expect(overview.running).toBeNull();
    expect(overview.lastFailure).toBeNull();
    const { backups } = await listBackups(backupDir);
    expect(overview.backups).toEqual(
      backups.map((backup) => ({
        name: backup.name,
        createdAt: backup.createdAt,
        totalBytes: backup.totalBytes,
        checksum: backup.checksum,
        database: backup.database,
      })),
    );
    expect(overview.backups).toHaveLength(2);
    expect(overview.backups[0]?.checksum).toMatch(/^[0-9a-f]{64}$/);
  }, 60_000);

  it.each(['salesperson', 'production'] as const)('is not open to a %s', async (role) => {
    const { client } = await t.clientAs(role);
    expect((await client.request('GET', '/api/v1/settings/backups')).statusCode).toBe(403);
    expect((await client.request('POST', '/api/v1/settings/backups')).statusCode).toBe(403);
  });
});
