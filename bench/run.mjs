// The performance suite (`npm run bench`). For each database it builds a market with bench/generate.mjs, starts
// the built server on it, and measures every scenario against a bare node:http server in the same run: requests
// per second as a ratio to the bare server, p50 and p99 latency, errors. Then the web figures (bench/web.mjs).
// Prints a table, writes JSON to bench/results/ and the latest figures into bench/README.md. Asserts nothing.
//
//   npm run bench -- [--db pglite,postgres] [--scale small|market] [--seconds 3] [--reps 3] [--connections 50]
//                    [--only name,name] [--no-web] [--no-floor] [--lighthouse] [--profile scenario]
//                    [--trade-pairs N [--trade-rounds R]]
//                    [--database-url postgres://…/db | --data-dir dir]   (reuse a market generate.mjs filled)
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { bulkUploadRate } from './lib/bulk.mjs';
import { documentTimes } from './lib/documents.mjs';
import { streamFanOut } from './lib/streams.mjs';
import { generate, marketIds, openExec, SCALES, TOKENS } from './generate.mjs';
import { cpuMeter } from './lib/cpu.mjs';
import { load } from './lib/load.mjs';
import { measure as measureOn, measureLoad as loadOn } from './lib/measure.mjs';
import { scenarios } from './lib/scenarios.mjs';
import { drained, startBare, startReference, startServer, stop } from './lib/servers.mjs';
import { fullTradeRate, oversoldListings, parallelTradeRate } from './lib/trades.mjs';
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

/** A scenario's load on the run's connections; `measure` adds the CPU per request (bench/lib/measure.mjs). */
const measureLoad = (base, s, seconds) => loadOn(base, s, seconds, opts.connections);
const measure = (server, s, seconds, kind) => measureOn(server, s, seconds, kind, opts.connections);

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
 * The uncached rows: a server whose market cache and record memo are off (MARKET_CACHE_SECONDS=0,
 * RECORD_MEMO_ENTRIES=0) answers every request by running its statements and rendering every record — no kept figure,
 * total or record, no computation shared by callers arriving together. Started once the
 * app's server has stopped (PGlite serves one process); its repetitions go into `runs` beside the others'.
 */
async function measureUncached(env, list, runs, kind) {
  if (!list.length) return;
  const server = await startServer({ ...env, MARKET_CACHE_SECONDS: '0', RECORD_MEMO_ENTRIES: '0' });
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

/**
 * The summary of the profile a server wrote into `dir` (then removed, unless BENCH_KEEP_PROFILE), printed under
 * `label`: `--profile trade` profiles the run's own server, `--profile <scenario>` a second one.
 */
function profileOf(dir, label, window = null) {
  const summary = summarizeProfile(dir, 12, window);
  if (process.env.BENCH_KEEP_PROFILE) console.log(`profile kept in ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
  if (!summary) return null;
  const markdown = profileMarkdown(label, summary);
  console.log(`\n${markdown}`);
  return { scenario: label, ...summary, markdown };
}

/**
 * Runs one scenario against a second server started with --cpu-prof and summarises where its time went: warmed for
 * two seconds first, and only the measured seconds' samples counted (the profile ends when the server exits, so the
 * window is placed back from its end by the clock of this process).
 */
async function profileScenario(env, list, name) {
  const scenario = list.find((s) => s.name.includes(name));
  if (!scenario) throw new Error(`--profile: no scenario matches "${name}"`);
  const dir = mkdtempSync(path.join(tmpdir(), 'sx-prof-'));
  const server = await startServer(env, ['--cpu-prof', `--cpu-prof-dir=${dir}`]);
  let started;
  let ended;
  try {
    await measureLoad(server.base, scenario, 2);
    started = performance.now();
    await measureLoad(server.base, scenario, Math.max(opts.seconds, 8));
    ended = performance.now();
  } finally {
    await stop(server.child);
  }
  const exited = performance.now();
  const window = ended !== undefined ? { fromEnd: (exited - started) * 1000, toEnd: (exited - ended) * 1000 } : null;
  return profileOf(dir, scenario.name, window);
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
              // Not the unchanged polls: a tag names the process that gave it (lib/change-stamp.ts), and the
              // primary hands each connection to the next worker, so a poll there is answered 304 by one in N.
              scenarios: cached.filter((s) => !s.login && !s.unchanged),
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
