import { createServer as createNetServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_DATABASES } from './support/databases.ts';
import { fakeDns } from './support/fake-dns.ts';
import { startSmtpServer } from './support/smtp-server.ts';
import { createTestApp, TEST_PASSWORD, type TTestApp } from './support/test-app.ts';

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return address.port;
}

async function outboxRowFor(
  t: TTestApp,
  email: string,
  settled: (row: { sentAt: Date | null; error: string | null }) => boolean,
) {
  return vi.waitFor(
    async () => {
      const row = (await t.app.loupe.mailer.outbox(100)).find((mail) => mail.to === email);
      if (!row || !settled(row)) throw new Error(`mail to ${email} not settled yet`);
      return row;
    },
    { timeout: 10_000 },
  );
}

const registration = (email: string) => ({ email, password: TEST_PASSWORD, name: 'Mail Tester', role: 'qa' });

describe.each(TEST_DATABASES)('mail delivery on %s', (database) => {
  describe('through a reachable SMTP server', () => {
    let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
    let t: TTestApp;
    beforeAll(async () => {
      smtp = await startSmtpServer();
      t = await createTestApp({
        database,
        env: {
          SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
          SMTP_ALLOW_PRIVATE_NETWORK: 'true',
          MAIL_FROM: 'Loupe <noreply@loupe.test>',
        },
      });
    });
    afterAll(async () => {
      await t.close();
      await smtp.close();
    });

    it('delivers the verification mail with its code and marks it sent in the outbox', async () => {
      const response = await t
        .client()
        .request('POST', '/api/v1/auth/register', { body: registration('smtp.user@loupe.test') });
      expect(response.statusCode).toBe(201);

      const row = await outboxRowFor(t, 'smtp.user@loupe.test', (mail) => mail.sentAt !== null);
      expect(row.error).toBeNull();
      const code = /\b(\d{6})\b/.exec(row.text)?.[1];
      expect(code).toMatch(/^\d{6}$/);

      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      expect(mail?.from).toBe('noreply@loupe.test');
      expect(mail?.to).toEqual(['smtp.user@loupe.test']);
      expect(mail?.raw).toContain(`${code}`);

      // The code that arrived by SMTP verifies the account.
      const verified = await t
        .client()
        .request('POST', '/api/v1/auth/verify-email', { body: { email: 'smtp.user@loupe.test', code } });
      expect(verified.statusCode).toBe(200);
    });
  });

  describe('through an unreachable SMTP server', () => {
    let t: TTestApp;
    beforeAll(async () => {
      t = await createTestApp({
        database,
        env: { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`, SMTP_ALLOW_PRIVATE_NETWORK: 'true' },
      });
    });
    afterAll(() => t.close());

    it('still registers the account and records the delivery error in the outbox', async () => {
      const response = await t
        .client()
        .request('POST', '/api/v1/auth/register', { body: registration('offline@loupe.test') });
      expect(response.statusCode).toBe(201);
      expect(await t.app.loupe.users.findByEmail('offline@loupe.test')).toBeDefined();

      const row = await outboxRowFor(t, 'offline@loupe.test', (mail) => mail.error !== null);
      expect(row.sentAt).toBeNull();
      expect(row.error).toMatch(/ECONNREFUSED|connect/i);
      // An operator can still read the code from the outbox.
      expect(row.text).toMatch(/\b\d{6}\b/);
    });
  });

  // Issue 34 §2: SMTP_URL passes the URL check when loaded (config.test.ts), and its name is resolved and
  // checked again when connecting: a public-looking name that resolves to a private address is refused.
  describe.each([
    ['without SMTP_ALLOW_PRIVATE_NETWORK', false],
    ['with SMTP_ALLOW_PRIVATE_NETWORK', true],
  ] as const)('through a server whose name resolves to 127.0.0.1, %s', (_name, allowed) => {
    let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
    let t: TTestApp;
    beforeAll(async () => {
      smtp = await startSmtpServer();
      t = await createTestApp({
        database,
        env: {
          SMTP_URL: `smtp://mail.provider.test:${smtp.port}`,
          SMTP_ALLOW_PRIVATE_NETWORK: String(allowed),
        },
        outboundLookup: fakeDns({ 'mail.provider.test': '127.0.0.1' }),
      });
    });
    afterAll(async () => {
      await t.close();
      await smtp.close();
    });

    it(
      allowed ? 'delivers: the admin allowed the LAN' : 'refuses to connect and says why in the outbox',
      async () => {
        const email = `rebinding-${allowed}@loupe.test`;
        expect(
          (await t.client().request('POST', '/api/v1/auth/register', { body: registration(email) }))
            .statusCode,
        ).toBe(201);
        const row = await outboxRowFor(t, email, (mail) => mail.sentAt !== null || mail.error !== null);
        if (allowed) {
          expect(row.error).toBeNull();
          expect(smtp.received.map((mail) => mail.to)).toEqual([[email]]);
        } else {
          expect(row.sentAt).toBeNull();
          expect(row.error).toContain('mail.provider.test resolves to 127.0.0.1');
          expect(smtp.received).toEqual([]);
        }
      },
    );
  });
});
