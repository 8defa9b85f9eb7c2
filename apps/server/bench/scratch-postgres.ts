import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The database a bench's Loupe runs on: its own PGlite, or a scratch PostgreSQL database at `url`. */
export type TBenchDatabase =
  | { readonly kind: 'pglite' }
  | { readonly kind: 'postgres'; readonly url: string };

/**
 * Runs `run` on a fresh PostgreSQL database created next to `url` (named `<prefix>_<random>`) and drops it
 * afterwards, unless `keep` (then its address is printed). `guard` lets a bench register the drop for
 * Ctrl-C too: it gets the drop and returns the one to call.
 */
export async function withScratchDatabase<T>(
  url: string,
  options: {
    readonly prefix: string;
    readonly keep?: boolean;
    readonly guard?: (drop: () => Promise<void>) => () => Promise<void>;
  },
  run: (databaseUrl: string) => Promise<T>,
): Promise<T> {
  const name = `${options.prefix}_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const dropDatabase = () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  const drop = options.guard ? options.guard(dropDatabase) : dropDatabase;
  const own = new URL(url);
  own.pathname = `/${name}`;
  try {
    return await run(own.toString());
  } finally {
    if (options.keep) console.info(`kept the database: ${own.toString()}`);
    else await drop();
  }
}
