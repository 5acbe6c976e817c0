import type { FastifyInstance } from 'fastify';
import { bearerToken, resolveActor } from '../modules/auth/session.js';

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
  app.decorate('auth', {
    actorOf: async (req, access) => (access === 'public' ? null : resolveActor(app.deps, bearerToken(req))),
  });
  app.addHook('onSend', async (req) => {
    const method = req.url.startsWith('/api/') ? req.url.slice(5).split('?')[0]! : '';
    if (method && !readsOnly(method)) {
      cache.drop();
      // The market figures too: this process's own next read sees what it just wrote.
      app.deps.marketCache.drop();
    }
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
