// Mail goes through nodemailer when SMTP_URL is set; every mail is also kept in the outbox table, which is
// the local mailbox (/dev/mailbox) when there is no SMTP server.
import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client.js';
import type { Mail } from './mail.templates.js';
import { mailOutbox } from './mail.table.js';

export type Mailer = {
  /** Deliver in the background; services call it only after their transaction has committed. */
  send: (mail: Mail) => Promise<void>;
  /** Wait for deliveries in flight (tests and shutdown). */
  flush: () => Promise<void>;
};

export function createMailer(opts: {
  db: Db;
  smtpUrl: string | undefined;
  from: string;
  log: FastifyBaseLogger;
}): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  const inFlight = new Set<Promise<void>>();

  async function deliver(mail: Mail) {
    const [row] = await opts.db
      .insert(mailOutbox)
      .values({
        kind: mail.kind,
        to_address: mail.to,
        subject: mail.subject,
        text_body: mail.text,
        html_body: mail.html,
      })
      .returning({ id: mailOutbox.id });
    if (!transport) {
      opts.log.info({ mail: { to: mail.to, subject: mail.subject, kind: mail.kind } }, `mail (outbox):\n${mail.text}`);
      return;
    }
    try {
      await transport.sendMail({
        from: opts.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
      await opts.db.update(mailOutbox).set({ sent_at: new Date() }).where(eq(mailOutbox.id, row!.id));
    } catch (err) {
      opts.log.error({ err, to: mail.to }, 'mail delivery failed');
      await opts.db
        .update(mailOutbox)
        .set({ error: String(err) })
        .where(eq(mailOutbox.id, row!.id));
    }
  }

  return {
    send: async (mail) => {
      const p = deliver(mail).catch((err) => opts.log.error({ err }, 'mail outbox write failed'));
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
    },
    flush: async () => {
      await Promise.all([...inFlight]);
    },
  };
}
