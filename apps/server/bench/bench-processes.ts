import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { SERVER_DIR } from '../workshop/loupe-process.ts';

// Clean-up: every child and temp dir goes, whether the bench ends, fails or is interrupted.

export const cleanups = new Set<() => Promise<void>>();
export function onCleanup(cleanup: () => Promise<void>): () => Promise<void> {
  cleanups.add(cleanup);
  return async () => {
    if (!cleanups.delete(cleanup)) return;
    await cleanup();
  };
}
export async function cleanUpAll(): Promise<void> {
  for (const cleanup of [...cleanups].reverse()) {
    cleanups.delete(cleanup);
    await cleanup().catch((error: unknown) => console.error('bench: clean-up failed:', error));
  }
}

/** On Ctrl-C or SIGTERM: everything registered is cleaned up, then the bench exits. */
export function cleanUpOnSignals(): void {
  let interrupted = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (interrupted) return;
      interrupted = true;
      console.error(`\nbench: ${signal}, cleaning up…`);
      void cleanUpAll().finally(() => process.exit(130));
    });
  }
}

// Processes: CPU and memory from /proc, children spawned with tsx.

/** CLK_TCK, the unit of /proc/PID/stat times: 100 on Linux (getconf CLK_TCK). */
export const TICKS_PER_SECOND = 100;

/** utime + stime of a process, in clock ticks; null once it is gone. */
export function processTicks(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/** Resident memory in MiB. */
export function processRssMiB(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** Busy and total ticks of the whole machine (all cores). */
export function machineTicks(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const values = line.trim().split(/\s+/).slice(1).map(Number);
  const total = values.reduce((sum, value) => sum + value, 0);
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  return { busy: total - idle, total };
}

export type TCpuSample = { at: number; ticks: number; machine: { busy: number; total: number } };
export function sampleCpu(pid: number): TCpuSample {
  return { at: performance.now(), ticks: processTicks(pid) ?? 0, machine: machineTicks() };
}
/** The process's CPU (100 % = one core) and the machine's (of 100 % × cores) between two samples. */
export function cpuBetween(from: TCpuSample, to: TCpuSample): { process: number; machine: number } {
  const seconds = (to.at - from.at) / 1000;
  const cores = (to.machine.total - from.machine.total) / TICKS_PER_SECOND / seconds;
  return {
    process: ((to.ticks - from.ticks) / TICKS_PER_SECOND / seconds) * 100,
    machine: ((to.machine.busy - from.machine.busy) / (to.machine.total - from.machine.total)) * cores * 100,
  };
}

/** Starts a script of bench/ with tsx, with an IPC channel or its stdout piped. */
export function spawnTsx(file: string, args: string[], ipc: boolean): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, file), ...args], {
    cwd: SERVER_DIR,
    stdio: ipc ? ['ignore', 'inherit', 'inherit', 'ipc'] : ['ignore', 'pipe', 'inherit'],
  });
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(killer);
}
