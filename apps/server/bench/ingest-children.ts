import { freePort } from '../workshop/loupe-process.ts';
import { onCleanup, spawnTsx, stopChild } from './bench-processes.ts';
import type { TChildMessage, TLoadConfig, TParentMessage, TStepResult } from './ingest-protocol.ts';

/** The ingest bench's other processes: the load generator (bench/ingest-load.ts) and the bare broker. */

/** The load generator, driven step by step over IPC. */
export async function startLoad(config: TLoadConfig) {
  const child = spawnTsx('ingest-load.ts', [], true);
  const release = onCleanup(() => stopChild(child));
  const pending: { resolve: (message: TChildMessage) => void; reject: (error: Error) => void }[] = [];
  child.on('message', (message: TChildMessage) => {
    if (message.type === 'error') {
      for (const waiter of pending.splice(0)) waiter.reject(new Error(`load generator: ${message.message}`));
      return;
    }
    pending.shift()?.resolve(message);
  });
  child.once('exit', (code) => {
    for (const waiter of pending.splice(0)) waiter.reject(new Error(`load generator exited (${code})`));
  });
  const ask = (message: TParentMessage) =>
    new Promise<TChildMessage>((resolve, reject) => {
      pending.push({ resolve, reject });
      child.send(message);
    });
  await ask({ type: 'connect', config });
  return {
    pid: child.pid ?? 0,
    async step(rate: number, durationMs: number, thenRate?: number): Promise<TStepResult> {
      const answer = await ask({
        type: 'step',
        rate,
        durationMs,
        ...(thenRate === undefined ? {} : { thenRate }),
      });
      if (answer.type !== 'step-result') throw new Error(`load generator answered ${answer.type}`);
      return answer.result;
    },
    async stop(): Promise<void> {
      if (child.connected) child.send({ type: 'stop' } satisfies TParentMessage);
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      const timeout = setTimeout(() => child.kill('SIGKILL'), 5_000);
      if (child.exitCode === null && child.signalCode === null) await exited;
      clearTimeout(timeout);
      await release();
    },
  };
}

export async function startBareBroker(): Promise<{ url: string; pid: number; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = spawnTsx('bare-broker.ts', [String(port)], false);
  const release = onCleanup(() => stopChild(child));
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      if (output.includes('"listening"')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`bare broker exited (${code})`)));
  });
  return { url: `mqtt://127.0.0.1:${port}`, pid: child.pid ?? 0, stop: release };
}
