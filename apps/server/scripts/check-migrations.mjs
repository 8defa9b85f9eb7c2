// Fails when the schema (src/db/schema/*.ts) and the committed migrations in drizzle/ differ: drizzle-kit
// generates into a scratch copy of drizzle/, and any new migration there is a change nobody committed.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';

// drizzle-kit wants a relative output folder, so the scratch copy lives here (ignored by git).
const scratch = mkdtempSync('.drift-check-');
const countMigrations = () => readdirSync(scratch).filter((file) => file.endsWith('.sql')).length;
try {
  cpSync('drizzle', scratch, { recursive: true });
  const before = countMigrations();
  execFileSync(
    'npx',
    [
      'drizzle-kit',
      'generate',
      '--dialect',
      'postgresql',
      '--schema',
      './src/db/schema/*.ts',
      '--out',
      scratch,
    ],
    { stdio: 'pipe' },
  );
  if (countMigrations() !== before) {
    console.error('The database schema (src/db/schema/*.ts) differs from the committed migrations.');
    console.error(
      'Run `npm run db:generate -w @loupe/server` and commit the new file under apps/server/drizzle/.',
    );
    process.exitCode = 1;
  } else {
    console.info('migrations match the schema');
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
