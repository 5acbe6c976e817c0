// The live stream (issue 25 part 2): `getEventTicket` (a signed-in call) and `GET /api/events?ticket=…`, a
// text/event-stream of the market events the caller may see (events.audience.ts), resumable with `Last-Event-ID`.
import { eventStreamQuerySchema } from '@spirit/domain/events/events.schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { defineMethod } from '../../http/registry.js';
import { forbidden } from '../../lib/errors.js';
import { bearerToken, resolveActor } from '../auth/session.js';
import { createStreamHub, type StreamHub } from './events.stream.js';
import { issueTicket, redeemTicket } from './events.tickets.js';

declare module 'fastify' {
  interface FastifyInstance {
    eventStreams: StreamHub;
  }
}

const HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  // Proxies (nginx) pass each event on at once instead of buffering the response.
  'x-accel-buffering': 'no',
  'x-content-type-options': 'nosniff',
};

const otherUsersTicket = () => forbidden('This stream ticket belongs to another user.', 'events.ticket_other_user');

/** Where a client resumes: the header its EventSource sends on reconnecting, else the query's. */
function resumeFrom(req: FastifyRequest, queried: number | undefined): number | null {
  const header = req.headers['last-event-id'];
  const value = Array.isArray(header) ? header[0] : header;
  if (value !== undefined && /^\d{1,15}$/.test(value.trim())) return Number(value.trim());
  return queried ?? null;
}

export function eventsRoutes(app: FastifyInstance): void {
  const { deps } = app;
  const hub = createStreamHub(deps, app.log);
  app.decorate('eventStreams', hub);
  app.addHook('onReady', async () => hub.start());
  // Before the server stops taking connections: open streams would otherwise hold the close for ever.
  app.addHook('preClose', async () => hub.stop());

  defineMethod(app, 'getEventTicket', async ({ actor }) => ({ data: await issueTicket(deps, actor!) }));

  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/events', { schema: { querystring: eventStreamQuerySchema } }, async (req, reply) => {
      const actor = await redeemTicket(deps, req.query.ticket);
      // A client that also names a session (an API client) must be the ticket's user.
      const token = bearerToken(req);
      if (token && (await resolveActor(deps, token))?.userId !== actor.userId) throw otherUsersTicket();
      const lastEventId = resumeFrom(req, req.query.last_event_id);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, HEADERS);
      // A reconnecting EventSource waits this long (ms); the web app reconnects itself with a fresh ticket.
      res.write('retry: 3000\n\n');
      let close = () => {};
      let closed = false;
      req.raw.on('close', () => {
        closed = true;
        close();
      });
      const sink = {
        write: (chunk: string) => void (closed || res.write(chunk)),
        buffered: () => res.writableLength,
        end: () => {
          closed = true;
          res.end();
        },
      };
      try {
        close = await hub.open(actor, sink, lastEventId);
      } catch (err) {
        req.log.error({ err }, 'event stream: resume failed');
        return sink.end();
      }
      if (closed) close();
    });
}
