// Configuration comes from environment variables only, checked once at start with a clear message.
import path from 'node:path';
import { isValidGst } from '@spirit/domain/common/patterns';
import { GST_STATE_CODES, gstStateCode } from '@spirit/domain/geo/geo.rules';
import { z } from 'zod';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.url({ error: 'PUBLIC_URL must be a full URL such as https://spirit.example.com' }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Spirit Exchange <no-reply@spirit.exchange>'),
  ADMIN_EMAIL: z.email({ error: 'ADMIN_EMAIL must be an email address' }).default('admin@spirit.exchange'),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').optional(),
  SEED_DEMO: bool.optional(),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(12),
  SESSION_IDLE_MINUTES: z.coerce.number().positive().default(120),
  ACTOR_CACHE_SECONDS: z.coerce.number().min(0).max(300).default(10),
  MARKET_CACHE_SECONDS: z.coerce.number().min(0).max(300).default(15),
  RECORD_MEMO_ENTRIES: z.coerce.number().int().min(0).max(1_000_000).default(20_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CAPTCHA_HMAC_KEY: z.string().min(16).optional(),
  CAPTCHA_MAX_NUMBER: z.coerce.number().int().min(10).max(10_000_000).default(50_000),
  RATE_LIMIT: bool.default(true),
  RATE_LIMIT_SCALE: z.coerce.number().int().min(1).max(1000).default(1),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://')
    .optional(),
  /** Keys of this deployment in a Redis others may share. */
  REDIS_PREFIX: z.string().min(1).max(64).default('sx:'),
  /** Calls per minute one API key may make (times RATE_LIMIT_SCALE). */
  API_KEY_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(120),
  /** Webhooks may target http:// and private, loopback or link-local addresses (test receivers); off in production. */
  WEBHOOK_ALLOW_LOCAL: bool.optional(),
  /** Seals webhook signing secrets at rest (modules/webhooks/webhooks.secrets.ts); else a key file in DATA_DIR. */
  WEBHOOK_SECRET_KEY: z.string().min(32, 'WEBHOOK_SECRET_KEY must be at least 32 characters').optional(),
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  S3_BUCKET: z.string().optional(),
  // The platform as the supplier on its service fee invoices (DESIGN.md §4 "Invoices"); demo defaults.
  PLATFORM_NAME: z.string().trim().min(1).max(200).default('Spirit Exchange Private Limited'),
  PLATFORM_ADDRESS: z.string().trim().min(1).max(300).default('Bandra Kurla Complex, Mumbai 400051'),
  PLATFORM_STATE: z
    .string()
    .trim()
    .refine((s) => gstStateCode(s) !== undefined, 'PLATFORM_STATE must be an Indian state or union territory name')
    .default('Maharashtra'),
  PLATFORM_GSTIN: z
    .string()
    .trim()
    .toUpperCase()
    .refine(isValidGst, 'PLATFORM_GSTIN must be a valid 15-character GSTIN (check character included)')
    .default('27AAPFU0939F1ZV'),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  adminEmail: string;
  adminPassword: string | undefined;
  seedDemo: boolean;
  sessionTtlHours: number;
  sessionIdleMinutes: number;
  /** How long a signed-in caller may be served from the per-process cache; 0 turns the cache off. */
  actorCacheSeconds: number;
  /** How long the market's figures and list totals are kept (lib/market-cache.ts); 0 computes every answer. */
  marketCacheSeconds: number;
  /** How many rendered records a process keeps (lib/record-memo.ts); 0 renders every one. */
  recordMemoEntries: number;
  logLevel: string;
  captchaHmacKey: string | undefined;
  captchaMaxNumber: number;
  rateLimit: boolean;
  /** The supplier on service fee invoices; its state decides CGST + SGST or IGST. */
  platform: { name: string; address: string; state: string; gstin: string };
  /** Every rate-limit budget is multiplied by this (test servers that many specs share; 1 in production). */
  rateLimitScale: number;
  /** Serve the built SPA from this folder when it exists. */
  webDist: string | undefined;
  /** Rate-limit counters shared by every process of the deployment; in process memory when unset. */
  redisUrl: string | undefined;
  redisPrefix: string;
  /** Calls per minute per API key. */
  apiKeyRateLimit: number;
  /** Webhook URLs may be plain http and point at private, loopback or link-local addresses. */
  webhookAllowLocal: boolean;
  webhookSecretKey: string | undefined;
  /** Server processes `main` runs (node:cluster); more than one only on the PostgreSQL server. */
  workers: number;
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.S3_BUCKET) throw new ConfigError('Invalid configuration:\n  S3_BUCKET: S3 storage is not available yet');
  if (GST_STATE_CODES[e.PLATFORM_GSTIN.slice(0, 2)] !== e.PLATFORM_STATE)
    throw new ConfigError(
      `Invalid configuration:\n  PLATFORM_GSTIN: its state code ${e.PLATFORM_GSTIN.slice(0, 2)} is not PLATFORM_STATE (${e.PLATFORM_STATE})`,
    );
  if (e.WORKERS > 1 && !e.DATABASE_URL)
    throw new ConfigError(
      'Invalid configuration:\n  WORKERS: several processes need the PostgreSQL server (DATABASE_URL); the embedded database belongs to one process',
    );
  if (e.WORKERS > 1 && !e.CAPTCHA_HMAC_KEY)
    throw new ConfigError(
      'Invalid configuration:\n  CAPTCHA_HMAC_KEY: must be set when WORKERS > 1, so that every process accepts the captchas the others issue',
    );
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    actorCacheSeconds: e.ACTOR_CACHE_SECONDS,
    marketCacheSeconds: e.MARKET_CACHE_SECONDS,
    recordMemoEntries: e.RECORD_MEMO_ENTRIES,
    logLevel: e.LOG_LEVEL,
    captchaHmacKey: e.CAPTCHA_HMAC_KEY,
    captchaMaxNumber: e.CAPTCHA_MAX_NUMBER,
    rateLimit: e.RATE_LIMIT,
    platform: { name: e.PLATFORM_NAME, address: e.PLATFORM_ADDRESS, state: e.PLATFORM_STATE, gstin: e.PLATFORM_GSTIN },
    rateLimitScale: e.RATE_LIMIT_SCALE,
    webDist: undefined,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    workers: e.WORKERS,
    apiKeyRateLimit: e.API_KEY_RATE_LIMIT,
    webhookAllowLocal: e.WEBHOOK_ALLOW_LOCAL ?? e.NODE_ENV !== 'production',
    webhookSecretKey: e.WEBHOOK_SECRET_KEY,
  };
}

/**
 * The local mailbox exists only where the outbox is the only mailbox (no SMTP) and never in production. Who may read
 * it is decided per request, by the caller's address (`plugins/mailbox.ts`), not by the listening address.
 */
export function mailboxEnabled(config: Config): boolean {
  return !config.smtpUrl && config.env !== 'production';
}
