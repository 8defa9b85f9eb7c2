import { createHash } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type TDatabaseHandle } from '../src/db/client.ts';
import { BackupError, type TBackupManifest } from '../src/modules/backups/backup-manifest.ts';
import { listBackups } from '../src/modules/backups/list-backups.ts';
import { restoreBackup, type TRestoreTarget } from '../src/modules/backups/restore-backup.ts';
import { operatorTokenOf } from '../src/modules/backups/service.ts';
import { seedDesignLibrary } from '../workshop/demo-designs.ts';
import { ringRender } from '../workshop/design-render.ts';
import { LoupeClient } from '../workshop/loupe-client.ts';
import { postReaderPayload } from '../workshop/reader-http.ts';
import { genericPayload } from '../workshop/reader-payloads.ts';
import { seedWorkshop, type TWorkshop } from '../workshop/seed-workshop.ts';
import { createPostgresTestDatabase, TEST_DATABASES } from './support/databases.ts';
import { createTestApp, TEST_PASSWORD, type TTestApp } from './support/test-app.ts';

/**
 * Issue 42 §1–2: a workshop is backed up while readers keep posting, restored into an empty data folder
 * (and, on PostgreSQL, an empty database), and everything it had when the snapshot was taken is there,
 * identical: every row of every table (jobs, location history, attachments, settings, users…), every
 * uploaded file, and every read acknowledged before the backup began. A damaged or partial backup is
 * refused with its code and the target stays as it was.
 */

const SECRET_KEY = 'backup-test-secret-key-0123456789abcdef';
/** Tables the reads flowing during the backup write: compared on their own terms below. */
const INGEST_TABLES = new Set([
  'rfid_journal',
  'rfid_journal_cursors',
  'rfid_reads',
  'rfid_unresolved_reads',
  'readers',
]);

type TTableRows = Map<string, string[]>;

/** Every table of the public and drizzle schemas, each as its rows in JSON, sorted. */
async function snapshotOf(database: TDatabaseHandle): Promise<TTableRows> {
  const tables = (await database.db.execute(
    sql`SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
        WHERE table_schema IN ('public', 'drizzle') AND table_type = 'BASE TABLE' ORDER BY 1, 2`,
  )) as unknown as { rows: { schema: string; name: string }[] };
  const snapshot: TTableRows = new Map();
  for (const { schema, name } of tables.rows) {
    const rows = (await database.db.execute(
      sql.raw(`SELECT row_to_json(t)::text AS row FROM "${schema}"."${name}" t`),
    )) as unknown as { rows: { row: string }[] };
    snapshot.set(`${schema}.${name}`, rows.rows.map((row) => row.row).sort());
  }
  return snapshot;
}

async function filesOf(dir: string): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const folder of ['uploads', 'thumbnails']) {
    const names = await readdir(path.join(dir, folder)).catch(() => [] as string[]);
    for (const name of names) {
      const bytes = await readFile(path.join(dir, folder, name));
      found.set(`${folder}/${name}`, createHash('sha256').update(bytes).digest('hex'));
    }
  }
  return found;
}

describe.each(TEST_DATABASES)('backup and restore on %s', (kind) => {
  let t: TTestApp;
  let scratch = '';
  let dataDir = '';
  let url = '';
  let workshop: TWorkshop;
  let backupDir = '';
  let manifest: TBackupManifest;
  /** EPCs whose read Loupe acknowledged before the backup was asked for, and all it acknowledged. */
  const ackedBefore = new Set<string>();
  const ackedAll = new Set<string>();
  let flowing = true;

  beforeAll(async () => {
    scratch = await mkdtemp(path.join(tmpdir(), 'loupe-backup-'));
    dataDir = path.join(scratch, 'data');
    t = await createTestApp({
      database: kind,
      env: { DATA_DIR: dataDir, BACKUP_DIR: path.join(scratch, 'backups'), SECRET_KEY },
    });
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const owner = await t.createUser({ role: 'admin', email: 'owner@backup.test' });
    const admin = await LoupeClient.signIn(url, owner.email, TEST_PASSWORD);
    workshop = await seedWorkshop(admin, { orders: 5, repairs: 3, withHistory: true, concurrency: 3 });
    expect(await seedDesignLibrary(admin)).toBeGreaterThan(0);
    // An uploaded file (and the thumbnail Loupe makes of it) for the backup to carry.
    const design = await admin.data<{ id: string }>('POST', '/catalog/designs', {
      name: 'Backed-up solitaire',
      description: 'A ring whose render must survive a restore.',
      stones: '1 × 1 ct round brilliant diamond',
      tags: ['backup'],
    });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(ringRender(160))], { type: 'image/png' }), 'ring.png');
    await admin.data('POST', `/catalog/designs/${design.id}/images`, form);
    await admin.data('PUT', '/settings/general', { offsiteTimeout: 45, companyName: 'Atelier Sauvegarde' });
    // The seed's reads applied, their repeats included (decision 025), so that the only writes left during the
    // backup are the test's own reads.
    await t.app.loupe.rfid.pipeline.drain();
  }, 240_000);

  afterAll(async () => {
    flowing = false;
    await t?.close();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  it('backs up during ingest and restores every job, history row, attachment, setting and acknowledged read', async () => {
    const reader = workshop.readers[0];
    const antenna = reader?.antennas.find((entry) => entry.stationId !== null && !entry.isTagAssignment);
    if (!reader || !antenna) throw new Error('the workshop has no mapped reader antenna');
    let sequence = 0;
    let backupAsked = false;
    // Readers keep posting fresh reads (one new tag each, so none is a repeat) until the test says stop.
    const flow = (async () => {
      while (flowing) {
        sequence += 1;
        const epc = `BACC0000${String(sequence).padStart(16, '0')}`;
        await postReaderPayload(
          url,
          reader.apiKey,
          'reads',
          genericPayload([{ epc, antenna: antenna.antenna, at: new Date() }]),
        );
        // Acknowledged before the backup was asked for: a read whose answer came later may have been in
        // flight while the snapshot was taken, and nothing promised it a place in that backup.
        if (!backupAsked) ackedBefore.add(epc);
        ackedAll.add(epc);
      }
    })();
    while (ackedAll.size < 10) await new Promise((resolve) => setTimeout(resolve, 20));

    backupAsked = true;
    const response = await fetch(`${url}/operator/backups`, {
      method: 'POST',
      headers: { authorization: `Bearer ${operatorTokenOf(SECRET_KEY)}` },
    });
    const body = (await response.json()) as { dir: string; manifest: TBackupManifest };
    expect(response.status, JSON.stringify(body)).toBe(200);
    const countAtEnd = ackedAll.size;
    while (ackedAll.size < countAtEnd + 10) await new Promise((resolve) => setTimeout(resolve, 20));
    flowing = false;
    await flow;
    // Acknowledged means journaled (decision 025): the source's reads are all applied once the applier is done.
    await t.app.loupe.rfid.pipeline.drain();
    backupDir = body.dir;
    manifest = body.manifest;

    expect(manifest.database.kind).toBe(kind);
    expect(manifest.database.tool).toMatch(kind === 'pglite' ? /PGlite/ : /pg_dump/);
    expect(manifest.database.migrations.lastTag).not.toBeNull();
    expect(manifest.files.some((file) => file.path.startsWith('files/uploads/'))).toBe(true);
    const { backups } = await listBackups(path.dirname(backupDir));
    expect(backups.map((backup) => [backup.checksum, backup.totalBytes])).toEqual([
      [manifest.checksum, manifest.totalBytes],
    ]);

    const target = path.join(scratch, 'restored');
    const postgres = kind === 'postgres' ? await createPostgresTestDatabase() : null;
    const restoreTarget: TRestoreTarget = postgres
      ? { kind: 'postgres', url: postgres.url, dataDir: target }
      : { kind: 'pglite', dataDir: target };
    const lines: string[] = [];
    await restoreBackup({ backupDir, target: restoreTarget, onProgress: (line) => lines.push(line) });
    expect(lines.some((line) => line.startsWith('verified'))).toBe(true);

    const restored = await openDatabase(
      postgres ? { kind: 'postgres', url: postgres.url, poolSize: 2 } : { kind: 'pglite', dataDir: target },
    );
    try {
      const before = await snapshotOf(t.database);
      const after = await snapshotOf(restored);
      expect([...after.keys()]).toEqual([...before.keys()]);
      for (const [table, rows] of before) {
        if (INGEST_TABLES.has(table.replace(/^public\./, ''))) continue;
        expect(after.get(table), table).toEqual(rows);
      }
      // The jobs, their history and their attachments are there (not only equal because both are empty).
      for (const table of ['orders', 'repairs', 'location_history', 'attachments', 'settings']) {
        expect(after.get(`public.${table}`)?.length, table).toBeGreaterThan(0);
      }
      // Reads: every one acknowledged before the backup began is in the restored journal (what an
      // acknowledgement stands for, decision 025; the restored Loupe applies what its cursor has not passed),
      // each row identical to the source's; the reads applied by then are in rfid_reads, identical too; none
      // that the source does not have.
      const byEpc = (rows: readonly string[] | undefined) =>
        new Map(
          (rows ?? [])
            .map((row) => [JSON.parse(row) as { epc: string; kind?: string }, row] as const)
            .filter(([parsed]) => parsed.kind === undefined || parsed.kind === 'read')
            .map(([parsed, row]) => [parsed.epc, row]),
        );
      const sourceJournal = byEpc(before.get('public.rfid_journal'));
      const restoredJournal = byEpc(after.get('public.rfid_journal'));
      for (const epc of ackedBefore) expect(restoredJournal.has(epc), epc).toBe(true);
      for (const [epc, row] of restoredJournal) expect(row, epc).toBe(sourceJournal.get(epc));
      expect(restoredJournal.size).toBeLessThan(sourceJournal.size);
      const sourceReads = byEpc(before.get('public.rfid_reads'));
      const restoredReads = byEpc(after.get('public.rfid_reads'));
      for (const [epc, row] of restoredReads) expect(row, epc).toBe(sourceReads.get(epc));
      expect(restoredReads.size).toBeLessThan(sourceReads.size);
      // Every uploaded file, byte for byte.
      expect(await filesOf(target)).toEqual(await filesOf(dataDir));
    } finally {
      await restored.close();
      await postgres?.drop();
    }
  }, 240_000);

  const damages: readonly [string, BackupError['code'], (copy: string) => Promise<void>][] = [
    [
      'a flipped byte in the database',
      'BACKUP_CHECKSUM_MISMATCH',
      async (copy) => {
        const file = path.join(copy, manifest.files[0]?.path ?? '');
        const bytes = await readFile(file);
        const middle = Math.floor(bytes.length / 2);
        bytes[middle] = (bytes[middle] ?? 0) ^ 0xff;
        await writeFile(file, bytes);
      },
    ],
    [
      'a truncated database archive',
      'BACKUP_FILE_TRUNCATED',
      async (copy) => {
        await truncate(path.join(copy, manifest.files[0]?.path ?? ''), 100);
      },
    ],
    [
      'a missing uploaded file',
      'BACKUP_FILE_MISSING',
      async (copy) => {
        const upload = manifest.files.find((file) => file.path.startsWith('files/uploads/'));
        await rm(path.join(copy, upload?.path ?? ''));
      },
    ],
    [
      'a manifest that is not JSON',
      'BACKUP_MANIFEST_INVALID',
      async (copy) => {
        await writeFile(path.join(copy, 'manifest.json'), '{"format":"loupe-backup",');
      },
    ],
    [
      'a manifest whose file list was edited',
      'BACKUP_MANIFEST_INVALID',
      async (copy) => {
        const edited = { ...manifest, files: manifest.files.slice(1) };
        await writeFile(path.join(copy, 'manifest.json'), JSON.stringify(edited));
      },
    ],
    [
      'no manifest (a backup that never finished)',
      'BACKUP_NOT_FOUND',
      async (copy) => {
        await rm(path.join(copy, 'manifest.json'));
      },
    ],
  ];

  it.each(damages)('refuses %s with %s and writes nothing', async (_name, code, damage) => {
    const copy = path.join(scratch, `damaged-${code}-${Math.random().toString(36).slice(2)}`);
    await cp(backupDir, copy, { recursive: true });
    await damage(copy);
    const target = path.join(scratch, `untouched-${Math.random().toString(36).slice(2)}`);
    const restoreTarget: TRestoreTarget =
      kind === 'postgres'
        ? { kind: 'postgres', url: 'postgres://nobody@127.0.0.1:1/never-reached', dataDir: target }
        : { kind: 'pglite', dataDir: target };
    const refusal = await restoreBackup({ backupDir: copy, target: restoreTarget }).catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(BackupError);
    expect((refusal as BackupError).code).toBe(code);
    // Nothing was written: the target folder was not even made.
    expect(await readdir(target).catch((error: NodeJS.ErrnoException) => error.code)).toBe('ENOENT');
  });

  it('refuses a data folder that is not empty, and a backup of the other engine', async () => {
    const notEmpty = await restoreBackup({
      backupDir,
      target:
        kind === 'postgres'
          ? { kind: 'postgres', url: t.database.url ?? '', dataDir }
          : { kind: 'pglite', dataDir },
    }).catch((error: unknown) => error);
    expect((notEmpty as BackupError).code).toBe('RESTORE_TARGET_NOT_EMPTY');
    const otherEngine = await restoreBackup({
      backupDir,
      target:
        kind === 'postgres'
          ? { kind: 'pglite', dataDir: path.join(scratch, 'other-engine') }
          : {
              kind: 'postgres',
              url: 'postgres://nobody@127.0.0.1:1/x',
              dataDir: path.join(scratch, 'other-engine'),
            },
    }).catch((error: unknown) => error);
    expect((otherEngine as BackupError).code).toBe('BACKUP_KIND_MISMATCH');
  });

  it('refuses a backup request without the operator token', async () => {
    const response = await fetch(`${url}/operator/backups`, {
      method: 'POST',
      headers: { authorization: 'Bearer nope' },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'BACKUP_UNAUTHORIZED' });
  });
});
