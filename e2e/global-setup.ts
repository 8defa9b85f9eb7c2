import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { openDatabase } from '../apps/server/src/db/client';
import { TEMPLATE_DATA_DIR_VARIABLE } from './support/loupe-server';

/**
 * Migrates one PGlite data directory for the whole run; startLoupe() copies it into each new server's
 * DATA_DIR, so the servers the workers start skip the migrations. Removed when the run ends.
 */
export default async function globalSetup(_config: FullConfig) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'loupe-e2e-template-'));
  const database = await openDatabase({ kind: 'pglite', dataDir });
  await database.close();
  process.env[TEMPLATE_DATA_DIR_VARIABLE] = dataDir;
  return async () => rmSync(dataDir, { recursive: true, force: true });
}
