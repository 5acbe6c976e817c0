// The method registry: each `POST /api/{method}` takes its body schema, response schema and audience from the
// contract in packages/domain (api/methods.ts) and its handler from a module. Routes stay thin.
import { METHODS, type Access, type MethodData, type MethodName } from '@spirit/domain/api/methods';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Actor } from '../lib/actor.js';
import { forbidden, unauthorized } from '../lib/errors.js';

export type MethodContext<M extends MethodName> = {
  body: z.output<(typeof METHODS)[M]['body']>;
  actor: Actor | null;
  req: FastifyRequest;
  reply: FastifyReply;
};

export type MethodResult<M extends MethodName> = { message?: string; data: MethodData<M> };

export type RateLimit = {
  max: number;
  timeWindow: number | string;
  /** Extra key parts taken from the parsed body, e.g. the email for per-account limits. */
  keyFromBody?: (body: Record<string, unknown>) => string;
};

type Options = { rateLimit?: RateLimit };

const envelopeOf = (data: z.ZodType) =>
  z.object({ status: z.literal('OK'), statusCode: z.literal(200), message: z.string(), data });

export const errorEnvelopeSchema = z.object({
  status: z.literal('ERROR'),
  statusCode: z.number(),
  error: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});

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
  options: Options = {},
): void {
  const spec = METHODS[name];
  const rateLimit = options.rateLimit;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'POST',
    url: `/api/${name}`,
    schema: {
      summary: spec.summary,
      tags: [name],
      ...(!('multipart' in spec) ? { body: spec.body } : {}),
      ...(spec.access !== 'public' ? { security: [{ bearer: [] }] } : {}),
      response: {
        200: 'binary' in spec ? z.any().describe('The file') : envelopeOf(spec.data),
        '4XX': errorEnvelopeSchema,
      },
    },
    config: rateLimit
      ? {
          rateLimit: {
            max: rateLimit.max,
            timeWindow: rateLimit.timeWindow,
            hook: 'preHandler',
            keyGenerator: (req: FastifyRequest) =>
              `${name}|${req.ip}|${rateLimit.keyFromBody?.((req.body ?? {}) as Record<string, unknown>) ?? ''}`,
          },
        }
      : {},
    // The session is checked before the body, so an anonymous caller learns nothing from validation.
    preValidation: async (req) => {
      req.actor = await app.auth.actorOf(req, spec.access);
      const refusal = checkAccess(spec.access, req.actor);
      if (refusal) throw refusal;
    },
    handler: async (req, reply) => {
      const result = await handler({
        body: req.body as MethodContext<M>['body'],
        actor: req.actor,
        req,
        reply,
      });
      if (reply.sent || 'binary' in spec) return reply;
      return { status: 'OK', statusCode: 200, message: result?.message ?? 'Success', data: result?.data ?? null };
    },
  });
}
