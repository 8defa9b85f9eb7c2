import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import type { TDatabase } from './client.ts';

/**
 * Runs `work` in one transaction on `db`: the only place the server calls `.transaction(` (biome's
 * lint/no-direct-transaction.grit holds the rest of src/ to it). Services reach it through their handed
 * repository's `withTransaction`; a repository whose statements hold a lock of their own together (the
 * analytics facts' rebuild, a read with more memory) calls it directly. `config` sets PostgreSQL's
 * isolation level and access mode.
 */
export function inTransaction<T>(
  db: TDatabase,
  work: (tx: TDatabase) => Promise<T>,
  config?: PgTransactionConfig,
): Promise<T> {
  return db.transaction(work, config);
}

/**
 * The one way a transaction is opened (docs/architecture.md, issue 33 §5): `work` gets the repositories
 * `make` binds to it, and the transaction itself for the steps of other modules that must join it.
 */
export function withTransaction<R, T>(
  db: TDatabase,
  make: (db: TDatabase) => R,
  work: (repositories: R, tx: TDatabase) => Promise<T>,
): Promise<T> {
  return inTransaction(db, (tx) => work(make(tx), tx));
}

/**
 * A repository as the composition root hands it to a service: its statements run on the database, each on
 * its own; `withTransaction` runs several in one transaction, and `within` binds it to a transaction another
 * module opened (a step that follows a batch of reads, a status change…). A service never builds one itself.
 */
export type TTransactional<R> = R & {
  readonly withTransaction: <T>(work: (repository: R, tx: TDatabase) => Promise<T>) => Promise<T>;
  readonly within: (tx: TDatabase) => R;
};

/** Binds a repository factory to the database; only the composition root calls this. */
export function transactional<R extends object>(
  db: TDatabase,
  make: (db: TDatabase) => R,
): TTransactional<R> {
  return Object.assign(make(db), {
    withTransaction: <T>(work: (repository: R, tx: TDatabase) => Promise<T>) =>
      withTransaction(db, make, work),
    within: make,
  });
}
