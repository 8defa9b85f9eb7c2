import { performance } from 'node:perf_hooks';
import type { Socket } from 'socket.io-client';
import type { LoupeClient } from '../workshop/loupe-client.ts';
import { processRssMiB } from './bench-processes.ts';
import { quantile } from './ingest-protocol.ts';
import { API_PROBE } from './ingest-settings.ts';

/** What one step of the ingest bench measures, and the probes that watch Loupe while it runs. */

export type TStepRow = {
  target: number | 'max';
  ackedPerSecond: number;
  sustained: boolean;
  dedup: number;
  freshPerSecond: number;
  movedPerSecond: number;
  eventsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  ackP99Ms: number;
  cpuPercent: number;
  machinePercent: number;
  rssMiB: number;
  /** The highest RSS sampled during the step. */
  peakRssMiB: number;
  /** GET /api/v1/orders (limit 50) answered during the step, one request at a time: its p95. */
  ordersP95Ms: number;
  /** The largest `ingest.lagMs` /api/health reported during the step (issue 18 §6). */
  maxLagMs: number;
  /** The oldest move-feed entry a projection had not applied, at its largest during the step (decision 026). */
  maxProjectionLagMs: number;
  loadCpuPercent: number;
  errors: number;
};

export type TDatabaseResult = { label: string; steps: TStepRow[] };

/** Publish → the admin's socket hearing `rfid:tag-read`, over the reads of a window. */
export class LatencyRecorder {
  #window: { from: number; latencies: number[]; events: number } | null = null;
  constructor(socket: Socket) {
    socket.on('rfid:tag-read', (payload: { timestamp: string }) => {
      const window = this.#window;
      if (window === null) return;
      const now = Date.now();
      const at = Date.parse(payload.timestamp);
      window.events += 1;
      if (at >= window.from) window.latencies.push(now - at);
    });
  }
  start(from: number): void {
    this.#window = { from, latencies: [], events: 0 };
  }
  stop(): { latencies: number[]; events: number } {
    const window = this.#window ?? { latencies: [], events: 0 };
    this.#window = null;
    return window;
  }
}

/**
 * While a step runs: Loupe's RSS every 100 ms (its peak), `GET /api/v1/orders` one request at a time (the
 * API's responsiveness under ingest, issue 18 §4) and /api/health's ingest and projection lags (§6, issue 38).
 */
export class StepProbe {
  #running = false;
  #loops: Promise<void>[] = [];
  #orders: number[] = [];
  #peakRss = 0;
  #maxLag = 0;
  #maxProjectionLag = 0;
  constructor(
    private readonly pid: number,
    private readonly client: LoupeClient,
    private readonly url: string,
  ) {}
  start(): void {
    this.#running = true;
    this.#orders = [];
    this.#peakRss = processRssMiB(this.pid);
    this.#maxLag = API_PROBE ? 0 : Number.NaN;
    this.#maxProjectionLag = API_PROBE ? 0 : Number.NaN;
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    this.#loops = [
      (async () => {
        while (this.#running) {
          this.#peakRss = Math.max(this.#peakRss, processRssMiB(this.pid));
          await pause(100);
        }
      })(),
      (async () => {
        while (this.#running && API_PROBE) {
          const started = performance.now();
          try {
            await this.client.data('GET', '/orders?limit=50');
            this.#orders.push(performance.now() - started);
          } catch (error) {
            console.error(`  orders probe: ${(error as Error).message}`);
          }
          await pause(50);
        }
      })(),
      (async () => {
        while (this.#running && API_PROBE) {
          try {
            const health = (await (await fetch(`${this.url}/api/health`)).json()) as {
              ingest?: { lagMs: number; projections?: { oldestMs: number }[] };
            };
            this.#maxLag = Math.max(this.#maxLag, health.ingest?.lagMs ?? Number.NaN);
            for (const projection of health.ingest?.projections ?? []) {
              this.#maxProjectionLag = Math.max(this.#maxProjectionLag, projection.oldestMs);
            }
          } catch (error) {
            console.error(`  health probe: ${(error as Error).message}`);
          }
          await pause(250);
        }
      })(),
    ];
  }
  async stop(): Promise<{
    peakRssMiB: number;
    ordersP95Ms: number;
    maxLagMs: number;
    maxProjectionLagMs: number;
  }> {
    this.#running = false;
    await Promise.all(this.#loops);
    return {
      peakRssMiB: this.#peakRss,
      ordersP95Ms: quantile(this.#orders, 0.95),
      maxLagMs: this.#maxLag,
      maxProjectionLagMs: this.#maxProjectionLag,
    };
  }
}
