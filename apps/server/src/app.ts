// buildApp(config): plugins, then modules; nothing else.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { MAX_UPLOAD_BYTES } from '@spirit/domain/files/files.constants';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { mailboxEnabled, type Config } from './config.js';
import type { Database } from './db/client.js';
import { vacuumEmbedded } from './db/maintenance.js';
import { newToken } from './lib/crypto.js';
import { startScheduler } from './lib/scheduler.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { bidsRoutes } from './modules/bids/bids.routes.js';
import { lapseExpired } from './modules/bids/bids.lapse.js';
import { toJsonText } from './lib/json-records.js';
import { createMarketCache } from './lib/market-cache.js';
import { createRecordMemo } from './lib/record-memo.js';
import { createActorCache } from './modules/auth/actor-cache.js';
import { createEventHub } from './modules/events/events.outbox.js';
import { eventsRoutes } from './modules/events/events.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { distilleriesRoutes } from './modules/distilleries/distilleries.routes.js';
import { createCaptchaService } from './modules/captcha/captcha.service.js';
import { companiesRoutes } from './modules/companies/companies.routes.js';
import { dashboardsRoutes } from './modules/dashboards/dashboards.routes.js';
import { filesRoutes } from './modules/files/files.routes.js';
import { purgeUnclaimedUploads } from './modules/files/files.service.js';
import { localStorage } from './modules/files/files.storage.js';
import { feesRoutes } from './modules/fees/fees.routes.js';
import { geoRoutes } from './modules/geo/geo.routes.js';
import { invoicesRoutes } from './modules/invoices/invoices.routes.js';
import { createMailer } from './modules/mail/mail.service.js';
import { resumeBulkUploads } from './modules/listings/listings.bulk-write.js';
import { listingsRoutes } from './modules/listings/listings.routes.js';
import { mappingsRoutes } from './modules/mappings/mappings.routes.js';
import { ratingsRoutes } from './modules/ratings/ratings.routes.js';
import { analysisRoutes } from './modules/analysis/analysis.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { apikeysRoutes } from './modules/apikeys/apikeys.routes.js';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.js';
import { deliverDue, webhooksConsumer } from './modules/webhooks/webhooks.delivery.js';
import { alertsRoutes } from './modules/alerts/alerts.routes.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { sendDigests, warnLapsing } from './modules/notifications/notifications.jobs.js';
import { purgeIdempotencyKeys, registerIdempotency } from './http/idempotency.js';
import { createPollShortcut } from './http/poll-shortcut.js';
import { registerAuth } from './plugins/auth.js';
import { registerCompression } from './plugins/compression.js';
import { registerErrorHandling } from './plugins/errors.js';
import { registerMailbox } from './plugins/mailbox.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerWeb } from './plugins/web.js';
import type { Deps } from './types.js';

export type BuildOptions = {
  database: Database;
  /** Clock for services; tests move time forward with it. */
  now?: () => Date;
  /**
   * Start periodic jobs (off in tests, which call the jobs directly); a function starts them in its stead (a test
   * recording when they would start).
   */
  scheduler?: boolean | typeof startScheduler;
  /** Close `database` when the app closes, once everything that may still use it has finished. */
  closeDatabase?: boolean;
};

const JSON_BODY_LIMIT = 1024 * 1024;

export async function buildApp(config: Config, options: BuildOptions): Promise<FastifyInstance> {
  const trustProxy = config.env === 'production';
  const shortcut = createPollShortcut({ trustProxy });
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    bodyLimit: JSON_BODY_LIMIT,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    trustProxy,
    serverFactory: shortcut.serverFactory,
  });
  app.decorate('pollShortcut', shortcut);
  // onClose hooks run last-registered first: registered before any other, closing the database runs after them all
  // (mail in flight still writes its outbox row, the scheduler stops, LISTEN ends on an open connection).
  if (options.closeDatabase) app.addHook('onClose', async () => options.database.close());
  app.setValidatorCompiler(validatorCompiler);
  // Responses are plain JSON, a list's kept records spliced in as their text (lib/json-records.ts); the response
  // schemas document the contract and the tests check it.
  app.setSerializerCompiler(() => toJsonText);

  const db = options.database.db;
  const now = options.now ?? (() => new Date());
  const deps: Deps = {
    config,
    database: options.database,
    db,
    now,
    mailer: createMailer({ db, smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log }),
    // Without a configured key each start makes one: challenges then live as long as the process.
    captcha: createCaptchaService({
      db,
      hmacKey: config.captchaHmacKey ?? newToken(),
      maxNumber: config.captchaMaxNumber,
      now,
    }),
    storage: localStorage(path.join(config.dataDir, 'uploads')),
    actorCache: createActorCache({ ttlMs: config.actorCacheSeconds * 1000, maxEntries: 50_000 }),
    marketCache: createMarketCache({ ttlMs: config.marketCacheSeconds * 1000, maxEntries: 1_000 }),
    recordMemo: createRecordMemo({ maxEntries: config.recordMemoEntries }),
    events: createEventHub({ database: options.database, log: app.log }),
  };
  app.decorate('deps', deps);
  app.addHook('onReady', () => deps.events.start());
  app.addHook('onClose', () => deps.events.stop());

  registerSecurityHeaders(app);

  if (config.rateLimit)
    await app.register(rateLimit, {
      ...sharedCounters(app, config),
      global: true,
      max: 600 * config.rateLimitScale,
      timeWindow: '1 minute',
      // The per-address budget is for calls. The app's own files are static and cached; one page load fetches dozens
      // of them, and a whole office signs in from one address.
      allowList: (req) => !req.url.startsWith('/api/'),
    });
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 } });
  await registerOpenApi(app);
  registerErrorHandling(app);
  registerIdempotency(app);
  registerCompression(app);
  await registerAuth(app);
  shortcut.attach(app);

  authRoutes(app);
  usersRoutes(app);
  companiesRoutes(app);
  filesRoutes(app);
  geoRoutes(app);
  distilleriesRoutes(app);
  mappingsRoutes(app);
  feesRoutes(app);
  invoicesRoutes(app);
  auditRoutes(app);
  listingsRoutes(app);
  bidsRoutes(app);
  ratingsRoutes(app);
  analysisRoutes(app);
  dashboardsRoutes(app);
  apikeysRoutes(app);
  webhooksRoutes(app);
  deps.events.addConsumer(webhooksConsumer(deps));
  notificationsRoutes(app);
  alertsRoutes(app);
  eventsRoutes(app);

  app.get('/healthz', async (_req, reply) => {
    try {
      await options.database.ping();
      return { status: 'ok' };
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
  if (mailboxEnabled(config)) registerMailbox(app);
  await registerWeb(app, config.webDist);

  // The jobs start once the app listens: not while `npm start` seeds (the lapse sweep would lapse the demo's past
  // bids between the seed's steps on a slow machine), and never in a process that serves nobody (the seed CLI).
  if (options.scheduler) {
    const start = options.scheduler === true ? startScheduler : options.scheduler;
    let stop = () => {};
    app.addHook('onListen', async () => {
      stop = start(db, scheduledJobs(deps, options.database.kind), app.log);
    });
    app.addHook('onClose', async () => stop());
  }
  app.addHook('onClose', async () => deps.mailer.flush());
  return app;
}

/**
 * With `REDIS_URL`, every rate-limit counter lives in Redis, shared by all processes of the deployment (a budget is
 * the deployment's, not each process's); without it, in this process's memory. A Redis that stops answering does not
 * stop the marketplace: its counters are skipped, and the failure logged (docs/decisions.md).
 */
function sharedCounters(app: FastifyInstance, config: Config) {
  if (!config.redisUrl) return {};
  const redis = new Redis(config.redisUrl, {
    connectTimeout: 1_000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: true,
  });
  redis.on('error', (err) => app.log.warn({ err }, 'rate-limit store (Redis) unavailable'));
  app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
  return { redis, nameSpace: `${config.redisPrefix}rl:`, skipOnError: true };
}

/** The periodic jobs, each run by one process at a time (its advisory lock). */
function scheduledJobs(deps: Deps, kind: Database['kind']) {
  const { db } = deps;
  return [
    {
      name: 'purge-unclaimed-uploads',
      lockKey: 7_101,
      everyMs: 3_600_000,
      run: () => purgeUnclaimedUploads(deps),
    },
    {
      name: 'purge-idempotency-keys',
      lockKey: 7_104,
      everyMs: 3_600_000,
      run: () => purgeIdempotencyKeys(db, deps.now()),
    },
    // An upload a request is still writing is left to it; one a failure left half-written is finished here.
    {
      name: 'resume-bulk-uploads',
      lockKey: 7_108,
      everyMs: 60_000,
      run: () => resumeBulkUploads(deps, new Date(deps.now().getTime() - 120_000)),
    },
    { name: 'lapse-bids', lockKey: 7_102, everyMs: 60_000, run: () => lapseExpired(deps) },
    // Deliveries claim their rows (skip locked), so the lock only keeps the processes from polling together.
    { name: 'webhook-deliveries', lockKey: 7_107, everyMs: 5_000, run: () => deliverDue(deps) },
    { name: 'warn-lapsing-bids', lockKey: 7_105, everyMs: 60_000, run: () => warnLapsing(deps) },
    { name: 'notification-digest', lockKey: 7_106, everyMs: 60_000, run: () => sendDigests(deps) },
    // The PostgreSQL server has its own autovacuum; the embedded one has none (db/maintenance.ts).
    ...(kind === 'pglite'
      ? [{ name: 'vacuum-embedded', lockKey: 7_103, everyMs: 60_000, run: () => vacuumEmbedded(db) }]
      : []),
  ];
}
