// Several server processes of one deployment (issue 24, part 3): what one process changes, the others know at once.
// Real processes of the built server on one PostgreSQL database; on the embedded database, which one process owns,
// WORKERS is refused with a clear message.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedSuperAdmin } from '../apps/server/src/test/fixtures.js';
import { seedTeam } from '../apps/server/src/test/team-fixtures.js';
import { DATABASE, figure, since } from './lib/figures.js';
import { api, startServer, type Server } from './lib/server.js';
import { newTarget, type Target } from './lib/target.js';

const SECTION = 'Several processes';
const CAPTCHA_HMAC_KEY = 'reliability-processes-key-0123456789';
let target: Target;
let tokens: string[] = [];

beforeAll(async () => {
  target = await newTarget();
  const h = await target.harness();
  const team = await seedTeam(h, { superToken: await seedSuperAdmin(h) });
  tokens = [team.adminToken, team.negotiator.token!, team.authorizer.token!];
  await h.close();
}, 300_000);
afterAll(async () => target?.dispose());

it.runIf(DATABASE === 'PGlite')('refuses WORKERS on the embedded database, saying why', async () => {
  await expect(startServer(target, { WORKERS: '2', CAPTCHA_HMAC_KEY })).rejects.toThrow(
    /WORKERS: several processes need the PostgreSQL server/,
  );
  figure(SECTION, { database: DATABASE, check: 'WORKERS=2 on PGlite', result: 'refused at start' });
});

it.runIf(DATABASE === 'PostgreSQL')('a session ended in one process is refused by the other', async () => {
  const [a, b] = [await startServer(target, { CAPTCHA_HMAC_KEY }), await startServer(target, { CAPTCHA_HMAC_KEY })];
  try {
    for (const token of tokens) {
      // Twice, so the first process serves the caller from its cache.
      expect((await api(a, 'refreshUser', {}, token)).status).toBe(200);
      expect((await api(a, 'refreshUser', {}, token)).status).toBe(200);
      expect((await api(b, 'logout', {}, token)).status).toBe(200);
      const ended = performance.now();
      let first = 0;
      for (let status = 0; status !== 401; first++) {
        status = (await api(a, 'refreshUser', {}, token)).status;
        expect(first, 'the first process still served an ended session after 50 calls').toBeLessThan(50);
      }
      figure(SECTION, {
        database: DATABASE,
        check: 'logout on B, next calls on A',
        result: `401 on call ${first} after ${since(ended)} ms`,
      });
    }
  } finally {
    await a.kill('SIGTERM');
    await b.kill('SIGTERM');
  }
});

/** The children of `pid`, from /proc. */
function childrenOf(pid: number): number[] {
  const text = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return text ? text.split(/\s+/).map(Number) : [];
}

it.runIf(DATABASE === 'PostgreSQL')('WORKERS=2 runs two servers on one port and ends them together', async () => {
  let s: Server | undefined;
  try {
    s = await startServer(target, { WORKERS: '2', CAPTCHA_HMAC_KEY });
    await expect.poll(() => childrenOf(s!.pid).length, { timeout: 60_000 }).toBe(2);
    const children = childrenOf(s.pid);
    for (let i = 0; i < 20; i++) expect((await fetch(`${s.url}/healthz`)).status).toBe(200);
    await s.kill('SIGTERM');
    for (const pid of children) expect(() => process.kill(pid, 0)).toThrow();
    figure(SECTION, { database: DATABASE, check: 'WORKERS=2', result: `2 processes, started in ${s.startMs} ms` });
  } finally {
    await s?.kill();
  }
});
