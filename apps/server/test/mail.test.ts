import { createServer as createNetServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_DATABASES } from './support/databases.ts';
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
        env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Loupe <noreply@loupe.test>' },
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
      t = await createTestApp({ database, env: { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` } });
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
});
