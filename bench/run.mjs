// API throughput of the foundation's calls, as ratios against /healthz (one database ping) measured in the same
// run on the same server, so machines of different speed give comparable figures. Prints; asserts nothing.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = 3200 + Math.floor(Math.random() * 500);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'sx-bench-'));
const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT: 'false',
    SEED_DEMO: 'true',
    ADMIN_PASSWORD: 'Bench@2026',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function waitUp() {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

async function measure(name, request, { total = 400, concurrency = 8 } = {}) {
  let done = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (done < total) {
        done += 1;
        const res = await request();
        if (!res.ok) throw new Error(`${name}: HTTP ${res.status}`);
        await res.arrayBuffer();
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { name, perSecond: total / seconds };
}

const post =
  (method, body = {}, token) =>
  () =>
    fetch(`${base}/api/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });

try {
  await waitUp();
  const baseline = await measure('GET /healthz (baseline)', () => fetch(`${base}/healthz`));
  const rows = [
    baseline,
    await measure('getCaptcha', post('getCaptcha')),
    await measure('getAllSpirit', post('getAllSpirit')),
    await measure('getStateCities', post('getStateCities')),
    await measure('refreshUser (invalid token → 401 path)', () =>
      post('refreshUser', {}, 'nope')().then((r) => ({
        ok: r.status === 401,
        status: r.status,
        arrayBuffer: () => r.arrayBuffer(),
      })),
    ),
  ];
  console.log('\ncall                                        req/s    ratio to baseline');
  for (const r of rows)
    console.log(
      `${r.name.padEnd(42)} ${r.perSecond.toFixed(0).padStart(7)}    ${(r.perSecond / baseline.perSecond).toFixed(2)}`,
    );
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.on('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
