// `Idempotency-Key` on every signed-in call with a JSON body (DESIGN.md §5; issue 20, item 5), with Stripe's
// semantics: a retry with the same key and body is answered with the first answer and changes nothing more; the same
// key with another call or body is refused with 422; a retry while the first is still running gets 409. Keys are the
// caller's own (a key names nothing of another user's) and kept 24 hours. An answer of 5xx is not kept, so a retry
// after a server fault or a rate limit runs again. Public calls (sign-in, registration) and uploads ignore the header.
import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { AppError } from '../lib/errors.js';
import { idempotencyKeys } from './idempotency.table.js';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
const KEY = /^[\x21-\x7e]{1,255}$/;

export const IDEMPOTENCY_MESSAGES = {
  invalid: 'The Idempotency-Key header must be 1 to 255 visible characters.',
  reused: 'This Idempotency-Key was already used for another request.',
  inProgress: 'A request with this Idempotency-Key is still being processed. Please try again shortly.',
} as const;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes `Idempotency-Key` (the method registry sets it for signed-in JSON calls). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotency: { userId: number; key: string } | null;
  }
}

const hashOf = (body: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(body ?? null))
    .digest('hex');

/** Claims the key for this call: 'run' when it is new (or expired), else the stored row. */
async function claim(db: Db, row: typeof idempotencyKeys.$inferInsert, now: Date) {
  const expired = new Date(now.getTime() - IDEMPOTENCY_TTL_MS);
  const [claimed] = await db
    .insert(idempotencyKeys)
    .values(row)
    .onConflictDoUpdate({
      target: [idempotencyKeys.user_id, idempotencyKeys.key],
      set: { method: row.method, body_hash: row.body_hash, status_code: null, response: null, created_at: now },
      // Only an expired key is taken over; a live one stays as it is and is read below.
      setWhere: lt(idempotencyKeys.created_at, expired),
    })
    .returning({ user_id: idempotencyKeys.user_id });
  if (claimed) return 'run' as const;
  const [stored] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.user_id, row.user_id), eq(idempotencyKeys.key, row.key)));
  return stored ?? ('run' as const);
}

export function registerIdempotency(app: FastifyInstance): void {
  const db = app.deps.db;
  app.decorateRequest('idempotency', null);

  // Synchronous for a call without a key, as most are (http/registry.ts on why hooks avoid promises).
  app.addHook('preHandler', (req: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
    const header = req.headers[IDEMPOTENCY_HEADER];
    if (header === undefined || !req.routeOptions.config.idempotent || !req.actor) return done();
    return keyed(req, reply, Array.isArray(header) ? header[0]! : header);
  });

  /** The call under its key: run, refused, or answered with the first answer. */
  async function keyed(req: FastifyRequest, reply: FastifyReply, key: string) {
    const actor = req.actor!;
    if (!KEY.test(key)) throw new AppError('idempotency.invalid', 400, IDEMPOTENCY_MESSAGES.invalid);
    const row = {
      user_id: actor.userId,
      key,
      method: req.routeOptions.url ?? req.url,
      body_hash: hashOf(req.body),
      created_at: app.deps.now(),
    };
    const stored = await claim(db, row, row.created_at);
    if (stored === 'run') {
      req.idempotency = { userId: row.user_id, key };
      return;
    }
    if (stored.method !== row.method || stored.body_hash !== row.body_hash)
      throw new AppError('idempotency.reused', 422, IDEMPOTENCY_MESSAGES.reused);
    if (stored.status_code === null)
      throw new AppError('idempotency.in_progress', 409, IDEMPOTENCY_MESSAGES.inProgress);
    return reply
      .code(stored.status_code)
      .header('idempotent-replayed', 'true')
      .type('application/json; charset=utf-8')
      .send(stored.response);
  }

  // Before compression (registered after this): the answer is kept as the JSON text the registry serialised.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (!req.idempotency) return done(null, payload);
    return keep(req, reply, payload);
  });

  /** Keeps the answer of a call that claimed its key (or lets the key go when there is no answer to keep). */
  async function keep(req: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const claimed = req.idempotency!;
    req.idempotency = null;
    const where = and(eq(idempotencyKeys.user_id, claimed.userId), eq(idempotencyKeys.key, claimed.key));
    // A fault or a rate limit is no answer to keep: the retry runs again.
    const keep = reply.statusCode < 500 && reply.statusCode !== 429 && typeof payload === 'string';
    if (!keep) await db.delete(idempotencyKeys).where(where);
    else await db.update(idempotencyKeys).set({ status_code: reply.statusCode, response: payload }).where(where);
    return payload;
  }
}

/** Drops keys older than a day (a scheduled job). */
export async function purgeIdempotencyKeys(db: Db, now: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.created_at, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)));
}
