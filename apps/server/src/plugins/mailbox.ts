// The local mailbox: every mail the outbox holds, for a developer on a machine without SMTP. Registered only when
// the server listens on loopback outside production.
import { desc, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mailOutbox } from '../modules/mail/mail.table.js';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function registerMailbox(app: FastifyInstance): void {
  const recent = (to: string | undefined) =>
    app.deps.db
      .select()
      .from(mailOutbox)
      .where(to ? sql`lower(${mailOutbox.to_address}) = ${to.toLowerCase()}` : undefined)
      .orderBy(desc(mailOutbox.id))
      .limit(100);

  app.get<{ Querystring: { to?: string } }>('/dev/mailbox.json', async (req) => ({
    mails: await recent(req.query.to),
  }));

  app.get<{ Querystring: { to?: string } }>('/dev/mailbox', async (req, reply) => {
    const rows = await recent(req.query.to);
    const items = rows
      .map(
        (m) =>
          `<article><h2>${escape(m.subject)}</h2><p><strong>To:</strong> ${escape(m.to_address)} · ` +
          `<time>${m.created_at.toISOString()}</time></p><pre>${escape(m.text_body)}</pre></article>`,
      )
      .join('\n');
    const links = items.replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local mailbox</title></head>` +
          `<body><main><h1>Local mailbox</h1><p>Mail sent by this server (newest first). No SMTP server is configured.</p>` +
          `${links || '<p>No Data Found</p>'}</main></body></html>`,
      );
  });
}
