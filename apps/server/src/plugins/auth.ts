import type { FastifyInstance } from 'fastify';
import { bearerToken, resolveActor } from '../modules/auth/session.js';

/** Decorates requests with `actor`; the registry asks for it before validating a body. */
export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('actor', null);
  app.decorate('auth', {
    actorOf: async (req, access) => (access === 'public' ? null : resolveActor(app.deps, bearerToken(req))),
  });
}
