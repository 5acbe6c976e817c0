// The processes a bench run measures: the app's built server (`startServer`), the reference servers of bench/lib
// (`startReference`: the bare node:http server and the floor), and stopping them.
import { fork, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BENCH_PASSWORD, SUPER_EMAIL } from '../generate.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

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

export const stop = async (child) => {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.on('exit', r));
};

/** A reference server of bench/lib (`bare-server.mjs`, `floor-server.mjs`) as its own process, once it listens. */
export function startReference(file, env = {}) {
  const child = fork(path.join(root, 'bench/lib', file), [], { stdio: 'inherit', env: { ...process.env, ...env } });
  return new Promise((resolve, reject) => {
    child.on('message', ({ port }) => resolve({ child, base: `http://127.0.0.1:${port}` }));
    child.on('exit', (code) => reject(new Error(`${file} exited (${code}) before listening`)));
  });
}
export const startBare = () => startReference('bare-server.mjs');

/**
 * Once the requests a measurement left in the server's queue are answered: a call slower than the measurement's
 * seconds leaves its callers' requests running after autocannon stops, and their work would count to the next row.
 * `/healthz` takes a database connection from the same pool, so it answers after them.
 */
export async function drained(base) {
  await fetch(`${base}/healthz`).then((r) => r.arrayBuffer());
}

/**
 * A port nothing listens on: the system's pick, released for the server to take. A random one in a range once fell on
 * this machine's MariaDB (3306) and ended a complete run.
 */
export async function freePort() {
  const probe = net.createServer();
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export async function startServer(env, nodeArgs = []) {
  const port = await freePort();
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
