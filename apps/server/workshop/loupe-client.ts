/**
 * A small client of Loupe's HTTP API for the workshop kit (demo, simulator, benchmarks): signs in through
 * the embedded Cognito-compatible user pool at /api/idp, keeps the CSRF cookie and token (spec §7), and
 * refreshes the id token once when the API answers 401, so a long-running simulator stays signed in.
 */

/** The app client id of the embedded user pool (LOCAL_CLIENT_ID's default). */
export const DEFAULT_CLIENT_ID = 'loupe-web';

/** A non-2xx answer: names the call and carries the status and the body the API sent. */
export class LoupeApiError extends Error {
  override readonly name = 'LoupeApiError';
  constructor(
    readonly method: string,
    readonly path: string,
    readonly status: number,
    readonly body: string,
  ) {
    super(`${method} ${path} answered ${status}: ${body}`);
  }
}

type TAuthenticationResult = { IdToken: string; RefreshToken?: string };
type TIdpAnswer = {
  AuthenticationResult?: TAuthenticationResult;
  ChallengeName?: string;
  Session?: string;
  message?: string;
  __type?: string;
};

async function idpCall(baseUrl: string, operation: string, body: unknown): Promise<TIdpAnswer> {
  const response = await fetch(`${baseUrl}/api/idp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new LoupeApiError('POST', `/api/idp (${operation})`, response.status, text);
  return JSON.parse(text) as TIdpAnswer;
}

export type TSignInOptions = {
  /** The user pool's app client id (LOCAL_CLIENT_ID); default loupe-web. */
  readonly clientId?: string;
};

export class LoupeClient {
  readonly baseUrl: string;
  readonly #clientId: string;
  #idToken: string;
  #refreshToken: string | null;
  #cookie: string | null = null;
  #csrf: string | null = null;
  #csrfPending: Promise<void> | null = null;
  #refreshing: Promise<void> | null = null;

  private constructor(baseUrl: string, clientId: string, tokens: TAuthenticationResult) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
    this.#clientId = clientId;
    this.#idToken = tokens.IdToken;
    this.#refreshToken = tokens.RefreshToken ?? null;
  }

  /**
   * USER_PASSWORD_AUTH. An account made by an admin answers NEW_PASSWORD_REQUIRED at its first sign-in;
   * that challenge is confirmed with the same password, as the web client does (spec §4), so a temporary
   * password keeps working afterwards.
   */
  static async signIn(
    baseUrl: string,
    email: string,
    password: string,
    options: TSignInOptions = {},
  ): Promise<LoupeClient> {
    const root = baseUrl.replace(/\/+$/, '');
    const clientId = options.clientId ?? DEFAULT_CLIENT_ID;
    const answer = await idpCall(root, 'InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: clientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    });
    if (answer.AuthenticationResult) return new LoupeClient(root, clientId, answer.AuthenticationResult);
    if (answer.ChallengeName === 'NEW_PASSWORD_REQUIRED' && answer.Session) {
      const confirmed = await idpCall(root, 'RespondToAuthChallenge', {
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        ClientId: clientId,
        Session: answer.Session,
        ChallengeResponses: {
          USERNAME: email,
          NEW_PASSWORD: password,
          'userAttributes.name': email.split('@')[0] ?? email,
        },
      });
      if (confirmed.AuthenticationResult) {
        return new LoupeClient(root, clientId, confirmed.AuthenticationResult);
      }
    }
    throw new Error(`sign-in of ${email} did not complete: ${JSON.stringify(answer)}`);
  }

  get idToken(): string {
    return this.#idToken;
  }

  /**
   * A call under /api/v1: `path` is e.g. '/orders'. Resolves with the parsed JSON answer (the API's
   * `{ success, data }` envelope; see `data` to unwrap it); throws a LoupeApiError on a non-2xx answer.
   */
  async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const verb = method.toUpperCase();
    let response = await this.#send(verb, path, body);
    if (response.status === 401 && this.#refreshToken !== null) {
      await this.#refresh();
      response = await this.#send(verb, path, body);
    }
    if (response.status === 403 && (await isCsrfRefusal(response))) {
      // The token expired (CSRF tokens live two hours): fetch another and try once more, as the web does.
      this.#csrf = null;
      response = await this.#send(verb, path, body);
    }
    const text = await response.text();
    if (!response.ok) throw new LoupeApiError(verb, path, response.status, text);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** `request`, unwrapped: the `data` of the `{ success, data }` answer. */
  async data<T>(method: string, path: string, body?: unknown): Promise<T> {
    const answer = await this.request<{ data: T }>(method, path, body);
    return answer.data;
  }

  async #send(method: string, path: string, body: unknown): Promise<Response> {
    if (method !== 'GET' && method !== 'HEAD') await this.#ensureCsrf();
    const headers: Record<string, string> = {
      accept: 'application/json',
      authorization: `Bearer ${this.#idToken}`,
      'x-requested-with': 'XMLHttpRequest',
    };
    if (this.#cookie) headers.cookie = this.#cookie;
    if (method !== 'GET' && method !== 'HEAD' && this.#csrf) headers['x-csrf-token'] = this.#csrf;
    // A FormData body is multipart: fetch sets its content type with the boundary.
    const isForm = body instanceof FormData;
    if (body !== undefined && !isForm) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.baseUrl}/api/v1${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: isForm ? body : JSON.stringify(body) }),
    });
    // Every answer carries a fresh token for this session (spec §7's x-csrf-token header).
    const token = response.headers.get('x-csrf-token');
    if (token && this.#cookie) this.#csrf = token;
    return response;
  }

  /**
   * One CSRF secret cookie for the client's life and a token for its session (asked for with its bearer);
   * parallel first calls share the fetch.
   */
  #ensureCsrf(): Promise<void> {
    if (this.#csrf !== null) return Promise.resolve();
    this.#csrfPending ??= (async () => {
      const response = await fetch(`${this.baseUrl}/api/auth/csrf-token`, {
        headers: {
          authorization: `Bearer ${this.#idToken}`,
          ...(this.#cookie ? { cookie: this.#cookie } : {}),
        },
      });
      const text = await response.text();
      if (!response.ok) throw new LoupeApiError('GET', '/api/auth/csrf-token', response.status, text);
      this.#cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] || this.#cookie;
      this.#csrf = (JSON.parse(text) as { token: string }).token;
    })().finally(() => {
      this.#csrfPending = null;
    });
    return this.#csrfPending;
  }

  #refresh(): Promise<void> {
    this.#refreshing ??= (async () => {
      const answer = await idpCall(this.baseUrl, 'InitiateAuth', {
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: this.#clientId,
        AuthParameters: { REFRESH_TOKEN: this.#refreshToken ?? '' },
      });
      if (!answer.AuthenticationResult) throw new Error(`token refresh failed: ${JSON.stringify(answer)}`);
      this.#idToken = answer.AuthenticationResult.IdToken;
      if (answer.AuthenticationResult.RefreshToken) {
        this.#refreshToken = answer.AuthenticationResult.RefreshToken;
      }
    })().finally(() => {
      this.#refreshing = null;
    });
    return this.#refreshing;
  }
}

/** Whether a 403 is the CSRF check's (an expired token), not a permission refusal. */
async function isCsrfRefusal(response: Response): Promise<boolean> {
  try {
    return ((await response.clone().json()) as { code?: unknown }).code === 'CSRF_INVALID';
  } catch {
    return false;
  }
}
