import { desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { TDatabase } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';

export type TMail = { readonly to: string; readonly subject: string; readonly text: string };

export type TMailerOptions = {
  readonly db: TDatabase;
  readonly smtpUrl: string | undefined;
  readonly from: string;
  readonly logger: FastifyBaseLogger;
};

/**
 * Every mail lands in the outbox table. With SMTP_URL it is also sent; without, the log carries its text
 * so that an operator can read the codes of a fresh installation that has no mail server yet.
 */
export function createMailer(options: TMailerOptions) {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;

  return {
    async send(mail: TMail): Promise<void> {
      const [row] = await options.db.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id });
      if (!row) return;
      if (!transport) {
        options.logger.info(
          { mail: { to: mail.to, subject: mail.subject, text: mail.text } },
          'mail kept in outbox (no SMTP_URL)',
        );
        return;
      }
      try {
        await transport.sendMail({ from: options.from, ...mail });
        await options.db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row.id));
      } catch (error) {
        // The caller's action (registration, reset request) stands; the outbox shows what failed.
        options.logger.error({ err: error, to: mail.to, subject: mail.subject }, 'mail could not be sent');
        await options.db
          .update(mailOutbox)
          .set({ error: error instanceof Error ? error.message : String(error) })
          .where(eq(mailOutbox.id, row.id));
      }
    },

    async outbox(limit: number) {
      return options.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
    },

    close(): void {
      transport?.close();
    },
  };
}

export type TMailer = ReturnType<typeof createMailer>;
