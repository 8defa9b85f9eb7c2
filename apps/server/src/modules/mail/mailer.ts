import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { TOutboundGuard } from '../../lib/outbound-url.ts';
import type { TMailOutboxRepository } from './repository.ts';

export type TMail = { readonly to: string; readonly subject: string; readonly text: string };

export type TMailerOptions = {
  readonly outbox: TMailOutboxRepository;
  readonly smtpUrl: string | undefined;
  readonly from: string;
  readonly logger: FastifyBaseLogger;
  /** The SMTP connection is made through the outbound guard (issue 34 §2). */
  readonly outbound: Pick<TOutboundGuard, 'socket'>;
  /** SMTP_ALLOW_PRIVATE_NETWORK: a mail server on the workshop's own network. */
  readonly allowPrivateNetwork: boolean;
};

/**
 * Every mail lands in the outbox table, which admins read at GET /api/v1/mail/outbox. With SMTP_URL it is
 * also sent. The log only says that a mail is waiting or failed, by its outbox id: never the recipient, the
 * subject or the text, which carry addresses, codes and reset links (issue 20 §3).
 */
export function createMailer(options: TMailerOptions) {
  const { outbox } = options;
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  if (transport) {
    // The connection nodemailer would open itself, opened by the guard instead: the server's name resolved
    // and checked, then connected to the very address checked. nodemailer still does TLS (SMTPS, STARTTLS)
    // over it, for the server's name.
    const policy = { allowPrivateNetwork: options.allowPrivateNetwork };
    transport.transporter.getSocket = (socketOptions, callback) => {
      options.outbound
        .socket(String(socketOptions.host ?? 'localhost'), Number(socketOptions.port ?? 25), policy)
        .then(
          (connection) => callback(null, { connection }),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
        );
    };
  }

  return {
    async send(mail: TMail): Promise<void> {
      const id = await outbox.add(mail);
      if (id === undefined) return;
      if (!transport) {
        options.logger.info({ mailId: id }, 'mail waiting in the outbox (no SMTP_URL)');
        return;
      }
      try {
        await transport.sendMail({ from: options.from, ...mail });
        await outbox.markSent(id, new Date());
      } catch (error) {
        // The caller's action (registration, reset request) stands; the outbox shows what failed.
        // The transport's message may quote the recipient: the outbox row keeps it, the log does not.
        options.logger.error(
          { mailId: id, code: (error as { code?: unknown }).code },
          'mail could not be sent',
        );
        await outbox.markFailed(id, error instanceof Error ? error.message : String(error));
      }
    },

    /** Whether SMTP_URL is set: without it, `deliver` cannot send. */
    canDeliver: transport !== null,

    /**
     * Sends one mail now through SMTP_URL, outside the mail outbox: for senders with an outbox of their own
     * (customer messages), which retry. Throws when it could not be sent, or when SMTP_URL is not set.
     */
    async deliver(mail: TMail & { readonly from?: string }): Promise<void> {
      if (!transport) throw new Error('No SMTP server is configured (SMTP_URL).');
      await transport.sendMail({ from: options.from, ...mail });
    },

    async outbox(limit: number) {
      return outbox.latest(limit);
    },

    close(): void {
      transport?.close();
    },
  };
}

export type TMailer = ReturnType<typeof createMailer>;
