import type { TRole } from '@loupe/domain/auth/roles';
import { AppError, ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { forbidden } from '../lib/service-errors.ts';
import type { TCurrentUser } from '../modules/auth/current-user.ts';
import type { TTvDevice } from '../modules/tv/service.ts';

/**
 * Who may call a route. Deny by default: every /api route must declare one (checked at registration and
 * by a test enumerating the routes), and the declaration is enforced here, never in the UI.
 * - 'public': anyone, signed in or not;
 * - 'signed-in': any signed-in user with a verified e-mail;
 * - 'signed-in-unverified': signed in, e-mail not yet verified is fine (profile, logout);
 * - 'reader': an RFID reader presenting its API key (issue 6); people's tokens do not count here;
 * - 'tv-device': a paired station TV presenting its device credential (issue 14); people's tokens do not count;
 * - a role list: signed-in users with one of those roles.
 */
export type TAccess =
  | 'public'
  | 'signed-in'
  | 'signed-in-unverified'
  | 'reader'
  | 'tv-device'
  | readonly TRole[];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: TAccess;
    /** Mutating routes called by machines with their own credentials (identity protocol, reader ingest). */
    csrfExempt?: boolean;
  }
  interface FastifyRequest {
    currentUser: TCurrentUser | null;
    /** The reader whose API key authenticated a 'reader' route. */
    currentReaderId: string | null;
    /** The station TV whose credential authenticated a 'tv-device' route. */
    currentDevice: TTvDevice | null;
  }
}

export type TRegisteredRoute = {
  readonly method: string;
  readonly url: string;
  readonly access: TAccess | undefined;
};

/** Every /api route of the app with its declared rule, for start-up checks and the deny-by-default test. */
export class RouteRegistry {
  // Route options objects are kept by reference: a plugin's own onRoute hook may set `config` after ours ran.
  readonly #routes: RouteOptions[] = [];

  add(route: RouteOptions): void {
    this.#routes.push(route);
  }

  list(): TRegisteredRoute[] {
    return this.#routes.flatMap((route) =>
      (Array.isArray(route.method) ? route.method : [route.method]).map((method) => ({
        method,
        url: route.url,
        access: route.config?.access,
      })),
    );
  }
}

export type TAccessControlOptions = {
  /** Resolves the bearer token to a user, or throws UNAUTHENTICATED. */
  readonly authenticate: (request: FastifyRequest) => Promise<TCurrentUser>;
  /** Resolves a reader's API key (X-API-Key or Bearer) to its reader id, or throws UNAUTHENTICATED. */
  readonly authenticateReader?: (request: FastifyRequest) => Promise<string>;
  /** Resolves a station TV's `Authorization: Device …` credential, or throws DEVICE_NOT_PAIRED. */
  readonly authenticateDevice?: (request: FastifyRequest) => Promise<TTvDevice>;
  readonly routes: RouteRegistry;
};

export function registerAccessControl(app: FastifyInstance, options: TAccessControlOptions): void {
  app.decorateRequest('currentUser', null);
  app.decorateRequest('currentReaderId', null);
  app.decorateRequest('currentDevice', null);

  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.url.startsWith('/api')) options.routes.add(route);
  });

  // A route that declares no rule stops start-up: nothing under /api is reachable by accident.
  app.addHook('onReady', async () => {
    const undeclared = options.routes.list().filter((route) => route.access === undefined);
    if (undeclared.length > 0) {
      const names = undeclared.map((route) => `${route.method} ${route.url}`).join(', ');
      throw new Error(`routes without an access rule (config.access): ${names}`);
    }
  });

  // onRequest, before the body is parsed or validated: a caller who may not use a route learns nothing of it.
  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config.access;
    if (access === undefined) {
      // Routes outside /api (the web app) are public files; /api routes cannot get here without a rule.
      if (request.routeOptions.url?.startsWith('/api')) {
        throw forbidden('This route is not available.');
      }
      return;
    }
    if (access === 'public') return;
    if (access === 'reader') {
      // The challenge tells a reader's HTTP client (R700 webhook, Zebra HTTP POST) to send its Basic credentials.
      reply.header('www-authenticate', 'Basic realm="Loupe RFID ingest", charset="UTF-8"');
      if (!options.authenticateReader) throw new AppError('UNAUTHENTICATED', 'A reader API key is required.');
      request.currentReaderId = await options.authenticateReader(request);
      reply.removeHeader('www-authenticate');
      return;
    }
    if (access === 'tv-device') {
      if (!options.authenticateDevice) throw new AppError('DEVICE_NOT_PAIRED', 'This TV is not paired.');
      request.currentDevice = await options.authenticateDevice(request);
      return;
    }
    const user = await options.authenticate(request);
    request.currentUser = user;
    if (access === 'signed-in-unverified') return;
    if (!user.emailVerified) {
      throw new AppError('EMAIL_NOT_VERIFIED', ERROR_MESSAGES.emailNotVerified);
    }
    if (access === 'signed-in') return;
    if (!access.includes(user.role)) {
      throw forbidden();
    }
  });
}
