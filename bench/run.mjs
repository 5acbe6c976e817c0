// The performance suite (`npm run bench`). For each database it builds a market with bench/generate.mjs, starts
// the built server on it, and measures every scenario against a bare node:http server in the same run: requests
// per second as a ratio to the bare server, p50 and p99 latency, errors. Then the web figures (bench/web.mjs).
// Prints a table, writes JSON to bench/results/ and the latest figures into bench/README.md. Asserts nothing.
//
//   npm run bench -- [--db pglite,postgres] [--scale small|market] [--seconds 3] [--reps 3] [--connections 50]
//                    [--only name,name] [--no-web] [--no-floor] [--lighthouse] [--profile scenario]
//                    [--trade-pairs N [--trade-rounds R]]
//                    [--database-url postgres://…/db | --data-dir dir]   (reuse a market generate.mjs filled)
import { fork, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { solveChallenge } from 'altcha-lib/v1';
import pg from 'pg';
import { call as callApi, JSON_HEADERS } from './lib/api.mjs';
import { documentTimes } from './lib/documents.mjs';
import { streamFanOut } from './lib/streams.mjs';
import { BENCH_PASSWORD, generate, marketIds, openExec, SCALES, SUPER_EMAIL, TOKENS } from './generate.mjs';
import { cpuMeter } from './lib/cpu.mjs';
import { load } from './lib/load.mjs';
import { oversoldListings, parallelTradeRate } from './lib/trades.mjs';
import { processesRate } from './lib/processes.mjs';
import { profileMarkdown, summarizeProfile } from './lib/profile.mjs';
import { webFigures } from './web.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] && !process.argv[i + 1].startsWith('--') ? process.argv[i + 1] : fallback;
};
const flag = (name) => process.argv.includes(`--${name}`);

const opts = {
  dbs: arg('db', 'pglite,postgres').split(','),
  scale: arg('scale', 'market'),
  seconds: Number(arg('seconds', '3')),
  reps: Number(arg('reps', '3')),
  connections: Number(arg('connections', '50')),
  only: arg('only', '')?.split(',').filter(Boolean),
  /** Full trades side by side: this many pairs of companies (bench/lib/trades.mjs), each `trade-rounds` trades. */
  tradePairs: Number(arg('trade-pairs', '0')),
  tradeRounds: Number(arg('trade-rounds', '5')),
  /** The calls measured again on a server of this many processes (WORKERS, PostgreSQL only); 1: not measured. */
  processes: Number(arg('processes', '1')),
  /** Open event streams on the server (bench/lib/streams.mjs); 0: not measured. */
  streams: Number(arg('streams', '0')),
  postgresUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  /** A market generated before (`node bench/generate.mjs --database-url … or --data-dir …`), measured as it is. */
  reuse: arg('database-url')
    ? { databaseUrl: arg('database-url') }
    : arg('data-dir')
      ? { dataDir: arg('data-dir') }
      : null,
};
if (opts.reuse) opts.dbs = [opts.reuse.databaseUrl ? 'postgres' : 'pglite'];
const loadAtStart = os.loadavg()[0];
if (!SCALES[opts.scale]) throw new Error(`--scale must be one of ${Object.keys(SCALES).join(', ')}`);

/** The scenarios: a name, the request, and who calls. Ids come from the generated market. */
function scenarios(ids) {
  const as = (token) => ({ authorization: `Bearer ${token}` });
  const post = (name, method, body, token) => ({ name, path: `/api/${method}`, method: 'POST', body, token });
  const { superAdmin, admin, negotiator } = TOKENS;
  /** India's date `days` before today (a range's `to_date` defaults to 89 days after its `from_date`). */
  const daysAgo = (days) => new Date(Date.now() + 330 * 60_000 - days * 86_400_000).toISOString().slice(0, 10);
  return [
    { name: 'GET /healthz', path: '/healthz', method: 'GET' },
    { name: 'login (argon2id m=19 MiB t=2 p=1)', login: true },
    post('refreshUser (session only)', 'refreshUser', {}, admin),
    post('getAllCompany page 1', 'getAllCompany', { page: 1, page_size: 10 }, superAdmin),
    post('getAllCompany approved sellers', 'getAllCompany', { type: 'Seller', status: ['Approved'] }, superAdmin),
    post('getAllCompany search "ganga"', 'getAllCompany', { item_search: 'ganga' }, superAdmin),
    post('getAllCompany page 50 by name desc', 'getAllCompany', { page: 50, sort_order: 'desc' }, superAdmin),
    post('getAllUsers', 'getAllUsers', {}, admin),
    post('getAllDistill', 'getAllDistill', {}, admin),
    post('getAllDistillGroup Centralized', 'getAllDistillGroup', { type: 'Centralized' }, admin),
    post('getAllCommission', 'getAllCommission', {}, superAdmin),
    post('getAuditLog page 1', 'getAuditLog', {}, superAdmin),
    post('getAuditLog search "mapping"', 'getAuditLog', { item_search: 'mapping' }, superAdmin),
    post('getAuditLog of one company', 'getAuditLog', { company_id: ids.company }, superAdmin),
    post('getCompanyDetails', 'getCompanyDetails', {}, admin),
    post('getUserbyId', 'getUserbyId', { id: ids.user }, admin),
    post('getDistillById', 'getDistillById', { id: ids.distillery }, admin),
    post('getDistillGroupById', 'getDistillGroupById', { id: ids.mapping }, admin),
    post('getCommissionbyId', 'getCommissionbyId', { id: ids.fee }, superAdmin),
    post('getAllOffers page 1', 'getAllOffers', {}, negotiator),
    post('getAllOffers search "grain"', 'getAllOffers', { item_search: 'grain' }, negotiator),
    post('getAllInventory page 1', 'getAllInventory', {}, negotiator),
    post(
      'getAllInventory by spirit and state',
      'getAllInventory',
      { type_of_spirits: ['Molasses ENA', 'Grain ENA'], state_names: ['Maharashtra', 'Karnataka'] },
      negotiator,
    ),
    post('getAllPossibleOffer (landed price order)', 'getAllPossibleOffer', { offer_id: ids.listing }, negotiator),
    post('getOfferMap', 'getOfferMap', { offer_id: ids.listing }, negotiator),
    post('getOfferById', 'getOfferById', { id: ids.listing }, negotiator),
    post('getInventorybyId', 'getInventorybyId', { id: ids.market_item }, negotiator),
    post('getMarketStats', 'getMarketStats', { product: ids.negotiated_product }, negotiator),
    post('latestNegotiation', 'latestNegotiation', {}, negotiator),
    post('latestNegotiation of a product', 'latestNegotiation', { product: ids.negotiated_product }, negotiator),
    post('getAllBids by listing', 'getAllBids', { offer_id: ids.bid_offer }, negotiator),
    post('getAllBids by status Approved', 'getAllBids', { bid_status: 'Approved' }, negotiator),
    // The SuperAdmin's Approved Bids (issue 22): every company's trades, with the total kept seconds as the market's.
    post('getAllBids by status Approved (SuperAdmin)', 'getAllBids', { bid_status: 'Approved' }, superAdmin),
    post('getAllBids awaiting me (priced rows)', 'getAllBids', { awaiting_me: true }, negotiator),
    // The menu's "Waiting for me" badge: asked on every signed-in page.
    post('getAwaitingBidCount (the menu badge)', 'getAwaitingBidCount', {}, negotiator),
    post('getBidById', 'getBidById', { bid_id: ids.bid }, negotiator),
    // Trend and analysis (issue 23): market-wide aggregates, each kept 15 s in the market cache (lib/market-cache.ts),
    // so most requests here are served from it and one in each 15 s computes.
    post('getPriceTrend', 'getPriceTrend', {}, negotiator),
    post('getPriceTrend of a product', 'getPriceTrend', { product: 'Grain ENA' }, negotiator),
    post('getAnalysisVolume by state (90 days)', 'getAnalysisVolume', { group_by: 'state' }, superAdmin),
    post('getAnalysisFunnel (90 days)', 'getAnalysisFunnel', {}, superAdmin),
    post('getAnalysisTopCompanies (90 days)', 'getAnalysisTopCompanies', {}, superAdmin),
    // The dashboards (issue 23): a company user's cards and lists, the SuperAdmin's platform figures and chart.
    post('getDashboardData (company cards)', 'getDashboardData', {}, negotiator),
    post('getDashboardData (SuperAdmin)', 'getDashboardData', {}, superAdmin),
    post('getDashboardAllApprovedBids 7 days (SuperAdmin)', 'getDashboardAllApprovedBids', { days: 7 }, superAdmin),
    post('getDashboardAllApprovedBids page 1', 'getDashboardAllApprovedBids', {}, negotiator),
    post('getDashboardAllOpenBids 7 days', 'getDashboardAllOpenBids', { days: 7 }, negotiator),
    post('getDashboardAllOpenBids 7 days (SuperAdmin)', 'getDashboardAllOpenBids', { days: 7 }, superAdmin),
    post('getDashboardCommissionData 90 days', 'getDashboardCommissionData', {}, superAdmin),
    post('getDashboardAllLapsedBids page 1', 'getDashboardAllLapsedBids', {}, negotiator),
    post('getDashboardAllPendingAprrovedBids', 'getDashboardAllPendingAprrovedBids', {}, TOKENS.sellerAuthorizer),
    // After the trade (issue 22): My Service Fee and the ratings lists.
    post('getAllBidCommission page 1', 'getAllBidCommission', {}, admin),
    post('getAllBidCommission (SuperAdmin)', 'getAllBidCommission', {}, superAdmin),
    // The same figures computed on every request: a second server with its market cache off (MARKET_CACHE_SECONDS=0),
    // measured after the first has stopped, so each request runs the statements the cached rows above mostly skip.
    ...[
      post('getPriceTrend', 'getPriceTrend', {}, negotiator),
      post('getPriceTrend of a product', 'getPriceTrend', { product: 'Grain ENA' }, negotiator),
      post('getAnalysisVolume by state (90 days)', 'getAnalysisVolume', { group_by: 'state' }, superAdmin),
      post('getAnalysisFunnel (90 days)', 'getAnalysisFunnel', {}, superAdmin),
      post(
        'getAnalysisFunnel (a year)',
        'getAnalysisFunnel',
        { from_date: daysAgo(364), to_date: daysAgo(0) },
        superAdmin,
      ),
      post('getAnalysisTopCompanies (90 days)', 'getAnalysisTopCompanies', {}, superAdmin),
      post(
        'getAnalysisTopCompanies (a year)',
        'getAnalysisTopCompanies',
        { from_date: daysAgo(364), to_date: daysAgo(0) },
        superAdmin,
      ),
      post('getAllBids by status Approved (SuperAdmin)', 'getAllBids', { bid_status: 'Approved' }, superAdmin),
      post('getDashboardData (company cards)', 'getDashboardData', {}, negotiator),
      post('getDashboardData (SuperAdmin)', 'getDashboardData', {}, superAdmin),
      post('getDashboardAllApprovedBids 7 days (SuperAdmin)', 'getDashboardAllApprovedBids', { days: 7 }, superAdmin),
      post('getDashboardAllOpenBids 7 days (SuperAdmin)', 'getDashboardAllOpenBids', { days: 7 }, superAdmin),
      post('getDashboardCommissionData 90 days', 'getDashboardCommissionData', {}, superAdmin),
    ].map((s) => ({ ...s, name: `${s.name} (uncached)`, uncached: true })),
    // Unchanged polls (issue 25): the poll sends back the ETag of its last answer and is answered 304 from the change
    // stamp (apps/server/src/lib/change-stamp.ts) without running the read. Goal: at least 0.5 of bare.
    {
      ...post('getAllBids by listing, unchanged poll (304)', 'getAllBids', { offer_id: ids.bid_offer }, negotiator),
      unchanged: true,
    },
    { ...post('getAllOffers page 1, unchanged poll (304)', 'getAllOffers', {}, negotiator), unchanged: true },
    {
      ...post('getDashboardData (company cards), unchanged poll (304)', 'getDashboardData', {}, negotiator),
      unchanged: true,
    },
  ].map((s) => ({ ...s, headers: s.token ? as(s.token) : {} }));
}

async function waitUp(base, child) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error('the server exited while starting');
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not start');
}

const stop = async (child) => {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.on('exit', r));
};

/** A reference server of bench/lib (`bare-server.mjs`, `floor-server.mjs`) as its own process, once it listens. */
function startReference(file, env = {}) {
  const child = fork(path.join(root, 'bench/lib', file), [], { stdio: 'inherit', env: { ...process.env, ...env } });
  return new Promise((resolve, reject) => {
    child.on('message', ({ port }) => resolve({ child, base: `http://127.0.0.1:${port}` }));
    child.on('exit', (code) => reject(new Error(`${file} exited (${code}) before listening`)));
  });
}
const startBare = () => startReference('bare-server.mjs');

/**
 * The floor (bench/lib/floor-server.mjs): node:http answering one company page from this database through the
 * app's driver, nothing else. Measured after the app's server has stopped (PGlite serves one process), against
 * the bare server interleaved as the scenarios are; its ratio bounds what any call reading the database can reach.
 */
async function measureFloor(env, kind, bare) {
  const floor = await startReference('floor-server.mjs', env);
  try {
    const s = { name: 'floor', path: '/', method: 'GET' };
    await measureLoad(floor.base, s, 1);
    const runs = [];
    const bares = [];
    for (let rep = 1; rep <= opts.reps; rep++) {
      bares.push(await load({ url: bare.base, connections: opts.connections, seconds: opts.seconds }));
      runs.push(await measure(floor, s, opts.seconds, kind));
    }
    return summarize('floor: node:http + one company page, driver only', runs, median(bares.map((b) => b.rps)));
  } finally {
    await stop(floor.child);
  }
}

/**
 * Once the requests a measurement left in the server's queue are answered: a call slower than the measurement's
 * seconds leaves its callers' requests running after autocannon stops, and their work would count to the next row.
 * `/healthz` takes a database connection from the same pool, so it answers after them.
 */
async function drained(base) {
  await fetch(`${base}/healthz`).then((r) => r.arrayBuffer());
}

/**
 * The uncached rows: a server whose market cache is off (MARKET_CACHE_SECONDS=0) answers every request by running
 * its statements — no kept figure or total, no computation shared by callers arriving together. Started once the
 * app's server has stopped (PGlite serves one process); its repetitions go into `runs` beside the others'.
 */
async function measureUncached(env, list, runs, kind) {
  if (!list.length) return;
  const server = await startServer({ ...env, MARKET_CACHE_SECONDS: '0' });
  try {
    for (const s of list) await measureLoad(server.base, s, 1).then(() => drained(server.base)); // warm-up
    for (let rep = 1; rep <= opts.reps; rep++)
      for (const s of list) {
        runs.get(s.name).push(await measure(server, s, opts.seconds, kind));
        await drained(server.base);
      }
  } finally {
    await stop(server.child);
  }
}

/** A migrated, generated database for `kind`, its server environment and how to drop it. */
async function prepareDatabase(kind) {
  if (opts.reuse) {
    const env = opts.reuse.databaseUrl ? { DATABASE_URL: opts.reuse.databaseUrl } : { DATA_DIR: opts.reuse.dataDir };
    return { env, where: opts.reuse, reused: true, drop: async () => {} };
  }
  if (kind === 'postgres') {
    const name = `sx_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: opts.postgresUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    const url = new URL(opts.postgresUrl);
    url.pathname = `/${name}`;
    return {
      env: { DATABASE_URL: url.toString() },
      where: { databaseUrl: url.toString() },
      drop: async () => {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sx-bench-'));
  return {
    env: { DATA_DIR: dataDir },
    where: { dataDir },
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function startServer(env, nodeArgs = []) {
  const port = 3300 + Math.floor(Math.random() * 600);
  const child = spawn(process.execPath, [...nodeArgs, path.join(root, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      ...env,
      NODE_ENV: 'production',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      RATE_LIMIT: 'false',
      SEED_DEMO: 'false',
      ADMIN_EMAIL: SUPER_EMAIL,
      ADMIN_PASSWORD: BENCH_PASSWORD,
      CAPTCHA_MAX_NUMBER: '1000',
      CAPTCHA_HMAC_KEY: 'bench-captcha-key-0123456789',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitUp(base, child);
  return { child, base };
}

/** Sign-in bodies with solved captchas: each captcha is accepted once, so each request needs its own. */
async function signInBodies(base, n) {
  return Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const res = await fetch(`${base}/api/getCaptcha`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      const c = (await res.json()).data;
      const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
      const captcha = Buffer.from(
        JSON.stringify({
          algorithm: c.algorithm,
          challenge: c.challenge,
          number: solution.number,
          salt: c.salt,
          signature: c.signature,
        }),
      ).toString('base64');
      return JSON.stringify({ email: `negotiator.${1 + (i % 19)}@bench.test`, password: BENCH_PASSWORD, captcha });
    }),
  );
}

/** `measureLoad` with the CPU the server (and PostgreSQL, when `kind` is postgres) spent per request. */
async function measure(server, s, seconds, kind) {
  const meter = cpuMeter(server.child.pid, { postgres: kind === 'postgres' });
  const result = await measureLoad(server.base, s, seconds);
  return { ...result, ...meter(result.total) };
}

/** The ETag a repeat of this call is answered 304 with (the first tags may move once with a write just heard of). */
async function settledTag(url, headers, body) {
  let tag = null;
  for (let i = 0; i < 10; i++) {
    const res = await fetch(url, {
      method: 'POST',
      headers: { ...headers, ...(tag ? { 'if-none-match': tag } : {}) },
      body: JSON.stringify(body ?? {}),
    });
    await res.arrayBuffer();
    if (res.status === 304) return tag;
    tag = res.headers.get('etag');
    if (!tag) throw new Error(`${url}: answered without an ETag`);
  }
  throw new Error(`${url}: never answered 304`);
}

async function measureLoad(base, s, seconds) {
  if (s.login) {
    const bodies = await signInBodies(base, 150);
    let i = 0;
    return load({
      url: `${base}/api/login`,
      connections: 10,
      amount: bodies.length,
      requests: [
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          setupRequest: (req) => ({ ...req, body: bodies[i++ % bodies.length] }),
        },
      ],
    });
  }
  const headers = { ...s.headers, ...(s.body ? { 'content-type': 'application/json' } : {}) };
  if (s.unchanged) headers['if-none-match'] = await settledTag(`${base}${s.path}`, headers, s.body);
  return load({
    url: `${base}${s.path}`,
    method: s.method,
    headers,
    body: s.body ? JSON.stringify(s.body) : undefined,
    connections: opts.connections,
    seconds,
    notModified: !!s.unchanged,
  });
}

/**
 * The summary of the profile a server wrote into `dir` (then removed, unless BENCH_KEEP_PROFILE), printed under
 * `label`: `--profile trade` profiles the run's own server, `--profile <scenario>` a second one.
 */
function profileOf(dir, label) {
  const summary = summarizeProfile(dir);
  if (process.env.BENCH_KEEP_PROFILE) console.log(`profile kept in ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
  if (!summary) return null;
  const markdown = profileMarkdown(label, summary);
  console.log(`\n${markdown}`);
  return { scenario: label, ...summary, markdown };
}

/** Runs one scenario against a second server started with --cpu-prof and summarises where its time went. */
async function profileScenario(env, list, name) {
  const scenario = list.find((s) => s.name.includes(name));
  if (!scenario) throw new Error(`--profile: no scenario matches "${name}"`);
  const dir = mkdtempSync(path.join(tmpdir(), 'sx-prof-'));
  const server = await startServer(env, ['--cpu-prof', `--cpu-prof-dir=${dir}`]);
  try {
    await measureLoad(server.base, scenario, Math.max(opts.seconds, 10)); // long enough to dwarf start-up in the profile
  } finally {
    await stop(server.child);
  }
  return profileOf(dir, scenario.name);
}

/**
 * The bulk upload of BULK_MAX_ROWS offers by the negotiator (a CSV of the template's columns): upload the file,
 * then uploadCSV validates every row and inserts them in one transaction. Timed end to end, once. Meanwhile another
 * caller asks `/healthz` (one database round trip) every 20 ms: how long other requests wait while the upload
 * reads, checks and writes (issue 20, item 6: p99 ≤ 200 ms).
 */
async function bulkUploadRate(base, ids) {
  const rows = 10_000;
  const head = 'state,product,from_period,to_period,quantity,price,distillery_id,export_pass_fee,sales_tax';
  // Periods from next month on: a listing's From may not be in the past nor its To beyond 24 months.
  const ahead = (months) => {
    const d = new Date();
    const m = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
    return `${m.getUTCFullYear()}-${String(m.getUTCMonth() + 1).padStart(2, '0')}`;
  };
  const lines = Array.from(
    { length: rows },
    (_, i) =>
      `${ids.negotiated_state},${ids.negotiated_product},${ahead(1 + (i % 5))},${ahead(6 + (i % 4))},${1000 + i},${(50 + (i % 900) / 100).toFixed(2)},${ids.negotiated_distillery},1.25,18`,
  );
  const csv = [head, ...lines].join('\n');
  const started = performance.now();
  const others = [];
  let uploading = true;
  const poller = (async () => {
    while (uploading) {
      const t0 = performance.now();
      await fetch(`${base}/healthz`).then((r) => r.arrayBuffer());
      others.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const form = new FormData();
  form.append('purpose', 'bulk');
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'bench.csv');
  const up = await (
    await fetch(`${base}/api/uploadFile`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKENS.negotiator}` },
      body: form,
    })
  ).json();
  const res = await (
    await fetch(`${base}/api/uploadCSV`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKENS.negotiator}` },
      body: JSON.stringify({ s3_url: up.data?.file_url }),
    })
  ).json();
  const seconds = (performance.now() - started) / 1000;
  uploading = false;
  await poller;
  others.sort((a, b) => a - b);
  const at = (q) => others[Math.min(others.length - 1, Math.floor(q * others.length))] ?? 0;
  const meanwhile = { n: others.length, p50: at(0.5), p99: at(0.99), max: others.at(-1) ?? 0 };
  const created = res.data?.created ?? 0;
  const line =
    created === rows
      ? `  bulk upload: ${rows.toLocaleString('en-IN')} rows (${(csv.length / 1024).toFixed(0)} KB csv) in ${seconds.toFixed(2)} s, ${Math.round(rows / seconds).toLocaleString('en-IN')} rows/s; /healthz meanwhile p50 ${meanwhile.p50.toFixed(0)} ms, p99 ${meanwhile.p99.toFixed(0)} ms, max ${meanwhile.max.toFixed(0)} ms (${meanwhile.n} checks)`
      : `  bulk upload FAILED: ${JSON.stringify(res).slice(0, 300)}`;
  console.log(line);
  return {
    rows,
    created,
    seconds,
    rowsPerSecond: created === rows ? rows / seconds : 0,
    meanwhile,
    line: line.trim(),
  };
}

/** A solved captcha for the bid calls that ask for one (each is accepted once). */
async function captcha(base) {
  const c = (
    await (await fetch(`${base}/api/getCaptcha`, { method: 'POST', headers: JSON_HEADERS, body: '{}' })).json()
  ).data;
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  const { algorithm, challenge, salt, signature } = c;
  return Buffer.from(JSON.stringify({ algorithm, challenge, number: solution.number, salt, signature })).toString(
    'base64',
  );
}

/**
 * Full trades, one after another, for `seconds` of server time: the buyer's Negotiator places a bid on the seller's
 * offer, three counters (seller, buyer, seller), the buyer's Negotiator accepts, then both Authorizers and both
 * Approvers approve (step-up: the generator opened these sessions' approval windows). Nine calls a trade; the
 * captchas of the four calls that need one are fetched and solved before each trade, outside the timed part.
 */
async function fullTradeRate(base, ids, seconds, bareRps) {
  const t = TOKENS;
  const call = (method, body, token) => callApi(base, method, body, token);
  const validUntil = (h) => new Date(Date.now() + h * 3_600_000).toISOString();
  const terms = (price, hours) => ({ quantity: '10', price, valid_until: validUntil(hours) });
  let trades = 0;
  let busy = 0;
  let failure = null;
  try {
    if (!ids.trade_offer || !ids.trade_ask) throw new Error('no open offer and ask of companies 1 and 2 to trade');
    while (busy < seconds * 1000) {
      const captchas = await Promise.all([1, 2, 3, 4].map(() => captcha(base)));
      const started = performance.now();
      let bid = await call(
        'createBid',
        { ...terms('60', 8), my_offer_id: ids.trade_ask, offer_id: ids.trade_offer, captcha: captchas[0] },
        t.buyerNegotiator,
      );
      for (const [i, token] of [t.negotiator, t.buyerNegotiator, t.negotiator].entries())
        bid = await call(
          'negotiateBid',
          { ...terms(String(61 + i), 12), bid_id: bid.id, version: bid.version, captcha: captchas[i + 1] },
          token,
        );
      for (const token of [t.buyerNegotiator, t.buyerAuthorizer, t.sellerAuthorizer, t.buyerApprover, t.sellerApprover])
        bid = await call('bidAction', { bid_id: bid.id, is_approved: true, version: bid.version }, token);
      if (bid.status !== 'Approved') throw new Error(`the trade ended ${bid.status}, not Approved`);
      busy += performance.now() - started;
      trades++;
    }
  } catch (err) {
    failure = err.message;
  }
  const tradesPerSecond = busy ? trades / (busy / 1000) : 0;
  const callsPerSecond = tradesPerSecond * 9;
  const line = failure
    ? `  full trade FAILED after ${trades} trades: ${failure}`
    : `  full trade (place, 3 counters, accept, 4 approvals; 1 connection): ${trades} trades in ${(busy / 1000).toFixed(2)} s, ${tradesPerSecond.toFixed(2)} trades/s, ${callsPerSecond.toFixed(0)} calls/s (${(callsPerSecond / bareRps).toFixed(4)} of bare), ${(busy / Math.max(trades, 1) / 9).toFixed(1)} ms a call`;
  console.log(line);
  return {
    trades,
    seconds: busy / 1000,
    tradesPerSecond,
    callsPerSecond,
    ratio: callsPerSecond / bareRps,
    failure,
    line: line.trim(),
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const medianOrNull = (xs) => (xs.some((x) => x === null || x === undefined) ? null : median(xs));
const us = (x) => (x === null || x === undefined ? '–' : x.toFixed(0));

/** A row of the table from one scenario's repetitions: medians, errors summed, the ratio to `bareRps`. */
function summarize(name, runs, bareRps) {
  const rps = median(runs.map((x) => x.rps));
  return {
    name,
    rps,
    ratio: rps / bareRps,
    p50: median(runs.map((x) => x.p50)),
    p99: median(runs.map((x) => x.p99)),
    errors: runs.reduce((n, x) => n + x.errors, 0),
    serverUs: medianOrNull(runs.map((x) => x.serverUs)),
    dbUs: medianOrNull(runs.map((x) => x.dbUs)),
    connections: opts.connections,
  };
}

async function benchDatabase(kind, bare, afterScenarios) {
  console.log(`\n== ${kind}, scale ${opts.scale} (${SCALES[opts.scale].companies} companies)`);
  const db = await prepareDatabase(kind);
  try {
    const migrate = spawnSync(process.execPath, [path.join(root, 'apps/server/dist/cli/migrate.js')], {
      env: { ...process.env, ...db.env, LOG_LEVEL: 'warn' },
      stdio: 'inherit',
    });
    if (migrate.status !== 0) throw new Error('migration failed');
    const { exec, close } = await openExec(db.where);
    const generated = db.reused
      ? { counts: {}, rows: 0, rowsPerSecond: 0, ids: await marketIds(exec) }
      : await generate(exec, { scale: opts.scale, kind });
    await close();
    // `--profile trade` profiles this server itself: the trades run on it, not on a scenario's second server.
    const tradeProfileDir = /trade/.test(arg('profile') ?? '') ? mkdtempSync(path.join(tmpdir(), 'sx-prof-')) : null;
    const server = await startServer(
      db.env,
      tradeProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${tradeProfileDir}`] : [],
    );
    try {
      const list = scenarios(generated.ids).filter(
        (s) => !opts.only.length || opts.only.some((o) => s.name.includes(o)),
      );
      const cached = list.filter((s) => !s.uncached);
      for (const s of cached) if (!s.login) await measureLoad(server.base, s, 1); // warm-up, not recorded
      const runs = new Map(list.map((s) => [s.name, []]));
      const bares = [];
      for (let rep = 1; rep <= opts.reps; rep++) {
        bares.push(await load({ url: bare.base, connections: opts.connections, seconds: opts.seconds }));
        for (const s of cached) runs.get(s.name).push(await measure(server, s, opts.seconds, kind));
        process.stdout.write(`  repetition ${rep}/${opts.reps} done\n`);
      }
      const processes =
        opts.processes > 1 && kind === 'postgres'
          ? await processesRate({
              n: opts.processes,
              env: db.env,
              scenarios: cached.filter((s) => !s.login),
              startServer,
              stop,
              measure: (base, s, seconds = opts.seconds) => measureLoad(base, s, seconds),
              oneRps: (name) => median(runs.get(name).map((r) => r.rps)),
            })
          : null;
      const bulk =
        !opts.only.length || opts.only.some((o) => 'bulk upload'.includes(o))
          ? await bulkUploadRate(server.base, generated.ids)
          : null;
      const bareRps = median(bares.map((b) => b.rps));
      const trade =
        !opts.only.length || opts.only.some((o) => 'full trade'.includes(o))
          ? await fullTradeRate(server.base, generated.ids, Math.max(opts.seconds, 3), bareRps)
          : null;
      // The after-trade documents need an invoice: a full trade issues one when none ran above.
      const documents =
        !opts.only.length || opts.only.some((o) => 'documents'.includes(o))
          ? await (trade ? Promise.resolve() : fullTradeRate(server.base, generated.ids, 0.1, bareRps)).then(() =>
              documentTimes(server.base, TOKENS.admin),
            )
          : null;
      if (documents) console.log(documents.line);
      const parallelSince = new Date(Date.now() - 1_000);
      const parallel =
        opts.tradePairs > 0
          ? await parallelTradeRate(server.base, generated.ids.trade_pairs ?? [], {
              count: opts.tradePairs,
              rounds: opts.tradeRounds,
              captcha,
              bareRps,
              meter: () => cpuMeter(server.child.pid, { postgres: kind === 'postgres' }),
            })
          : null;
      const streams =
        opts.streams > 0 ? await streamFanOut(server, generated.ids, TOKENS, { streams: opts.streams }) : null;
      if (streams) console.log(streams.line);
      const extra = afterScenarios ? await afterScenarios(server) : null;
      // PGlite serves one process: the profiled server starts once this one has stopped.
      await stop(server.child);
      await measureUncached(
        db.env,
        list.filter((s) => s.uncached),
        runs,
        kind,
      );
      if (parallel) {
        const checked = await openExec(db.where);
        try {
          parallel.oversold = await oversoldListings(
            checked.exec,
            (generated.ids.trade_pairs ?? []).slice(0, parallel.pairs),
            parallelSince,
          );
        } finally {
          await checked.close();
        }
        parallel.line += `; listings whose books do not add up afterwards: ${parallel.oversold}`;
        console.log(`  after the parallel trades: ${parallel.oversold} listings oversold or out of balance`);
      }
      const profiled = tradeProfileDir
        ? profileOf(tradeProfileDir, 'the trades')
        : arg('profile')
          ? await profileScenario(db.env, list, arg('profile'))
          : null;
      const floor = flag('no-floor') ? null : await measureFloor(db.env, kind, bare);
      const rows = list.map((s) => ({
        ...summarize(s.name, runs.get(s.name), bareRps),
        connections: s.login ? 10 : opts.connections,
      }));
      return {
        kind,
        bare: { rps: bareRps, p50: median(bares.map((b) => b.p50)), p99: median(bares.map((b) => b.p99)) },
        generated: { counts: generated.counts, rows: generated.rows, rowsPerSecond: generated.rowsPerSecond },
        floor,
        rows,
        bulk,
        trade,
        parallel,
        processes,
        streams,
        documents,
        extra,
        profile: profiled,
      };
    } finally {
      await stop(server.child);
    }
  } finally {
    await db.drop();
  }
}

function table(result) {
  const lines = [
    `| call (${result.kind}, ${opts.connections} connections) | req/s | ratio to bare | p50 ms | p99 ms | errors | server µs/req | db µs/req |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    `| bare \`node:http\` | ${result.bare.rps.toFixed(0)} | 1.000 | ${result.bare.p50} | ${result.bare.p99} | 0 | | |`,
    ...(result.floor ? [result.floor] : [])
      .concat(result.rows)
      .map(
        (r) =>
          `| ${r.name}${r.connections !== opts.connections ? ` (${r.connections} conn.)` : ''} | ${r.rps.toFixed(0)} | ${r.ratio.toFixed(3)} | ${r.p50} | ${r.p99} | ${r.errors} | ${us(r.serverUs)} | ${us(r.dbUs)} |`,
      ),
  ];
  return lines.join('\n');
}

// The web figures are taken on the first database's server, once its scenarios are done.
const webOn = async (server) =>
  webFigures({
    root,
    lighthouse: flag('lighthouse'),
    base: server.base,
    signedIn: { token: TOKENS.superAdmin, path: '/clients' },
  });
const bare = await startBare();
const results = [];
try {
  for (const [i, kind] of opts.dbs.entries()) {
    const result = await benchDatabase(kind, bare, i === 0 && !flag('no-web') ? webOn : null);
    results.push(result);
    console.log(`\n${table(result)}`);
  }
} finally {
  await stop(bare.child);
}
const web = results[0]?.extra ?? null;

const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const report = { at: new Date().toISOString(), machine, options: opts, results, web };
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
const stamp = report.at.slice(0, 16).replace(/[:T]/g, '-');
writeFileSync(path.join(root, `bench/results/${stamp}-${opts.scale}.json`), `${JSON.stringify(report, null, 2)}\n`);
// A partial run (some scenarios or one database) leaves latest.json and the README's figures alone.
const complete = !opts.only.length && !opts.reuse && opts.dbs.includes('pglite') && opts.dbs.includes('postgres');
if (complete) {
  writeFileSync(path.join(root, 'bench/results/latest.json'), `${JSON.stringify(report, null, 2)}\n`);
  const readmePath = path.join(root, 'bench/README.md');
  const readme = readFileSync(readmePath, 'utf8');
  const figures = [
    `Measured ${report.at.slice(0, 10)} on ${machine}; scale \`${opts.scale}\`, ${opts.reps} repetitions of ${opts.seconds} s, medians; load average ${loadAtStart.toFixed(1)} at the start (other work on the machine moves the figures).`,
    ...results.map(
      (r) =>
        `\n**${r.kind}** — generated ${r.generated.rows.toLocaleString('en-IN')} rows (${Object.entries(
          r.generated.counts,
        )
          .map(([t, c]) => `${t} ${c.toLocaleString('en-IN')}`)
          .join(
            ', ',
          )}) at ${Math.round(r.generated.rowsPerSecond).toLocaleString('en-IN')} rows/s${r.bulk ? `; ${r.bulk.line}` : ''}${r.trade ? `; ${r.trade.line}` : ''}${r.parallel ? `; ${r.parallel.line}` : ''}${r.streams ? `; ${r.streams.line}` : ''}${r.documents ? `; ${r.documents.line}` : ''}\n\n${table(r)}${r.processes ? `\n\n${r.processes.markdown}` : ''}${r.profile ? `\n\n${r.profile.markdown}` : ''}`,
    ),
    web ? `\n**web**\n\n${web.markdown}` : '',
  ].join('\n');
  writeFileSync(
    readmePath,
    readme.replace(
      /<!-- figures:start -->[\s\S]*<!-- figures:end -->/,
      `<!-- figures:start -->\n${figures}\n<!-- figures:end -->`,
    ),
  );
}
if (web) console.log(`\n${web.markdown}`);
console.log(
  `\nWritten: bench/results/${stamp}-${opts.scale}.json${complete ? ', bench/results/latest.json, bench/README.md' : ''}`,
);
