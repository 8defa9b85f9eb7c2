import type { TRole } from '@loupe/domain/auth/roles';
import { ADMIN } from './loupe-server';

/** A small API client for test set-up: signs in through the embedded pool, keeps the CSRF cookie. */
export class LoupeApi {
  #idToken: string | null = null;
  #cookie: string | null = null;
  #csrf: string | null = null;

  constructor(readonly baseUrl: string) {}

  static async asAdmin(baseUrl: string): Promise<LoupeApi> {
    const api = new LoupeApi(baseUrl);
    await api.signIn(ADMIN.email, ADMIN.password);
    return api;
  }

  async signIn(email: string, password: string): Promise<void> {
    const response = await fetch(`${this.baseUrl}/api/idp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
      body: JSON.stringify({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: 'loupe-web',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    });
    const body = (await response.json()) as { AuthenticationResult?: { IdToken: string } };
    if (!body.AuthenticationResult) throw new Error(`sign-in of ${email} failed: ${JSON.stringify(body)}`);
    this.#idToken = body.AuthenticationResult.IdToken;
    this.#csrf = null;
  }

  async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    if (method !== 'GET' && !this.#csrf) {
      // A token is made for the bearer's session (issue 34 §7): asked for with it.
      const response = await fetch(`${this.baseUrl}/api/auth/csrf-token`, {
        headers: this.#idToken ? { authorization: `Bearer ${this.#idToken}` } : {},
      });
      this.#cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? null;
      this.#csrf = ((await response.json()) as { token: string }).token;
    }
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.#idToken) headers.authorization = `Bearer ${this.#idToken}`;
    if (this.#cookie) headers.cookie = this.#cookie;
    if (method !== 'GET' && this.#csrf) headers['x-csrf-token'] = this.#csrf;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.baseUrl}/api/v1${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** Invites a colleague with a temporary password; their first sign-in answers NEW_PASSWORD_REQUIRED. */
  async inviteUser(input: { email: string; role: TRole; temporaryPassword: string; firstName?: string }) {
    return this.request('POST', '/users', {
      email: input.email,
      firstName: input.firstName ?? input.role,
      lastName: 'Tester',
      role: input.role,
      temporaryPassword: input.temporaryPassword,
    });
  }

  async setSelfRegistration(open: boolean): Promise<void> {
    await this.request('PUT', '/settings/security', { selfRegistration: open });
  }

  /** The newest mail to an address, from the outbox (no SMTP in tests). */
  async latestMailTo(email: string): Promise<{ subject: string; text: string }> {
    type TOutbox = { data: { items: { to: string; subject: string; text: string }[] } };
    const body = await this.request<TOutbox>('GET', '/mail/outbox');
    const mail = body.data.items.find((item) => item.to.toLowerCase() === email.toLowerCase());
    if (!mail) throw new Error(`no mail to ${email} in the outbox`);
    return mail;
  }
}
