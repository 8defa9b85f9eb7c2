import { ROLES, type TRole } from '@loupe/domain/auth/roles';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RouteRegistry, registerAccessControl, type TAccess } from '../src/plugins/access-control.ts';
import { readAccessTable } from './support/access-table.ts';
import { createTestApp, type TTestApp, type TTestClient } from './support/test-app.ts';

/**
 * Who may call each route, written out independently of the route files: a route whose declaration
 * drifts from this table, or a route missing from it, fails here.
 */
const WRITTEN_OUT_ACCESS: Readonly<Record<string, TAccess>> = {
  'GET /api/config': 'public',
  'GET /api/health': 'public',
  'GET /api/openapi.json': 'public',
  'GET /api/auth/csrf-token': 'public',
  'POST /api/idp': 'public',
  'GET /api/idp/.well-known/jwks.json': 'public',
  'POST /api/v1/auth/register': 'public',
  'POST /api/v1/auth/verify-email': 'public',
  'POST /api/v1/auth/resend-verification': 'public',
  'POST /api/v1/auth/forgot-password': 'public',
  'POST /api/v1/auth/reset-password': 'public',
  'GET /api/v1/auth/profile': 'signed-in-unverified',
  'PUT /api/v1/auth/profile': 'signed-in',
  'POST /api/v1/auth/change-password': 'signed-in',
  'POST /api/v1/auth/logout': 'signed-in-unverified',
  'GET /api/v1/users': ['admin'],
  'POST /api/v1/users': ['admin'],
  'PATCH /api/v1/users/:id': ['admin'],
  'DELETE /api/v1/users/:id': ['admin'],
  'POST /api/v1/users/:id/unlock': ['admin'],
  'POST /api/v1/users/:id/mfa/reset': ['admin'],
  'GET /api/v1/mail/outbox': ['admin'],
  // Issue 36 §2: every browser reports its own errors and timings; only admins read them.
  'POST /api/v1/telemetry/client': 'signed-in',
  'GET /api/v1/telemetry/health': ['admin'],
  'GET /api/v1/settings/security': ['admin'],
  'PUT /api/v1/settings/security': ['admin'],
  'GET /api/v1/settings/general': ['admin', 'manager'],
  'PUT /api/v1/settings/general': ['admin', 'manager'],
  'GET /api/v1/settings/backups': ['admin', 'manager'],
  'POST /api/v1/settings/backups': ['admin', 'manager'],
  'GET /api/v1/settings/notifications': 'signed-in',
  'PUT /api/v1/settings/notifications': 'signed-in',
  'GET /api/v1/settings/orders': ['admin', 'manager'],
  'GET /api/v1/settings/workshop-defaults': 'signed-in',
  'PUT /api/v1/settings/orders': ['admin', 'manager'],
  // Workshop registry (issue 5): what managers change is in docs/security.md's access table (decision 004).
  'GET /api/v1/locations': 'signed-in',
  'GET /api/v1/locations/:id': 'signed-in',
  'GET /api/v1/departments': 'signed-in',
  'GET /api/v1/departments/by-name/:name': 'signed-in',
  'GET /api/v1/departments/:id': 'signed-in',
  'GET /api/v1/departments/:id/stations': 'signed-in',
  'GET /api/v1/stations': 'signed-in',
  'GET /api/v1/stations/:id': 'signed-in',
  'GET /api/v1/readers': ['admin', 'manager'],
  'POST /api/v1/readers': ['admin'],
  'GET /api/v1/readers/:id': ['admin', 'manager'],
  'GET /api/v1/readers/last-reads': ['admin', 'manager'],
  'PATCH /api/v1/readers/:id': ['admin'],
  'DELETE /api/v1/readers/:id': ['admin'],
  'POST /api/v1/readers/:id/api-key': ['admin'],
  'PUT /api/v1/readers/:id/antennas/:antenna': ['admin'],
  'DELETE /api/v1/readers/:id/antennas/:antenna': ['admin'],
  'GET /api/v1/readers/:id/llrp': ['admin'],
  'PUT /api/v1/readers/:id/llrp': ['admin'],
  'POST /api/v1/readers/llrp/test': ['admin'],
  // Customers and catalog.
  'GET /api/v1/customers': 'signed-in',
  'POST /api/v1/customers': ['admin', 'manager', 'salesperson', 'operator', 'production'],
  'GET /api/v1/customers/:id': 'signed-in',
  'PATCH /api/v1/customers/:id': ['admin', 'manager', 'salesperson', 'operator', 'production'],
  'GET /api/v1/catalog/metal-types': 'signed-in',
  'POST /api/v1/catalog/metal-types': ['admin', 'manager'],
  'PATCH /api/v1/catalog/metal-types/:id': ['admin', 'manager'],
  'DELETE /api/v1/catalog/metal-types/:id': ['admin', 'manager'],
  'GET /api/v1/catalog/product-types': 'signed-in',
  'POST /api/v1/catalog/product-types': ['admin', 'manager'],
  'PATCH /api/v1/catalog/product-types/:id': ['admin', 'manager'],
  'DELETE /api/v1/catalog/product-types/:id': ['admin', 'manager'],
  'GET /api/v1/catalog/design-folders': 'signed-in',
  'POST /api/v1/catalog/design-folders': ['admin', 'manager', 'designer'],
  'PATCH /api/v1/catalog/design-folders/:id': ['admin', 'manager', 'designer'],
  'DELETE /api/v1/catalog/design-folders/:id': ['admin', 'manager', 'designer'],
  'GET /api/v1/catalog/designs': 'signed-in',
  'POST /api/v1/catalog/designs': ['admin', 'manager', 'designer'],
  'GET /api/v1/catalog/designs/:id': 'signed-in',
  'PATCH /api/v1/catalog/designs/:id': ['admin', 'manager', 'designer'],
  'DELETE /api/v1/catalog/designs/:id': ['admin', 'manager', 'designer'],
  'POST /api/v1/catalog/designs/:id/images': ['admin', 'manager', 'designer'],
  'DELETE /api/v1/catalog/designs/:id/images/:imageId': ['admin', 'manager', 'designer'],
  'POST /api/v1/catalog/designs/:id/copy': ['admin', 'manager', 'designer'],
  'GET /api/v1/attachments/:id': 'signed-in',
  // Orders and repairs.
  'GET /api/v1/orders': 'signed-in',
  'POST /api/v1/orders': ['admin', 'manager', 'salesperson'],
  'GET /api/v1/orders/:id': 'signed-in',
  'PATCH /api/v1/orders/:id': ['admin', 'manager', 'salesperson'],
  'GET /api/v1/orders/:id/history': 'signed-in',
  'POST /api/v1/orders/:id/photos': ['admin', 'manager', 'salesperson'],
  'DELETE /api/v1/orders/:id/photos/:imageId': ['admin', 'manager', 'salesperson'],
  'GET /api/v1/repairs': ['admin', 'manager', 'salesperson', 'operator', 'production'],
  'POST /api/v1/repairs': ['admin', 'manager', 'operator', 'production'],
  'GET /api/v1/repairs/:id': ['admin', 'manager', 'salesperson', 'operator', 'production'],
  'PATCH /api/v1/repairs/:id': ['admin', 'manager', 'operator', 'production'],
  'GET /api/v1/repairs/:id/history': ['admin', 'manager', 'salesperson', 'operator', 'production'],
  'POST /api/v1/repairs/:id/photos': ['admin', 'manager', 'operator', 'production'],
  'DELETE /api/v1/repairs/:id/photos/:imageId': ['admin', 'manager', 'operator', 'production'],
  // Tracking (spec §7 for orders, the same for repairs).
  'GET /api/v1/tracking/orders': 'signed-in',
  'GET /api/v1/tracking/orders/:orderId': 'signed-in',
  'GET /api/v1/tracking/orders/:orderId/location-history': 'signed-in',
  'POST /api/v1/tracking/orders/update-location': 'signed-in',
  'POST /api/v1/tracking/assign-epc': ['admin', 'manager', 'salesperson'],
  'DELETE /api/v1/tracking/orders/:orderId': ['admin', 'manager', 'salesperson'],
  'POST /api/v1/tracking/orders/:orderId/expected-offsite': ['admin', 'manager', 'salesperson'],
  'POST /api/v1/tracking/orders/:orderId/return': ['admin', 'manager', 'salesperson'],
  'GET /api/v1/tracking/repairs': ['admin', 'manager', 'salesperson', 'operator', 'production'],
  'GET /api/v1/tracking/repairs/:repairId': ['admin', 'manager', 'salesperson', 'operator', 'production'],
  'GET /api/v1/tracking/repairs/:repairId/location-history': [
    'admin',
    'manager',
    'salesperson',
    'operator',
    'production',
  ],
  'POST /api/v1/tracking/repairs/update-location': ['admin', 'manager', 'operator', 'production'],
  'POST /api/v1/tracking/repairs/assign-epc': ['admin', 'manager', 'operator', 'production'],
  'DELETE /api/v1/tracking/repairs/:repairId': ['admin', 'manager', 'operator', 'production'],
  'GET /api/v1/tracking/offsite': ['admin', 'manager', 'salesperson'],
  'GET /api/v1/tracking/stats': 'signed-in',
  'GET /api/v1/tracking/stations/:stationId/items': 'signed-in',
  // Workflow (issue 12): every route is in docs/security.md's access table (DOCUMENTED_ACCESS).
  // Analytics (issue 13): the Workflow & Analytics screens and predictions, admins and managers only.
  'GET /api/v1/analytics/workflow': ['admin', 'manager'],
  'GET /api/v1/analytics/on-time': ['admin', 'manager'],
  'GET /api/v1/analytics/product-types': ['admin', 'manager'],
  'GET /api/v1/analytics/comparison': ['admin', 'manager'],
  'GET /api/v1/analytics/capacity': ['admin', 'manager'],
  'GET /api/v1/analytics/root-cause': ['admin', 'manager'],
  'GET /api/v1/analytics/predictions': 'signed-in',
  // RFID ingest: readers with their API key, never people.
  'GET /api/v1/rfid/status': ['admin'],
  'POST /api/v1/rfid/passed-over/replay': ['admin'],
  'GET /api/v1/settings/mqtt': ['admin'],
  'POST /api/v1/rfid/reads': 'reader',
  'POST /api/v1/rfid/zebra': 'reader',
  'POST /api/v1/rfid/impinj': 'reader',
  // Station TVs (issue 14): pairing is public; a TV's own routes take its device credential, never a person's.
  'POST /api/v1/tv/pairings': 'public',
  'GET /api/v1/tv/device': 'tv-device',
  'GET /api/v1/tv/screen': 'tv-device',
  'GET /api/v1/stations/:id/screen': 'signed-in',
  'GET /api/v1/tv-displays': ['admin', 'manager'],
  'POST /api/v1/tv-displays': ['admin', 'manager'],
  'PATCH /api/v1/tv-displays/:id': ['admin', 'manager'],
  'DELETE /api/v1/tv-displays/:id': ['admin', 'manager'],
  // Alerts and the bell (issue 15): the feed is the spec's /alerts roles; rules and resolving for managers.
  'GET /api/v1/alerts': ['admin', 'manager', 'designer'],
  'POST /api/v1/alerts/:id/acknowledge': ['admin', 'manager', 'designer'],
  'POST /api/v1/alerts/:id/resolve': ['admin', 'manager'],
  'GET /api/v1/alerts/rules': ['admin', 'manager', 'designer'],
  'PUT /api/v1/alerts/rules': ['admin', 'manager'],
  // The assistant (issue 16): everyone has their own conversations; /ai/settings is in docs/security.md's table.
  'GET /api/v1/assistant/conversations': 'signed-in',
  'POST /api/v1/assistant/conversations': 'signed-in',
  'GET /api/v1/assistant/conversations/:id': 'signed-in',
  'PATCH /api/v1/assistant/conversations/:id': 'signed-in',
  'DELETE /api/v1/assistant/conversations/:id': 'signed-in',
  'POST /api/v1/assistant/conversations/:id/messages': 'signed-in',
  'GET /api/v1/notifications': 'signed-in',
  'POST /api/v1/notifications/:id/read': 'signed-in',
  'POST /api/v1/notifications/read-all': 'signed-in',
  // Public tracking links (issue 15 §6): in docs/security.md's access table.
  // Customer messages (issue 15 §5): settings and the outbox for admins and managers; sending for those who
  // change the job's status.
  'GET /api/v1/settings/customer-messages': ['admin', 'manager'],
  'GET /api/v1/customer-messages': ['admin', 'manager'],
  'POST /api/v1/customer-messages/:id/retry': ['admin', 'manager'],
  'GET /api/v1/orders/:id/customer-message': ['admin', 'manager', 'salesperson'],
  'POST /api/v1/orders/:id/customer-message': ['admin', 'manager', 'salesperson'],
  'GET /api/v1/repairs/:id/customer-message': ['admin', 'manager', 'operator', 'production'],
  'POST /api/v1/repairs/:id/customer-message': ['admin', 'manager', 'operator', 'production'],
  // Webhooks (issue 41): Settings › integrations, admins only.
  'GET /api/v1/webhooks': ['admin'],
  'POST /api/v1/webhooks': ['admin'],
  'PATCH /api/v1/webhooks/:id': ['admin'],
  'DELETE /api/v1/webhooks/:id': ['admin'],
  'POST /api/v1/webhooks/:id/rotate-secret': ['admin'],
  'POST /api/v1/webhooks/:id/test': ['admin'],
  'GET /api/v1/webhooks/deliveries': ['admin'],
  'POST /api/v1/webhooks/deliveries/:id/replay': ['admin'],
  // EPCIS 2.0 (issue 41): events and exports for admins and managers, the capture repository for admins — in
  // docs/security.md's access table.
  // Design requests (issue 17 §4): designers and admins work on them; salespeople see their customers' and send
  // them for approval; the customer's approval page is public, behind its link.
  'GET /api/v1/design-requests': ['admin', 'salesperson', 'designer'],
  'POST /api/v1/design-requests': ['admin', 'manager', 'salesperson', 'designer'],
  'GET /api/v1/design-requests/:id': ['admin', 'salesperson', 'designer'],
  'PATCH /api/v1/design-requests/:id': ['admin', 'designer'],
  'POST /api/v1/design-requests/:id/revisions': ['admin', 'designer'],
  'POST /api/v1/design-requests/:id/revisions/:revisionId/files': ['admin', 'designer'],
  'DELETE /api/v1/design-requests/:id/revisions/:revisionId/files/:fileId': ['admin', 'designer'],
  'POST /api/v1/design-requests/:id/revisions/:revisionId/approval-link': [
    'admin',
    'salesperson',
    'designer',
  ],
  'DELETE /api/v1/design-requests/:id/revisions/:revisionId/approval-link': [
    'admin',
    'salesperson',
    'designer',
  ],
  'GET /api/v1/public/design-approvals/:token': 'public',
  'GET /api/v1/public/design-approvals/:token/files/:fileId': 'public',
  'POST /api/v1/public/design-approvals/:token/decision': 'public',
};

/**
 * Where spec §6 is silent, docs/security.md's access table says who may call each route and why (issue 34 §5):
 * read from the page, so the page and the server cannot drift.
 */
const DOCUMENTED_ACCESS: Readonly<Record<string, TAccess>> = Object.fromEntries(
  Object.entries(readAccessTable()).map(([route, { access }]) => [route, access]),
);
const EXPECTED_ACCESS: Readonly<Record<string, TAccess>> = { ...WRITTEN_OUT_ACCESS, ...DOCUMENTED_ACCESS };

type TOutcome = 'allowed' | 'unauthenticated' | 'forbidden';

function expectedOutcome(access: TAccess, caller: TRole | 'anonymous'): TOutcome {
  if (access === 'public') return 'allowed';
  // Nobody in this matrix holds a reader key or a TV's credential: a signed-in person is neither.
  if (access === 'reader' || access === 'tv-device') return 'unauthenticated';
  if (caller === 'anonymous') return 'unauthenticated';
  if (access === 'signed-in' || access === 'signed-in-unverified') return 'allowed';
  return access.includes(caller) ? 'allowed' : 'forbidden';
}

/**
 * The cells issue 20 §5 settled, written out caller by caller from spec §6 rather than derived from a role
 * list: each must agree with EXPECTED_ACCESS, and every cell of EXPECTED_ACCESS is tried against the app below.
 * Station scans stay open to whoever stands at the station (docs/decisions/005-station-scans-open-to-staff.md).
 */
const A = 'allowed';
const F = 'forbidden';
const U = 'unauthenticated';
const SPEC_6_CELLS: Readonly<Record<string, Readonly<Record<TRole | 'anonymous', TOutcome>>>> = {
  // Repair create and manage: admin, manager, operator, production.
  'POST /api/v1/tracking/repairs/update-location': {
    anonymous: U,
    admin: A,
    manager: A,
    salesperson: F,
    designer: F,
    operator: A,
    production: A,
    qa: F,
  },
  // Everyone follows orders (spec §7's tracking calls).
  'POST /api/v1/tracking/orders/update-location': {
    anonymous: U,
    admin: A,
    manager: A,
    salesperson: A,
    designer: A,
    operator: A,
    production: A,
    qa: A,
  },
  // Open to all; repair counts only for the roles that see repairs (STATS_REPAIR_COUNTS).
  'GET /api/v1/tracking/stats': {
    anonymous: U,
    admin: A,
    manager: A,
    salesperson: A,
    designer: A,
    operator: A,
    production: A,
    qa: A,
  },
  'POST /api/v1/tracking/stations/:stationId/scans': {
    anonymous: U,
    admin: A,
    manager: A,
    salesperson: A,
    designer: A,
    operator: A,
    production: A,
    qa: A,
  },
  // Settings access: general and orders: admin, manager.
  'GET /api/v1/settings/general': {
    anonymous: U,
    admin: A,
    manager: A,
    salesperson: F,
    designer: F,
    operator: F,
    production: F,
    qa: F,
  },
  'GET /api/v1/settings/orders': {
    anonymous: U,
    admin: A,
    manager: A,
    salesperson: F,
    designer: F,
    operator: F,
    production: F,
    qa: F,
  },
  // What the other screens need of those two sections: number prefixes, lead times, offsite timings.
  'GET /api/v1/settings/workshop-defaults': {
    anonymous: U,
    admin: A,
    manager: A,
    salesperson: A,
    designer: A,
    operator: A,
    production: A,
    qa: A,
  },
};

/** Whether GET /tracking/stats counts repairs for a role: the repair viewers of spec §2 and §6. */
const STATS_REPAIR_COUNTS: Readonly<Record<TRole, boolean>> = {
  admin: true,
  manager: true,
  salesperson: true,
  designer: false,
  operator: true,
  production: true,
  qa: false,
};

function outcomeOf(status: number, code: unknown): TOutcome {
  if (status === 401) return 'unauthenticated';
  if (status === 403 && code !== 'CSRF_INVALID') return 'forbidden';
  return 'allowed';
}

// Any value reaches the handler (it answers 400 or 404, 'allowed'): what is checked is who got past onRequest.
const concreteUrl = (url: string) =>
  url.replace(':antenna', '1').replace(/:\w+/g, '00000000-0000-4000-8000-000000000000');

describe('the access table of docs/security.md', () => {
  it('is the one place its routes are written: none is also written out here', () => {
    const twice = Object.keys(DOCUMENTED_ACCESS).filter((route) => route in WRITTEN_OUT_ACCESS);
    expect(twice).toEqual([]);
  });
});

describe('deny by default', () => {
  it('refuses to start when an /api route declares no access rule', async () => {
    const app = Fastify();
    registerAccessControl(app, {
      routes: new RouteRegistry(),
      authenticate: async () => {
        throw new Error('not reached');
      },
    });
    app.get('/api/v1/forgotten', async () => 'open?');
    await expect(app.ready()).rejects.toThrow(
      'routes without an access rule (config.access): GET /api/v1/forgotten',
    );
  });
});

describe('the cells of spec §6 issue 20 §5 settled', () => {
  const callers = ['anonymous', ...ROLES] as const;
  it.each(Object.entries(SPEC_6_CELLS))(
    '%s: the access table gives every caller its cell',
    (route, cells) => {
      const access = EXPECTED_ACCESS[route];
      expect(access, `${route} is missing from EXPECTED_ACCESS`).toBeDefined();
      if (access === undefined) return;
      const derived = Object.fromEntries(callers.map((caller) => [caller, expectedOutcome(access, caller)]));
      expect(derived).toEqual(cells);
    },
  );
});

// PGlite only: the rules under test are the server's, not the database's (each module's suite runs on both).
describe.each(['pglite'] as const)('route access on %s', (database) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp({ database });
  });
  afterAll(() => t.close());

  it('every registered /api route declares the rule the table expects, and the table names no phantom route', () => {
    const registered = t.app.loupe.registeredRoutes
      .list()
      // Fastify adds a HEAD route for each GET, sharing its config; the API reference page is public.
      .filter((route) => route.method !== 'HEAD' && !route.url.startsWith('/api/docs'));
    const actual = Object.fromEntries(
      registered.map((route) => [`${route.method} ${route.url}`, route.access]),
    );
    expect(actual).toEqual(EXPECTED_ACCESS);
    const docs = t.app.loupe.registeredRoutes.list().filter((route) => route.url.startsWith('/api/docs'));
    expect(docs.length).toBeGreaterThan(0);
    for (const route of docs) expect(route.access).toBe('public');
  });

  const callers = ['anonymous', ...ROLES] as const;
  const cases = Object.entries(EXPECTED_ACCESS)
    .filter(([route]) => !route.startsWith('POST /api/idp'))
    .flatMap(([route, access]) =>
      callers.map((caller) => [route, caller, expectedOutcome(access, caller)] as const),
    );

  // One signed-in client per role for the whole matrix (signing in ~1,600 users was most of this file's time),
  // except for the routes that can end a session or change an account. Only the auth and users modules write to
  // a user or revoke a session (users.update, sessions.revoke*; POST /api/idp is not in the matrix): the caller's
  // own profile, password and sign-out, and an admin's changes to a user. A cell of theirs gets a user of its
  // own, so no cell sees what another did to its caller. (The public auth routes act on a token's or an
  // e-mail's user, never on the caller's.)
  const CHANGES_A_USER_OR_SESSION = new Set([
    'PUT /api/v1/auth/profile',
    'POST /api/v1/auth/change-password',
    'POST /api/v1/auth/logout',
    'POST /api/v1/users',
    'PATCH /api/v1/users/:id',
    'DELETE /api/v1/users/:id',
    'POST /api/v1/users/:id/unlock',
    'POST /api/v1/users/:id/mfa/reset',
  ]);
  it('names only routes of the table among those that change a user or a session', () => {
    expect([...CHANGES_A_USER_OR_SESSION].filter((route) => !(route in EXPECTED_ACCESS))).toEqual([]);
  });

  const signedInClients = new Map<TRole, Promise<TTestClient>>();
  const signedInClient = (role: TRole): Promise<TTestClient> => {
    let client = signedInClients.get(role);
    if (!client) {
      client = t.clientAs(role).then((signedIn) => signedIn.client);
      signedInClients.set(role, client);
    }
    return client;
  };

  it.each(cases)('%s as %s → %s', async (route, caller, expected) => {
    const [method = 'GET', url = ''] = route.split(' ');
    let client: TTestClient;
    if (caller === 'anonymous') client = t.client();
    else if (CHANGES_A_USER_OR_SESSION.has(route)) client = (await t.clientAs(caller)).client;
    else client = await signedInClient(caller);
    const response = await client.request(method, concreteUrl(url), method === 'GET' ? {} : { body: {} });
    const body = String(response.headers['content-type']).includes('json')
      ? (response.json() as { code?: string })
      : {};
    expect(
      outcomeOf(response.statusCode, body.code),
      `${response.statusCode} ${response.body.slice(0, 200)}`,
    ).toBe(expected);
  });

  let unverifiedAdmin: Promise<TTestClient> | undefined;
  it.each(
    Object.entries(EXPECTED_ACCESS).filter(
      ([, access]) =>
        access !== 'public' &&
        access !== 'signed-in-unverified' &&
        access !== 'reader' &&
        access !== 'tv-device',
    ),
  )('%s refuses a signed-in user whose e-mail is not verified', async (route) => {
    // One unverified admin for every route: each cell asserts the request was refused before its handler ran,
    // so none of them can change that user for the next.
    unverifiedAdmin ??= t.clientAs('admin').then(async ({ client, user }) => {
      await t.app.loupe.users.update(user.id, { emailVerified: false });
      return client;
    });
    const client = await unverifiedAdmin;
    const [method = 'GET', url = ''] = route.split(' ');
    const response = await client.request(method, concreteUrl(url), method === 'GET' ? {} : { body: {} });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
  });

  it.each(ROLES)('GET /tracking/stats as %s counts repairs only for a role that sees them', async (role) => {
    const { client } = await t.clientAs(role);
    const response = await client.request('GET', '/api/v1/tracking/stats');
    expect(response.statusCode).toBe(200);
    const keys = Object.keys(response.json().data);
    const repairKeys = ['activeRepairs', 'offsiteRepairs', 'returnedRepairs'];
    if (STATS_REPAIR_COUNTS[role]) expect(keys).toEqual(expect.arrayContaining(repairKeys));
    else expect(keys.filter((key) => repairKeys.includes(key))).toEqual([]);
  });

  it('refuses a mutating request without the CSRF token, even from an admin', async () => {
    const { client } = await t.clientAs('admin');
    const response = await client.request('PUT', '/api/v1/settings/security', {
      body: { selfRegistration: true },
      withoutCsrf: true,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'CSRF_INVALID' });
  });
});
