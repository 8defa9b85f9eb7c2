import { spawn } from 'node:child_process';
import { BackupError } from './backup-manifest.ts';

/**
 * PostgreSQL's own client tools (pg_dump, pg_restore) from PATH. The connection goes in PG* variables, never
 * on the command line, where `ps` would show its password to every user of the machine.
 */
export function postgresEnvOf(url: string): NodeJS.ProcessEnv {
  const address = new URL(url);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PGHOST: decodeURIComponent(address.hostname),
    PGPORT: address.port || '5432',
    PGDATABASE: decodeURIComponent(address.pathname.slice(1)),
  };
  if (address.username) env.PGUSER = decodeURIComponent(address.username);
  if (address.password) env.PGPASSWORD = decodeURIComponent(address.password);
  const sslmode = address.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

/** Runs one of the tools; BackupError BACKUP_TOOL_FAILED with its last lines of stderr when it fails. */
export function runPostgresTool(
  tool: 'pg_dump' | 'pg_restore',
  args: readonly string[],
  env: NodeJS.ProcessEnv,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = `${stderr}${chunk.toString('utf8')}`.slice(-4_000);
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          'BACKUP_TOOL_FAILED',
          error.code === 'ENOENT'
            ? `${tool} is not installed (PostgreSQL's client tools, e.g. apt install postgresql-client)`
            : `${tool} could not start: ${error.message}`,
        ),
      ),
    );
    child.on('close', (code) => {
      if (code === 0) resolve(stdout.trim());
      else
        reject(new BackupError('BACKUP_TOOL_FAILED', `${tool} failed (exit code ${code}): ${stderr.trim()}`));
    });
  });
}
