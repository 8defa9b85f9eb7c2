/**
 * The baseline of `npm run bench:ingest`: a bare Aedes broker (the one Loupe embeds) on a plain TCP
 * server, with no authentication, no topic check and no pipeline, so a QoS 1 PUBACK leaves as soon as
 * Aedes has taken the message. What the load generator reaches against it is the ceiling for Loupe's
 * MQTT ingest on this machine. Started by bench/ingest.ts; by hand:
 *
 *   npx tsx apps/server/bench/bare-broker.ts 18830
 *
 * Prints one JSON line `{"listening":PORT}` once it accepts connections; stops on SIGTERM or SIGINT.
 */
import { createServer } from 'node:net';
import { Aedes } from 'aedes';

const port = Number(process.argv[2] ?? 0);
const broker = await Aedes.createBroker();
// Without Nagle's algorithm, as Loupe's embedded broker: a PUBACK leaves at once, not with the next segment.
const server = createServer({ noDelay: true }, broker.handle);
await new Promise<void>((resolve, reject) => {
  server.once('error', reject);
  server.listen(port, '127.0.0.1', () => resolve());
});
const address = server.address();
process.stdout.write(
  `${JSON.stringify({ listening: typeof address === 'object' && address ? address.port : port })}\n`,
);

let stopping = false;
function stop(): void {
  if (stopping) return;
  stopping = true;
  server.close();
  broker.close(() => process.exit(0));
  // Open client connections keep the server open: do not wait for them.
  setTimeout(() => process.exit(0), 1_000).unref();
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
