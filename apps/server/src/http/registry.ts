// The method registry: each `POST /api/{method}` takes its body schema, response schema and audience from the
// contract in packages/domain (api/methods.ts) and its handler from a module. Routes stay thin.
import { mayKeyCall } from '@spirit/domain/apikeys/apikeys.constants';
import { changesState } from '@spirit/domain/api/changes';
import { METHODS, type Access, type MethodData, type MethodName } from '@spirit/domain/api/methods';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Actor } from '../lib/actor.js';
import { currentGeneration, etagOf, stillFresh } from '../lib/change-stamp.js';
import { forbidden, tooMany, unauthorized } from '../lib/errors.js';
import type { Records } from '../lib/json-records.js';

export type MethodContext<M extends MethodName> = {
  body: z.output<(typeof METHODS)[M]['body']>;
  actor: Actor | null;
  req: FastifyRequest;
  reply: FastifyReply;
};

/** What a handler may answer as `D`: a list's records as objects or already as JSON text (lib/json-records.ts). */
export type Wire<D> = D extends { records: (infer R)[] } ? Omit<D, 'records'> & { records: Records<R> } : D;

export type MethodResult<M extends MethodName> = { message?: string; data: Wire<MethodData<M>> };

export type RateLimit = {
  max: number;
  timeWindow: number | string;
  /** Extra key parts taken from the parsed body, e.g. the email for per-account limits. */
  keyFromBody?: (body: Record<string, unknown>) => string;
};

/**
 * A further counter besides the route's own `rateLimit` (per account across addresses, per address across
 * accounts). Counters with the same `scope` are shared by every method naming it.
 */
export type Limit = {
  scope: string;
  max: number;
  timeWindow: number;
  key: (req: FastifyRequest, body: Record<string, unknown>) => string;
  /** Count only answers with this status (failed sign-ins), so a caller who gets it right never fills the counter. */
  countStatus?: number;
};

type Options<M extends MethodName = MethodName> = {
  rateLimit?: RateLimit;
  limits?: Limit[];
  /**
   * Answer unchanged polls `304 Not Modified` (lib/change-stamp.ts): the earliest instant (ms) at which this answer
   * changes by time alone (`NEVER` when it does not). Only for reads whose answer depends on the database, the
   * caller, the body and that instant, and nothing else.
   */
  etag?: (data: Wire<MethodData<M>>, now: number) => number;
};

const envelopeOf = (data: z.ZodType) =>
  z.object({ status: z.literal('OK'), statusCode: z.literal(200), message: z.string(), data });

export const errorEnvelopeSchema = z.object({
  status: z.literal('ERROR'),
  statusCode: z.number(),
  error: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});

/*
 * Hooks without promises. Every call passes each hook of the app (plugins/*.ts, http/*.ts) and the registry's own,
 * and an async hook costs it a promise and a turn of the microtask queue even when it has nothing to do. So a
 * per-request hook takes Fastify's `done` and answers at once in the common case, returning a promise only when it
 * must wait (a key to claim, an answer to compress, a caller the cache does not know). Measured on Approved Bids at
 * market scale: with the ETag's cheaper MAC (lib/change-stamp.ts), 189–200 → 161–175 µs of server CPU a call.
 */

/** Does this audience admit this actor? `null` admits; otherwise the refusal. */
export function checkAccess(access: Access, actor: Actor | null): Error | null {
  if (access === 'public' || access === 'optional') return null;
  if (!actor) return unauthorized();
  if (access === 'session') return null;
  return access.some((role) => actor.roles.includes(role)) ? null : forbidden();
}

export function defineMethod<M extends MethodName>(
  app: FastifyInstance,
  name: M,
  handler: (ctx: MethodContext<M>) => Promise<MethodResult<M> | void>,
  options: Options<M> = {},
): void {
  const spec = METHODS[name];
  const rateLimit = options.rateLimit;
  const limits = app.hasDecorator('createRateLimit') && options.limits?.length ? counters(app, options.limits) : null;
  // A poll the shortcut may answer: a JSON read with an ETag and no limits of its own.
  if (options.etag && !rateLimit && !options.limits && !('multipart' in spec) && !('binary' in spec))
    app.pollShortcut?.methods.set(name, { access: spec.access, body: spec.body });
  const admit = async (req: FastifyRequest) => {
    req.actor = await app.auth.actorOf(req, spec.access);
    if (req.actor?.apiKey) await app.auth.admitKey(req, name);
    const refusal = checkAccess(spec.access, req.actor);
    if (refusal) throw refusal;
  };
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'POST',
    url: `/api/${name}`,
    schema: {
      summary: spec.summary,
      operationId: name,
      tags: [name],
      ...(!('multipart' in spec) ? { body: spec.body } : {}),
      security:
        spec.access === 'public'
          ? []
          : mayKeyCall('read_write', name)
            ? [{ bearer: [] }, { apiKey: [] }]
            : [{ bearer: [] }],
      response: {
        200: 'binary' in spec ? z.any().describe('The file') : envelopeOf(spec.data),
        '4XX': errorEnvelopeSchema,
      },
    },
    config: {
      idempotent: changesState(name) && spec.access !== 'public' && !('multipart' in spec),
      ...(rateLimit
        ? {
            rateLimit: {
              max: rateLimit.max * app.deps.config.rateLimitScale,
              timeWindow: rateLimit.timeWindow,
              hook: 'preHandler',
              keyGenerator: (req: FastifyRequest) =>
                `${name}|${req.ip}|${rateLimit.keyFromBody?.((req.body ?? {}) as Record<string, unknown>) ?? ''}`,
            },
          }
        : {}),
    },
    ...(limits ? { preHandler: limits.check, onResponse: limits.count } : {}),
    // The session is checked before the body, so an anonymous caller learns nothing from validation. Without a wait
    // when the caller cache knows the caller (see "Hooks without promises" above).
    preValidation: (req, _reply, done) => {
      const known = app.auth.knownActor(req, spec.access);
      if (known === undefined) return admit(req);
      req.actor = known;
      done(checkAccess(spec.access, known) ?? undefined);
    },
    handler: async (req, reply) => {
      // Taken before the read: a write that lands while it runs moves the generation, so its tag is never reused.
      const generation = options.etag ? currentGeneration(app.deps) : null;
      const stamp = { method: name, body: req.body, actor: req.actor };
      if (
        generation &&
        stillFresh(req.headers['if-none-match'], { ...stamp, generation, now: app.deps.now().getTime() })
      )
        return reply.code(304).send();
      const result = await handler({
        body: req.body as MethodContext<M>['body'],
        actor: req.actor,
        req,
        reply,
      });
      if (reply.sent || 'binary' in spec) return reply;
      if (generation && result) {
        const until = options.etag!(result.data, app.deps.now().getTime());
        reply.header('etag', etagOf({ ...stamp, generation, until })).header('cache-control', 'no-cache');
      }
      return { status: 'OK', statusCode: 200, message: result?.message ?? 'Success', data: result?.data ?? null };
    },
  });
}

const TOO_MANY = 'Too many requests. Please try again later.';

/**
 * Hooks for the extra counters, on `@fastify/rate-limit`'s store (in process memory). A counter of every request
 * counts before the handler; a counter of failures is read before and counted after the answer.
 */
function counters(app: FastifyInstance, limits: Limit[]) {
  const limiters = limits.map((limit) => ({
    limit,
    apply: app.createRateLimit({
      max: limit.max * app.deps.config.rateLimitScale,
      timeWindow: limit.timeWindow,
      keyGenerator: (req: FastifyRequest) =>
        `${limit.scope}|${limit.key(req, (req.body ?? {}) as Record<string, unknown>)}`,
    }),
  }));
  return {
    check: async (req: FastifyRequest) => {
      for (const { limit, apply } of limiters) {
        const counted = limit.countStatus === undefined;
        const r = await apply(req, { increment: counted });
        if (!r.isAllowed && (counted ? r.isExceeded : r.remaining <= 0)) throw tooMany(TOO_MANY, r.ttlInSeconds);
      }
    },
    count: async (req: FastifyRequest, reply: FastifyReply) => {
      for (const { limit, apply } of limiters) {
        if (limit.countStatus === reply.statusCode) await apply(req);
      }
    },
  };
}
