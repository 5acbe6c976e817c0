// The local mailbox: every mail the outbox holds, for a developer on a machine without SMTP. It holds sign-in codes
// and set-password links, so it answers only a caller on this machine that came straight, not through a proxy.
import { desc, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { mailOutbox } from '../modules/mail/mail.table.js';

// A reverse proxy on the same host connects from loopback too; these headers show that someone else sent it.
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host', 'via'];

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/** The socket's peer, never `req.ip`: with a trusted proxy that would be a header's word. */
export function isDirectLocalCaller(req: FastifyRequest): boolean {
  return isLoopbackAddress(req.socket.remoteAddress) && FORWARDING_HEADERS.every((h) => req.headers[h] === undefined);
}

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function registerMailbox(app: FastifyInstance): void {
  app.log.warn('Local mailbox on at /dev/mailbox (no SMTP_URL): it answers direct callers on this machine only');
  // Anyone else gets the same 404 as when the mailbox is off.
  const onRequest = async (req: FastifyRequest, reply: FastifyReply) => {
    if (isDirectLocalCaller(req)) return;
    reply.callNotFound();
    return reply;
  };
  const recent = (to: string | undefined) =>
    app.deps.db
      .select()
      .from(mailOutbox)
      .where(to ? sql`lower(${mailOutbox.to_address}) = ${to.toLowerCase()}` : undefined)
      .orderBy(desc(mailOutbox.id))
      .limit(100);

  app.get<{ Querystring: { to?: string } }>('/dev/mailbox.json', { onRequest }, async (req) => ({
    mails: await recent(req.query.to),
  }));

  app.get<{ Querystring: { to?: string } }>('/dev/mailbox', { onRequest }, async (req, reply) => {
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
