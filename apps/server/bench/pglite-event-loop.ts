/**
 * Whether the event loop keeps turning while PGlite works (issue 18 §4, docs/decisions/014-pglite-worker-thread.md): a 5-ms timer
 * stands for the HTTP, Socket.IO and MQTT work of Loupe's main thread while an in-memory PGlite runs ten
 * rounds of a 20,000-row insert and a scan of the table. Prints how often the timer fired and the gaps
 * between its calls; asserts nothing. With PGlite on the main thread the timer fired once, after all of it.
 *
 *   npx tsx apps/server/bench/pglite-event-loop.ts
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.ts';

const ROUNDS = 10;
const TIMER_MS = 5;

const handle = await openDatabase({ kind: 'pglite', dataDir: null });
try {
  await handle.db.execute(sql`CREATE TABLE bench_rows (n int, label text)`);
  const gaps: number[] = [];
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    gaps.push(now - last);
    last = now;
  }, TIMER_MS);
  const started = performance.now();
  for (let round = 0; round < ROUNDS; round += 1) {
    await handle.db.execute(
      sql`INSERT INTO bench_rows SELECT g, md5(g::text) FROM generate_series(1, 20000) AS g`,
    );
    await handle.db.execute(sql`SELECT count(*), max(label) FROM bench_rows`);
  }
  const workMs = performance.now() - started;
  // One more turn, so that a timer held back until the end is counted.
  await new Promise((resolve) => setTimeout(resolve, TIMER_MS * 4));
  clearInterval(timer);
  gaps.sort((a, b) => a - b);
  const at = (q: number) => (gaps[Math.min(gaps.length - 1, Math.floor(q * gaps.length))] ?? 0).toFixed(0);
  console.info(
    `PGlite busy for ${workMs.toFixed(0)} ms; a ${TIMER_MS}-ms timer fired ${gaps.length} times, ` +
      `gap p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms`,
  );
} finally {
  await handle.close();
}
