// Issue 25 part 2, the browser test: two server processes on one PostgreSQL database. The buyer's Negotiator has a
// bid's page open through process 1; the seller's Negotiator counters through process 2's API; the page shows the
// counter without a reload, well before its 15 s poll: the event went from process 2's commit through the database's
// notification to process 1's stream and the page's query. Needs a PostgreSQL server (E2E_DATABASE_URL, default the
// local one); skipped when there is none.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { solveChallenge } from 'altcha-lib/v1';
import { SUPER_ADMIN } from '../playwright.config';
import { DEMO_BUYER, DEMO_PASSWORD } from '../support/bids';
import { signInAs } from '../support/ui';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER_URL = process.env.E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const FIRST_PORT = Number(process.env.E2E_PORT ?? 3100) + 40;
const database = `sx_e2e_live_${process.pid}_${Date.now()}`;
const databaseUrl = SERVER_URL.replace(/\/[^/]*$/, `/${database}`);
const base = [0, 1].map((i) => `http://127.0.0.1:${FIRST_PORT + i}`) as [string, string];
const SELLER_NEGOTIATORS = ['deccan-distilleries', 'ganga-grain', 'kaveri-malt'].flatMap((d) => [
  `negotiator@${d}.example`,
  `negotiator2@${d}.example`,
]);
const BID_POLL_MS = 15_000;

const psql = (sql: string) => spawnSync('psql', [SERVER_URL, '-v', 'ON_ERROR_STOP=1', '-c', sql], { encoding: 'utf8' });
const hasPostgres = spawnSync('psql', [SERVER_URL, '-c', 'select 1'], { encoding: 'utf8' }).status === 0;

test.describe.configure({ mode: 'serial' });
test.skip(!hasPostgres, 'no PostgreSQL server for the two-process test');

const servers: { child: ChildProcess; dataDir: string }[] = [];

async function startServer(index: number) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sx-e2e-live-'));
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(FIRST_PORT + index),
      HOST: '127.0.0.1',
      PUBLIC_URL: base[index],
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      ADMIN_EMAIL: SUPER_ADMIN.email,
      ADMIN_PASSWORD: SUPER_ADMIN.password,
      SEED_DEMO: 'true',
      CAPTCHA_MAX_NUMBER: '5000',
      CAPTCHA_HMAC_KEY: 'e2e-live-two-processes-0123456789abcdef',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SCALE: '10',
    },
  });
  servers.push({ child, dataDir });
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server ${index} exited (${child.exitCode})`);
    const up = await fetch(`${base[index]}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server ${index} did not start`);
}

type Envelope<T> = { status: string; error?: string; data: T };
async function callAt<T>(at: string, method: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${at}/api/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const env = (await res.json()) as Envelope<T>;
  if (env.status !== 'OK') throw new Error(`${method}: ${env.error}`);
  return env.data;
}
async function captchaAt(at: string) {
  const c = await callAt<{ algorithm: string; challenge: string; maxnumber: number; salt: string; signature: string }>(
    at,
    'getCaptcha',
    {},
  );
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  return Buffer.from(JSON.stringify({ ...c, number: solution!.number, maxnumber: undefined })).toString('base64');
}
const loginAt = async (at: string, email: string) =>
  (await callAt<{ token: string }>(at, 'login', { email, password: DEMO_PASSWORD, captcha: await captchaAt(at) }))
    .token;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  expect(psql(`create database ${database}`).status).toBe(0);
  await startServer(0); // migrates and seeds
  await startServer(1);
});

test.afterAll(async () => {
  for (const { child, dataDir } of servers) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
  psql(`drop database if exists ${database} with (force)`);
});

async function approvalOf(page: Page, tier: string): Promise<string[]> {
  const row = page
    .getByRole('table', { name: 'Approval status' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: tier }) });
  return row.getByRole('cell').allInnerTexts();
}

test('a counter committed through process 2 shows on a bid page served by process 1 without a reload', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // The buyer places a bid through process 2 on a seller's offer.
  type Page1<T> = { records: T[] };
  const buyer = await loginAt(base[1], DEMO_BUYER);
  const asks = await callAt<Page1<{ id: number; is_open: boolean }>>(
    base[1],
    'getAllOffers',
    { page: 1, page_size: 30 },
    buyer,
  );
  let pair: { ask: number; offer: number } | null = null;
  for (const ask of asks.records.filter((a) => a.is_open)) {
    // An ask of a distillery the buyer's Negotiator manages.
    if (!(await callAt<{ can_edit: boolean }>(base[1], 'getOfferById', { id: ask.id }, buyer)).can_edit) continue;
    const possible = await callAt<Page1<{ id: number }>>(
      base[1],
      'getAllPossibleOffer',
      { offer_id: ask.id, page: 1, page_size: 30 },
      buyer,
    );
    if (possible.records[0]) {
      pair = { ask: ask.id, offer: possible.records.at(-1)!.id };
      break;
    }
  }
  expect(pair).not.toBeNull();
  const { ask, offer } = pair!;
  const bid = await callAt<{ id: number; version: number }>(
    base[1],
    'createBid',
    {
      quantity: '100',
      price: '61.40',
      valid_until: new Date(Date.now() + 4 * 3_600_000).toISOString(),
      my_offer_id: ask,
      offer_id: offer,
      captcha: await captchaAt(base[1]),
    },
    buyer,
  );

  // The buyer watches the bid's page through process 1.
  const context = await browser.newContext({ baseURL: base[0] });
  try {
    const page = await context.newPage();
    const stream = page.waitForRequest((r) => r.url().startsWith(`${base[0]}/api/events?`));
    await signInAs(page, DEMO_BUYER, DEMO_PASSWORD);
    await page.goto(`/biditem/${offer}/${bid.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Bid ${bid.id}` })).toBeVisible();
    expect(await approvalOf(page, 'Negotiator')).toEqual(['Approved', 'Pending']);
    await stream;

    // The seller's Negotiator counters through process 2.
    let seller: string | null = null;
    for (const email of SELLER_NEGOTIATORS) {
      const token = await loginAt(base[1], email);
      const can = await callAt<{ can_edit: boolean }>(base[1], 'getOfferById', { id: offer }, token).then(
        (o) => o.can_edit,
        () => false,
      );
      if (can) seller = token;
      if (can) break;
    }
    expect(seller).not.toBeNull();
    await callAt(
      base[1],
      'negotiateBid',
      { bid_id: bid.id, version: bid.version, price: 63.1, quantity: 100, captcha: await captchaAt(base[1]) },
      seller!,
    );
    // Pushed, not polled: the page's own poll would take up to 15 s.
    await expect
      .poll(() => approvalOf(page, 'Negotiator'), { timeout: BID_POLL_MS - 5_000 })
      .toEqual(['Pending', 'Approved']);
    await expect(page.getByText('63.10').first()).toBeVisible();
  } finally {
    await context.close();
  }
});
