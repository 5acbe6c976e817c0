// One scenario measured: the load (bench/lib/load.mjs) with what the scenario needs first — solved sign-in captchas,
// the ETag an unchanged poll sends back — and the CPU the server and PostgreSQL spent per request.
import { BENCH_PASSWORD } from '../generate.mjs';
import { captcha } from './api.mjs';
import { cpuMeter } from './cpu.mjs';
import { load } from './load.mjs';

/** Sign-in bodies with solved captchas: each captcha is accepted once, so each request needs its own. */
async function signInBodies(base, n) {
  return Promise.all(
    Array.from({ length: n }, async (_, i) =>
      JSON.stringify({
        email: `negotiator.${1 + (i % 19)}@bench.test`,
        password: BENCH_PASSWORD,
        captcha: await captcha(base),
      }),
    ),
  );
}

/** `measureLoad` with the CPU the server (and PostgreSQL, when `kind` is postgres) spent per request. */
export async function measure(server, s, seconds, kind, connections) {
  const meter = cpuMeter(server.child.pid, { postgres: kind === 'postgres' });
  const result = await measureLoad(server.base, s, seconds, connections);
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

/** One load measurement of scenario `s` (bench/lib/scenarios.mjs) on `connections` connections. */
export async function measureLoad(base, s, seconds, connections) {
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
    connections,
    seconds,
    notModified: !!s.unchanged,
  });
}
