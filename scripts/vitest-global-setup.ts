import type { TestProject } from 'vitest/node';

// Integration suites that need a real service read these variables; without them (a fresh laptop)
// they are skipped. Say so once, up front, so a green run never hides what it did not exercise.
const SERVICES = [
  ['TEST_DATABASE_URL', 'PostgreSQL suites (PGlite suites always run)'],
  ['TEST_MQTT_URL', 'external MQTT broker suites (embedded-broker suites always run)'],
  ['TEST_REDIS_URL', 'Redis adapter suites'],
] as const;

export default function setup(_project: TestProject) {
  for (const [name, suites] of SERVICES) {
    if (process.env[name]) console.info(`[services] ${name} is set: running ${suites}.`);
    else console.info(`[services] skipping ${suites}: ${name} is not set.`);
  }
}
