// Builds the real app on a fresh database for one test file, with helpers that act the way clients do:
// solve a real captcha, sign in, read mail from the outbox.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MethodBody, MethodName } from '@spirit/domain/api/methods';
import { solveChallenge } from 'altcha-lib/v1';
import { desc, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import type { Database } from '../db/client.js';
import { mailOutbox } from '../modules/mail/mail.table.js';
import { freshDatabase } from './database.js';

export type Reply<T = unknown> = {
  statusCode: number;
  headers: Record<string, unknown>;
  body: {
    status: 'OK' | 'ERROR';
    statusCode: number;
    message?: string;
    data: T;
    error?: string;
    code?: string;
    fields?: Record<string, string>;
  };
};

export type Harness = Awaited<ReturnType<typeof createHarness>>;

export const SUPER_ADMIN = { email: 'root@spirit.test', password: 'Root@Pass1' };

/**
 * `database` and `dataDir` seed a database that outlives the harness (the reliability suite's real servers start
 * on it afterwards): closing then closes the database but leaves the folder.
 */
export async function createHarness(
  opts: { env?: Record<string, string>; now?: () => Date; database?: Database; dataDir?: string } = {},
) {
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(tmpdir(), 'sx-test-'));
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    RATE_LIMIT: 'false',
    CAPTCHA_MAX_NUMBER: '1000',
    ADMIN_EMAIL: SUPER_ADMIN.email,
    ADMIN_PASSWORD: SUPER_ADMIN.password,
    SEED_DEMO: 'false',
    PUBLIC_URL: 'http://spirit.test',
    ...opts.env,
  });
  const database: Database = opts.database ?? (await freshDatabase());
  const clock = { offsetMs: 0 };
  const now = opts.now ?? (() => new Date(Date.now() + clock.offsetMs));
  const app: FastifyInstance = await buildApp(config, { database, now });
  await app.ready();

  async function call<T = unknown>(method: string, body: unknown = {}, token?: string | null): Promise<Reply<T>> {
    const res = await app.inject({
      method: 'POST',
      url: `/api/${method}`,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload: JSON.stringify(body),
    });
    await app.deps.mailer.flush();
    const json = String(res.headers['content-type'] ?? '').includes('application/json');
    return { statusCode: res.statusCode, headers: res.headers, body: json ? res.json() : (null as never) };
  }

  /** A typed call for the contract's methods. */
  const api = <M extends MethodName>(method: M, body: MethodBody<M> | Record<string, unknown>, token?: string | null) =>
    call(method, body, token);

  async function captcha(): Promise<string> {
    const res = await call<{
      algorithm: string;
      challenge: string;
      maxnumber: number;
      salt: string;
      signature: string;
    }>('getCaptcha');
    const c = res.body.data;
    const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
    if (!solution) throw new Error('captcha not solved');
    return Buffer.from(
      JSON.stringify({
        algorithm: c.algorithm,
        challenge: c.challenge,
        number: solution.number,
        salt: c.salt,
        signature: c.signature,
      }),
    ).toString('base64');
  }

  async function login(email: string, password: string): Promise<string> {
    const res = await call<{ token: string }>('login', { email, password, captcha: await captcha() });
    if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${JSON.stringify(res.body)}`);
    return res.body.data.token;
  }

  async function mailsTo(email: string) {
    await app.deps.mailer.flush();
    return app.deps.db
      .select()
      .from(mailOutbox)
      .where(sql`lower(${mailOutbox.to_address}) = ${email.toLowerCase()}`)
      .orderBy(desc(mailOutbox.id));
  }

  async function count(table: string): Promise<number> {
    const res = await app.deps.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
    return (res as unknown as { rows: { n: number }[] }).rows[0]!.n;
  }

  return {
    app,
    deps: app.deps,
    db: app.deps.db,
    config,
    clock,
    call,
    api,
    captcha,
    login,
    mailsTo,
    count,
    close: async () => {
      await app.close();
      await database.close();
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The set-password link in the newest invitation mail to `email`. */
export async function invitationToken(h: Harness, email: string): Promise<string> {
  const mail = (await h.mailsTo(email)).find((m) => m.kind === 'invitation');
  const match = mail && /token=([A-Za-z0-9_-]+)/.exec(mail.text_body);
  if (!match) throw new Error(`no invitation mail to ${email}`);
  return decodeURIComponent(match[1]!);
}

/** The code in the newest one-time-code mail to `email`. */
export async function otpCode(h: Harness, email: string): Promise<string> {
  const mail = (await h.mailsTo(email)).find((m) => m.kind === 'otp');
  const match = mail && /code is ([0-9]{6})/.exec(mail.text_body);
  if (!match) throw new Error(`no code mail to ${email}`);
  return match[1]!;
}
