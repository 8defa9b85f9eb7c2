/**
 * `npm run demo` (issue 6 §6): Loupe with a live workshop. Starts Loupe on a fresh `.demo-data/` (PGlite),
 * creates one user of each role, seeds the workshop (8 departments, 4 mapped readers, 50 orders and 30
 * repairs with their past), prints who can sign in and how readers connect, then runs the reader
 * simulator so that every screen moves. Ctrl-C stops both.
 *
 * Environment: PORT (3000), MQTT_PORT (1883, or a free port when that one is taken), HOST (127.0.0.1;
 * 0.0.0.0 to let other machines in), DEMO_ORDERS (50), DEMO_REPAIRS (30), DEMO_LLRP_PORT (a free one), and
 * the simulator's SIM_INTERVAL_SECONDS, SIM_MIN_DWELL_SECONDS, SIM_INVENTORY_SECONDS, SIM_SEED (see reader-simulator.ts).
 * The demo always runs on its own PGlite: DATABASE_URL, MQTT_URL and REDIS_URL are ignored.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ALERT_RULE_DEFAULTS } from '@loupe/domain/alerts/alerts';
import { ROLE_LABELS } from '@loupe/domain/auth/role-labels';
import { ROLES, type TRole } from '@loupe/domain/auth/roles';
import { openDatabase } from '../src/db/client.ts';
import { seedDeliveredHistory } from './delivered-history.ts';
import { seedDesignLibrary, seedDesignRequests } from './demo-designs.ts';
import { DEMO_VENDOR, seedDemoFacilities } from './demo-facilities.ts';
import { startDemoLlrpReader } from './demo-llrp.ts';
import { seedDemoMaterials } from './demo-materials.ts';
import { createDemoSafe, seedClosingCount } from './demo-safe-count.ts';
import { reportDemoBrowserTelemetry } from './demo-telemetry.ts';
import { assignDemoWork, BENCH_STAFF } from './demo-work.ts';
import { seedWorkSessions, startDemoTimers } from './demo-work-time.ts';
import { LoupeClient } from './loupe-client.ts';
import { freePort, isPortFree, startLoupeProcess, type TLoupeProcess } from './loupe-process.ts';
import { postReaderPayload } from './reader-http.ts';
import { zebraHeartbeat } from './reader-payloads.ts';
import { seedWorkshop, type TWorkshop } from './seed-workshop.ts';
import { STAFF_BY_ROLE } from './workshop-plan.ts';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const DATA_DIR = path.join(REPO_ROOT, '.demo-data');
const SIMULATOR = path.join(import.meta.dirname, 'reader-simulator.ts');
/** The demo sweeps every minute (Settings › general): offsite and returned pieces show in its first minutes (issue 11 §5). */
const DEMO_OFFSITE_CHECK_MINUTES = 1;

/** One user per role; the admin is Loupe's bootstrap admin. Passwords are printed and work at once. */
const emailOf = (role: TRole) => `${role}@atelier.example`;
const passwordOf = (role: TRole) => `loupe-demo-${role}`;

const say = (line: string) => console.info(`[demo] ${line}`);
/** A silent reader is an alert after this long in the demo (15 minutes by default). */
const DEMO_SILENT_READER_MINUTES = 2;
// The history's pieces sit half an hour to four hours at a station: a three-hour limit shows a few stuck ones.
const DEMO_STUCK_HOURS = 3;
/** The delivered past the analytics screens show (issue 13). */
const DEMO_DELIVERED_ORDERS = 180;
const DEMO_DELIVERED_REPAIRS = 90;
const DEMO_HISTORY_DAYS = 120;

function numberFrom(value: string | undefined, fallback: number): number {
  const parsed = value === undefined || value === '' ? Number.NaN : Number(value);
  return Number.isInteger(parsed) && parsed >= 0 ? parsed : fallback;
}

function refuse(line: string): never {
  console.error(`[demo] ${line}`);
  process.exit(1);
}

/** The lock Loupe keeps in DATA_DIR: a live owner means another demo is running on it. */
function assertNoDemoRunning(): void {
  const lock = path.join(DATA_DIR, 'loupe.lock');
  if (!existsSync(lock)) return;
  const owner = Number.parseInt(readFileSync(lock, 'utf8'), 10);
  try {
    if (Number.isInteger(owner)) {
      process.kill(owner, 0);
      refuse(`another demo (pid ${owner}) is using ${DATA_DIR}: stop it first.`);
    }
  } catch {
    // Its owner is gone: a stale lock, wiped with the rest.
  }
}

/** Loupe's warnings and errors (pino JSON) as short lines; everything else stays quiet. */
function showLoupeLine(line: string): void {
  try {
    const entry = JSON.parse(line) as { level?: number; msg?: string; err?: unknown };
    if ((entry.level ?? 0) < 40) return;
    const level = (entry.level ?? 0) >= 50 ? 'error' : 'warn';
    const detail = entry.err === undefined ? '' : ` (${JSON.stringify(entry.err)})`;
    console.info(`[loupe ${level}] ${entry.msg ?? line}${detail}`);
  } catch {
    if (line.trim() !== '') console.info(`[loupe] ${line}`);
  }
}

function banner(input: {
  url: string;
  mqttUrl: string;
  mqttNote: string;
  workshop: TWorkshop;
  trackingLinks: readonly string[];
  orders: number;
  repairs: number;
}): string {
  const { workshop } = input;
  const rule = '─'.repeat(100);
  const stations = workshop.departments.reduce((sum, department) => sum + department.stations.length, 0);
  const users = ROLES.map(
    (role) => `    ${ROLE_LABELS[role].padEnd(13)} ${emailOf(role).padEnd(30)} ${passwordOf(role)}`,
  );
  const readers = workshop.readers.map(
    (reader) => `    ${reader.id.padEnd(15)} ${reader.name.padEnd(36)} key ${reader.apiKey}`,
  );
  // Station TVs (issue 14): a few stations' screens, to open signed in or to pair a TV with.
  const tvScreens = workshop.departments
    .flatMap((department) => department.stations.slice(0, 1).map((station) => ({ department, station })))
    .slice(0, 6)
    .map(
      ({ department, station }) =>
        `    ${`${department.name} › ${station.name}`.padEnd(36)} ${input.url}/jeweler-tv/${station.id}`,
    );
  return [
    rule,
    `  Loupe demo workshop is live:  ${input.url}`,
    '',
    '  Sign in as (each password works at once):',
    `    ${'role'.padEnd(13)} ${'e-mail'.padEnd(30)} password`,
    ...users,
    '',
    `  Workshop: ${workshop.departments.length} departments, ${stations} stations, ${workshop.readers.length} readers × 4 antennas, ` +
      `${input.orders} orders and ${input.repairs} repairs tagged, with their past.`,
    '  A few pieces have been out for hours: the offsite sweep (every minute in the demo, Settings › general)',
    '  marks them offsite within two minutes; the simulator brings them back a few minutes later.',
    '',
    `  MQTT broker: ${input.mqttUrl}${input.mqttNote}`,
    '    user name = reader id, password = its API key; publish with QoS 1 to',
    '    loupe/readers/{readerId}/zebra   Zebra IoT Connector events',
    '    loupe/readers/{readerId}/impinj  Impinj R700 events',
    '    loupe/readers/{readerId}/reads   generic JSON reads',
    `  HTTP ingest: POST ${input.url}/api/v1/rfid/{zebra|impinj|reads} with X-API-Key`,
    '  Readers:',
    ...readers,
    '',
    '  Customers follow their piece without signing in (Settings › customer messages holds the templates and',
    '  the outbox; the demo has no SMTP or SMS sender, so messages wait there):',
    ...input.trackingLinks,
    '',
    '  Station TVs: open this on a TV (or a second browser window, not signed in), and pair it:',
    `    1. ${input.url}/tv-setup shows a six-character code and its QR code (valid 10 minutes)`,
    `    2. sign in as ${emailOf('manager')}, Settings › TV Displays › Pair a TV, enter the code, pick a station`,
    '    3. the TV opens that station by itself and follows the simulator live; revoke it there too',
    '  Signed in, any station’s TV screen opens directly, e.g.:',
    ...tvScreens,
    '',
    `  Data: ${path.relative(process.cwd(), DATA_DIR) || DATA_DIR}/ (wiped at every start; workshop.json holds the readers and tags)`,
    '  The reader simulator starts now: one line per move. Ctrl-C stops the simulator and Loupe.',
    rule,
  ].join('\n');
}

/** How many jobs get a public tracking link and a message to their customer in the demo. */
const DEMO_PUBLIC_LINKS = 4;

/**
 * Customer messages and public tracking (issue 15 §5–6): the shop's contact, messages sent automatically from
 * now on, and a few jobs with a tracking link and a message already in the outbox (no SMTP or SMS sender in
 * the demo, so they wait there and say why).
 */
async function seedCustomerMessages(admin: LoupeClient, workshop: TWorkshop): Promise<string[]> {
  await admin.request('PUT', '/settings/general', {
    shopPhone: '+1 555 010 4242',
    shopEmail: 'hello@atelier.example',
    shopAddressLines: ['12 Goldsmith Row', 'Springfield, IL 62701'],
  });
  await admin.request('PUT', '/settings/customer-messages', { sendMode: 'automatic' });
  const links: string[] = [];
  for (const item of workshop.items.slice(0, DEMO_PUBLIC_LINKS)) {
    const link = await admin.data<{ url: string }>('POST', `/${item.kind}s/${item.id}/tracking-link`);
    links.push(`    ${item.number.padEnd(12)} ${link.url}`);
    await admin.request('POST', `/${item.kind}s/${item.id}/customer-message`, { event: 'received' });
  }
  return links;
}

/**
 * A real workshop has a few late jobs: every tenth open job of the board is given a promised date a few days
 * back (the demo's history promises everything in the future), so the alerts feed has something to say.
 */
async function makeSomeJobsLate(admin: LoupeClient): Promise<number> {
  let late = 0;
  for (const kind of ['order', 'repair'] as const) {
    const board = await admin.data<{ columns: { jobs: { id: string }[] }[] }>(
      'GET',
      `/workflow/board?kind=${kind}`,
    );
    const jobs = board.columns.flatMap((column) => column.jobs).filter((_, index) => index % 10 === 3);
    for (const [index, job] of jobs.entries()) {
      const promisedDate = new Date(Date.now() - (index + 1) * 86_400_000).toISOString().slice(0, 10);
      await admin.request('PATCH', `/${kind}s/${job.id}`, { promisedDate });
      late += 1;
    }
  }
  return late;
}

async function main(): Promise<void> {
  const started = Date.now();
  const host = process.env.HOST || '127.0.0.1';
  const port = numberFrom(process.env.PORT, 3000);
  const orders = numberFrom(process.env.DEMO_ORDERS, 50);
  const repairs = numberFrom(process.env.DEMO_REPAIRS, 30);

  if (!(await isPortFree(port, host)))
    refuse(`PORT ${port} is taken: stop what uses it, or run PORT=3100 npm run demo.`);
  let mqttPort = numberFrom(process.env.MQTT_PORT, 1883);
  let mqttNote = '';
  if (!(await isPortFree(mqttPort, host))) {
    const taken = mqttPort;
    mqttPort = await freePort(host);
    mqttNote = `  (port ${taken} is taken, e.g. by Mosquitto, so Loupe's broker uses ${mqttPort})`;
    say(`MQTT port ${taken} is taken; Loupe's embedded broker uses ${mqttPort} instead.`);
  }

  assertNoDemoRunning();
  rmSync(DATA_DIR, { recursive: true, force: true });
  mkdirSync(DATA_DIR, { recursive: true });

  say(`Starting Loupe on ${host}:${port} with a fresh ${path.basename(DATA_DIR)}/ …`);
  const startLoupe = () =>
    startLoupeProcess({
      port,
      mqttPort,
      host,
      dataDir: DATA_DIR,
      admin: { email: emailOf('admin'), password: passwordOf('admin') },
      logLevel: 'warn',
      stdio: 'pipe',
      onOutput: showLoupeLine,
      // Its own database and broker, whatever this shell points Loupe at.
      env: {
        DATABASE_URL: '',
        MQTT_URL: '',
        REDIS_URL: '',
        SIGN_IN_LIMIT_PER_IP_PER_MINUTE: '600',
        // Unset unless given: browsers then sign in wherever they reached Loupe (localhost, a LAN address).
        PUBLIC_URL: process.env.PUBLIC_URL ?? '',
      },
    }).catch((error: unknown) => refuse((error as Error).message));
  let loupe: TLoupeProcess = await startLoupe();
  say(`Loupe is up at ${loupe.url} (${((Date.now() - started) / 1000).toFixed(1)} s)`);

  let simulator: ChildProcess | null = null;
  let llrpReader: { close: () => Promise<void> } | null = null;
  let stopping = false;
  const stopAll = async (code: number) => {
    if (stopping) return;
    stopping = true;
    say('Stopping…');
    if (simulator !== null && simulator.exitCode === null && simulator.signalCode === null) {
      const exited = new Promise((resolve) => simulator?.once('exit', resolve));
      simulator.kill('SIGTERM');
      await exited;
    }
    await loupe.stop();
    await llrpReader?.close();
    say('Stopped.');
    process.exit(code);
  };
  process.on('SIGINT', () => void stopAll(0));
  process.on('SIGTERM', () => void stopAll(0));
  let restarting = false;
  const watch = (running: TLoupeProcess) =>
    running.child.once('exit', (exitCode) => {
      if (stopping || restarting) return;
      // Ctrl-C reaches Loupe too, and it stops by itself.
      if (exitCode === 0) return void stopAll(0);
      console.error(`[demo] Loupe exited unexpectedly (code ${exitCode}).\n${running.output()}`);
      void stopAll(1);
    });
  watch(loupe);

  try {
    const admin = await LoupeClient.signIn(loupe.url, emailOf('admin'), passwordOf('admin'));
    // Everyone but the bootstrap admin is invited with a temporary password; signing in once answers the
    // NEW_PASSWORD_REQUIRED challenge with that same password, so the printed one works at once.
    await Promise.all(
      ROLES.filter((role) => role !== 'admin').map(async (role) => {
        await admin.request('POST', '/users', {
          email: emailOf(role),
          ...STAFF_BY_ROLE[role],
          role,
          temporaryPassword: passwordOf(role),
        });
        await LoupeClient.signIn(loupe.url, emailOf(role), passwordOf(role));
      }),
    );
    say(`Created ${ROLES.length} users, one of each role`);

    const workshop = await seedWorkshop(admin, {
      orders,
      repairs,
      withHistory: true,
      onProgress: (line) => say(line),
    });
    await Promise.all(
      BENCH_STAFF.map((person) =>
        admin.request('POST', '/users', {
          email: `${person.firstName.toLowerCase()}@atelier.example`,
          ...person,
          role: 'production',
          temporaryPassword: passwordOf('production'),
        }),
      ),
    );
    // The closing count (issue 37 §5): the workshop's safe, a station in QA with its own antenna.
    await createDemoSafe(admin, workshop);
    // Analytics (issue 13): months of delivered work, written while Loupe is stopped (the API delivers only now).
    restarting = true;
    await loupe.stop();
    const database = await openDatabase({ kind: 'pglite', dataDir: DATA_DIR });
    const { past, labour, closingCount, facilities } = await (async () => {
      const delivered = await seedDeliveredHistory(database.db, {
        now: new Date(),
        orders: DEMO_DELIVERED_ORDERS,
        repairs: DEMO_DELIVERED_REPAIRS,
        days: DEMO_HISTORY_DAYS,
      });
      // Work time (issue 37 §3): finished timers on those jobs' phases, for the labour figures.
      const labour = await seedWorkSessions(database.db, { now: new Date() });
      // Last working day's closing count, kept as its report: every open piece in the safe but one.
      const closingCount = await seedClosingCount(database.db, { now: new Date() });
      // Issue 39 §5: two stores and a casting house, jobs taken in at the stores, and bags between them.
      const facilities = await seedDemoFacilities(database.db, { now: new Date() });
      return { past: delivered, labour, closingCount, facilities };
    })().finally(() => database.close());
    loupe = await startLoupe();
    restarting = false;
    watch(loupe);
    say(
      `${past.delivered} orders and repairs delivered over the last ${DEMO_HISTORY_DAYS} days (${past.late} late), ${past.reads} reads: the analytics screens`,
    );
    say(
      `${labour.sessions} finished work sessions, ${labour.hours} hours of labour on their steps (job pages, Workflow Analytics: labour vs dwell)`,
    );
    say(
      `A safe in QA read by antenna 5 of the foundry reader; last closing's count found ${closingCount.expected - 1} of ${closingCount.expected} pieces, ${closingCount.missing ?? 'none'} missing (Safe Counts, Alerts)`,
    );
    say(
      `${facilities.stores.join(' and ')} take in and hand over ${facilities.jobsAtStores} jobs; ${facilities.bags} bags between them, the workshop and ${DEMO_VENDOR.name}: one on its way, one arrived short, one overdue at the vendor (Transit Analytics)`,
    );
    const assigned = await assignDemoWork(admin);
    say(
      `Gave out the current step of ${assigned} jobs to ${BENCH_STAFF.length + ROLES.length} staff (Workflow Dashboard)`,
    );
    const timers = await startDemoTimers(admin);
    say(`Timers running: ${timers.join('; ') || 'none'} (the station's kiosk and TV show them)`);
    await admin.request('PUT', '/settings/general', { offsiteCheckInterval: DEMO_OFFSITE_CHECK_MINUTES });
    say(
      `Offsite sweep every ${DEMO_OFFSITE_CHECK_MINUTES} minute, so the demo shows offsite and returned pieces at once`,
    );
    const trackingLinks = await seedCustomerMessages(admin, workshop);
    say(
      `${trackingLinks.length} jobs have a public tracking link and a message to their customer in the outbox`,
    );
    const withMaterials = await seedDemoMaterials(admin, workshop);
    say(
      `${withMaterials.join(', ')} came in with the customer's diamond, gold chain or sapphires, signed for (the job page's Materials card, Print envelope)`,
    );
    const designs = await seedDesignLibrary(admin);
    const designer = await LoupeClient.signIn(loupe.url, emailOf('designer'), passwordOf('designer'));
    const designRequests = await seedDesignRequests(designer);
    say(
      `${designs} designs in the library's folders; ${designRequests.count} design requests in the Designer Workspace${designRequests.approvalUrl ? `, one waiting for the customer at ${designRequests.approvalUrl}` : ''}`,
    );
    const late = await makeSomeJobsLate(admin);
    say(`${late} jobs are past their promised date: overdue alerts within a minute`);
    // Alerts (issue 15): a dock reader that says hello once and then falls silent, and a two-minute limit, so
    // the demo raises a silent reader during opening hours beside the stuck and late pieces of its history.
    const dock = await admin.data<{ apiKey: string }>('POST', '/readers', {
      id: 'dock-fx9600',
      name: 'Loading dock FX9600',
      kind: 'zebra',
    });
    await postReaderPayload(
      loupe.url,
      dock.apiKey,
      'zebra',
      zebraHeartbeat({ hostName: 'dock-fx9600', utcOffsetMinutes: 0 }, new Date()),
    );
    await admin.request('PUT', '/alerts/rules', {
      ...ALERT_RULE_DEFAULTS,
      'reader-silent': { ...ALERT_RULE_DEFAULTS['reader-silent'], limit: DEMO_SILENT_READER_MINUTES },
      'stuck-at-station': { ...ALERT_RULE_DEFAULTS['stuck-at-station'], limit: DEMO_STUCK_HOURS },
    });
    say(
      `Alerts: the loading dock's reader falls silent; after ${DEMO_SILENT_READER_MINUTES} minutes within opening hours it is an alert, and pieces still for ${DEMO_STUCK_HOURS} hours are stuck (Alerts, the bell)`,
    );
    const llrp = await startDemoLlrpReader(admin, numberFrom(process.env.DEMO_LLRP_PORT, 0));
    llrpReader = llrp;
    say(llrp.summary);
    // Settings › notifications: the manager takes the daily digest (in the mail outbox once the workshop has
    // opened on a working day) and keeps the night quiet.
    const manager = await LoupeClient.signIn(loupe.url, emailOf('manager'), passwordOf('manager'));
    await manager.request('PUT', '/settings/notifications', {
      dailyDigest: true,
      quietHours: { start: '20:00', end: '07:00' },
    });
    say('The manager takes the daily digest and no alert e-mails 20:00–07:00 (Settings › notifications)');
    // A note that mentions the bench jeweler: Marco finds it in his bell.
    const [noted] = (
      await manager.data<{ items: { id: string; orderNumber: string }[] }>('GET', '/orders?limit=3')
    ).items;
    if (noted) {
      await manager.request('PATCH', `/orders/${noted.id}`, {
        notes: '@Marco the customer asked for a softer satin finish on the inside: please check before QA.',
      });
      say(`${noted.orderNumber}'s notes mention @Marco: the production user finds it in the bell`);
    }
    // Settings › System health: what the staff's browsers would have reported over the last day.
    const staffBrowsers = await Promise.all(
      (['manager', 'salesperson', 'production', 'qa'] as const).map((role) =>
        LoupeClient.signIn(loupe.url, emailOf(role), passwordOf(role)),
      ),
    );
    const telemetry = await reportDemoBrowserTelemetry(staffBrowsers);
    say(
      `The staff's browsers reported ${telemetry.metrics} request timings and ${telemetry.errors} errors over the last day (Settings › System health)`,
    );
    const workshopFile = path.join(DATA_DIR, 'workshop.json');
    writeFileSync(workshopFile, `${JSON.stringify(workshop, null, 2)}\n`, { mode: 0o600 });
    say(`Workshop ready ${((Date.now() - started) / 1000).toFixed(1)} s after start`);

    const browserUrl = process.env.PUBLIC_URL || `http://localhost:${port}`;
    console.info(
      `\n${banner({ url: browserUrl, mqttUrl: loupe.mqttUrl, mqttNote, workshop, orders, repairs, trackingLinks })}\n`,
    );

    simulator = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        SIMULATOR,
        '--workshop',
        workshopFile,
        '--loupe-url',
        loupe.url,
        '--mqtt-url',
        loupe.mqttUrl,
      ],
      {
        cwd: path.dirname(import.meta.dirname),
        env: { ...process.env, LOUPE_EMAIL: emailOf('admin'), LOUPE_PASSWORD: passwordOf('admin') },
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    simulator.once('exit', (exitCode) => {
      if (stopping) return;
      console.error(
        `[demo] the reader simulator exited (code ${exitCode}); Loupe keeps running. Ctrl-C to stop.`,
      );
    });
  } catch (error) {
    console.error('[demo] setting up the workshop failed:', error);
    await stopAll(1);
  }
}

main().catch((error: unknown) => {
  console.error('[demo] failed:', error);
  process.exit(1);
});
