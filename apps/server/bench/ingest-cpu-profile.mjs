/**
 * BENCH_CPU_PROF=dir for `npm run bench:ingest`: Node 20 refuses --cpu-prof in NODE_OPTIONS, so Loupe is
 * started with `NODE_OPTIONS=--import tsx --import <this file>` instead; this starts the V8 sampling
 * profiler in Loupe's process and writes dir/loupe-PID.cpuprofile when the process exits (open it in
 * Chrome DevTools › Performance, or speedscope).
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';
import { isMainThread } from 'node:worker_threads';

// Plain JavaScript, not TypeScript: worker threads (PGlite's) load this too, before tsx's hooks exist there.
const directory = process.env.BENCH_CPU_PROF_DIR;
if (directory && isMainThread) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 500 });
  session.post('Profiler.start');
  // A same-thread inspector session answers synchronously, so this works in the exit handler.
  process.once('exit', () => {
    session.post('Profiler.stop', (error, result) => {
      if (error) {
        console.error('bench: the CPU profile could not be taken:', error.message);
        return;
      }
      writeFileSync(path.join(directory, `loupe-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
