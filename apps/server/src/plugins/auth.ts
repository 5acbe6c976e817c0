import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tooMany } from '../lib/errors.js';
import { apiKeyOf, checkScope, logKeyCall, resolveKeyActor } from '../modules/apikeys/apikeys.service.js';
import { bearerToken, cachedActor, resolveActor } from '../modules/auth/session.js';

/** Calls that only read: everything else may change a caller, so this process forgets its cached callers. */
const READ_ONLY = new Set(['refreshUser', 'latestNegotiation', 'verifyToken']);
const readsOnly = (method: string) => method.startsWith('get') || READ_ONLY.has(method);

/**
 * Decorates requests with `actor`; the registry asks for it before validating a body. Keeps the caller cache
 * (modules/auth/actor-cache.ts) in step: on while the database's `actor_changed` notifications reach this process,
 * emptied by each of them and by every call here that may write.
 */
export async function registerAuth(app: FastifyInstance): Promise<void> {
  const cache = app.deps.actorCache;
  app.decorateRequest('actor', null);
  const keyBudget = keyRateLimit(app);
  app.decorate('auth', {
    actorOf: async (req, access) => {
      if (access === 'public') return null;
      const bearer = bearerToken(req);
      // A session token never starts with `sxk_`: session calls pay one prefix test for keys.
      const key = apiKeyOf(req, bearer);
      return key ? resolveKeyActor(app.deps, key) : resolveActor(app.deps, bearer);
    },
    knownActor: (req, access) => {
      if (access === 'public') return null;
      const bearer = bearerToken(req);
      if (apiKeyOf(req, bearer)) return undefined;
      return bearer ? cachedActor(app.deps, bearer) : null;
    },
    admitKey: async (req, method) => {
      checkScope(req.actor!, method);
      await keyBudget?.(req);
    },
  });
  // Synchronous but for logging a key's call (http/registry.ts on why hooks avoid promises).
  app.addHook('onSend', (req, reply, payload, done) => {
    const method = req.url.startsWith('/api/') ? req.url.slice(5).split('?')[0]! : '';
    if (method && !readsOnly(method)) {
      cache.drop();
      // The market figures too: this process's own next read sees what it just wrote.
      app.deps.marketCache.drop();
    }
    // Every call made with an API key is logged with its answer's status (modules/apikeys).
    if (!req.actor?.apiKey) return done(null, payload);
    return logKeyCall(app.deps, req, method, reply.statusCode).then(() => payload);
  });
  listenForMarketChanges(app);
  if (app.deps.config.actorCacheSeconds <= 0) return;
  let unlisten: (() => Promise<void>) | null = null;
  app.addHook('onReady', async () => {
    try {
      unlisten = await app.deps.database.listen('actor_changed', {
        onNotify: cache.drop,
        onLost: () => {
          cache.disable();
          app.log.warn('caller cache off: the database notification channel was lost');
        },
      });
      cache.enable();
    } catch (err) {
      app.log.warn({ err }, 'caller cache off: cannot listen for database notifications');
    }
  });
  app.addHook('onClose', async () => {
    cache.disable();
    await unlisten?.();
  });
}

/**
 * Each API key's own budget of calls per minute (`API_KEY_RATE_LIMIT`), on the rate limiter's store: Redis-shared
 * with `REDIS_URL`. Counted once the key is verified, so nobody can spend another company's budget with a made-up
 * key; the per-address budget of every call still applies before it.
 */
function keyRateLimit(app: FastifyInstance) {
  if (!app.hasDecorator('createRateLimit')) return null;
  const limiter = app.createRateLimit({
    max: app.deps.config.apiKeyRateLimit * app.deps.config.rateLimitScale,
    timeWindow: 60_000,
    keyGenerator: (req: FastifyRequest) => `apikey|${req.actor!.apiKey!.id}`,
  });
  return async (req: FastifyRequest) => {
    const r = await limiter(req);
    if (!r.isAllowed && r.isExceeded)
      throw tooMany('Too many requests with this API key. Please try again later.', r.ttlInSeconds);
  };
}

/**
 * Market figures and list totals (lib/market-cache.ts) are forgotten when any process writes: the database announces
 * it on `market_changed` (migration 0021). Without the channel they still expire after their few seconds.
 */
function listenForMarketChanges(app: FastifyInstance) {
  let unlisten: (() => Promise<void>) | null = null;
  app.addHook('onReady', async () => {
    try {
      unlisten = await app.deps.database.listen('market_changed', {
        onNotify: app.deps.marketCache.drop,
        onLost: () => {
          app.deps.marketCache.setListening(false);
          app.log.warn('market figures now expire by time alone: the notification channel was lost');
        },
      });
      app.deps.marketCache.setListening(true);
    } catch (err) {
      app.log.warn({ err }, 'market figures expire by time alone: cannot listen for database notifications');
    }
  });
  app.addHook('onClose', async () => {
    app.deps.marketCache.setListening(false);
    await unlisten?.();
  });
}
