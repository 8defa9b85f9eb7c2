import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CryptoKey, exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from './support/databases.ts';
import { createTestApp, type TTestApp } from './support/test-app.ts';

const POOL_ID = 'eu-west-1_TestPool';
const CLIENT_ID = 'cognito-web-client';

/** A stand-in for AWS Cognito's key endpoint: publishes a test key's JWKS over HTTP, as the real pool does. */
async function startJwksServer(jwk: JWK): Promise<{ server: Server; issuer: string }> {
  const server = createServer((request, response) => {
    if (request.url === `/${POOL_ID}/.well-known/jwks.json`) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, issuer: `http://127.0.0.1:${port}/${POOL_ID}` };
}

describe.each(TEST_DATABASES)('AUTH_MODE=cognito on %s', (database) => {
  let t: TTestApp;
  let jwks: Awaited<ReturnType<typeof startJwksServer>>;
  let poolKey: CryptoKey;
  let strangerKey: CryptoKey;

  const sign = (claims: Record<string, unknown>, options: { key?: CryptoKey; expiresIn?: number } = {}) => {
    const now = Math.floor(t.clock().getTime() / 1000);
    return new SignJWT({ token_use: 'id', aud: CLIENT_ID, email_verified: true, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'pool-key' })
      .setIssuer(jwks.issuer)
      .setIssuedAt(now)
      .setExpirationTime(now + (options.expiresIn ?? 3600))
      .sign(options.key ?? poolKey);
  };

  const profileWith = async (token: string) => {
    const client = t.client();
    client.idToken = token;
    return client.request('GET', '/api/v1/auth/profile');
  };

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    poolKey = pair.privateKey;
    strangerKey = (await generateKeyPair('RS256')).privateKey;
    jwks = await startJwksServer({
      ...(await exportJWK(pair.publicKey)),
      kid: 'pool-key',
      alg: 'RS256',
      use: 'sig',
    });
    t = await createTestApp({
      database,
      env: {
        AUTH_MODE: 'cognito',
        COGNITO_USER_POOL_ID: POOL_ID,
        COGNITO_CLIENT_ID: CLIENT_ID,
        COGNITO_REGION: 'eu-west-1',
        COGNITO_ISSUER: jwks.issuer,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => jwks.server.close(resolve));
  });

  it('tells browsers to sign in at the pool, with no embedded endpoint', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.json()).toMatchObject({
      authMode: 'cognito',
      userPoolId: POOL_ID,
      userPoolClientId: CLIENT_ID,
      region: 'eu-west-1',
    });
    expect(response.json()).not.toHaveProperty('userPoolEndpoint');
  });

  it('links a pool user to the Loupe account with the same e-mail, then recognises them by sub', async () => {
    const user = await t.createUser({ role: 'manager', email: 'mira@atelier.example' });
    const first = await profileWith(await sign({ sub: 'pool-sub-1', email: 'Mira@Atelier.example' }));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ data: { id: user.id, role: 'manager' } });
    expect((await t.app.loupe.users.findById(user.id))?.cognitoSub).toBe('pool-sub-1');
    // After linking, the pool's e-mail may change; the subject still finds the account.
    const later = await profileWith(await sign({ sub: 'pool-sub-1', email: 'mira.new@atelier.example' }));
    expect(later.statusCode).toBe(200);
    expect(later.json()).toMatchObject({ data: { id: user.id } });
  });

  it('refuses a pool user who has no Loupe account', async () => {
    const response = await profileWith(
      await sign({ sub: 'pool-sub-unknown', email: 'nobody@atelier.example' }),
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('does not link by an unverified e-mail', async () => {
    await t.createUser({ role: 'qa', email: 'unverified@atelier.example' });
    const token = await sign({
      sub: 'pool-sub-2',
      email: 'unverified@atelier.example',
      email_verified: false,
    });
    expect((await profileWith(token)).statusCode).toBe(403);
  });

  it.each([
    ['signed by another key', async () => sign({ sub: 'pool-sub-1' }, { key: strangerKey })],
    ['for another app client', async () => sign({ sub: 'pool-sub-1', aud: 'someone-else' })],
    ['an access token', async () => sign({ sub: 'pool-sub-1', token_use: 'access', client_id: CLIENT_ID })],
    ['expired', async () => sign({ sub: 'pool-sub-1' }, { expiresIn: -10 })],
  ])('refuses a token %s with 401', async (_label, makeToken) => {
    const response = await profileWith(await makeToken());
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('refuses a token from another issuer', async () => {
    const now = Math.floor(t.clock().getTime() / 1000);
    const token = await new SignJWT({ token_use: 'id', aud: CLIENT_ID, sub: 'pool-sub-1' })
      .setProtectedHeader({ alg: 'RS256', kid: 'pool-key' })
      .setIssuer('https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_Other')
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(poolKey);
    expect((await profileWith(token)).statusCode).toBe(401);
  });

  it('refuses a linked account an admin has disabled', async () => {
    const user = await t.createUser({ role: 'operator', email: 'otto@atelier.example' });
    const token = await sign({ sub: 'pool-sub-3', email: 'otto@atelier.example' });
    expect((await profileWith(token)).statusCode).toBe(200);
    await t.app.loupe.users.update(user.id, { disabled: true });
    expect((await profileWith(token)).statusCode).toBe(401);
  });
});
