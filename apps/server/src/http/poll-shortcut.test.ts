// Unchanged polls answered ahead of Fastify (http/poll-shortcut.ts), over real HTTP: a 304 from the shortcut is the
// answer Fastify would give, anything else is Fastify's own answer to the same bytes, and the 304s count in the
// address's call budget like every other call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedApprovedCompany, seedSuperAdmin } from '../test/fixtures.js';
import { seedMarket, seedOpenBid, type Market } from '../test/bid-fixtures.js';
import { createHarness, type Harness } from '../test/harness.js';

type Poll = { status: number; tag: string | null; headers: Headers; json: () => Promise<unknown> };

function poller(base: () => string) {
  return async (method: string, body: string, token: string, tag?: string, extra: Record<string, string> = {}) => {
    const res = await fetch(`${base()}/api/${method}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        ...(tag ? { 'if-none-match': tag } : {}),
        ...extra,
      },
      body,
    });
    const text = await res.text();
    return {
      status: res.status,
      tag: res.headers.get('etag'),
      headers: res.headers,
      json: async () => JSON.parse(text) as unknown,
    } satisfies Poll;
  };
}

/** A tag a repeat answers 304 (a notification of an earlier write may still move the generation once). */
async function settled(poll: ReturnType<typeof poller>, method: string, body: string, token: string) {
  let tag = (await poll(method, body, token)).tag!;
  for (let i = 0; i < 5; i++) {
    const again = await poll(method, body, token, tag);
    if (again.status === 304) return tag;
    tag = again.tag!;
  }
  throw new Error(`${method}: the change generation never settled`);
}

describe('unchanged polls over HTTP', () => {
  let h: Harness;
  let base = '';
  let m: Market;
  let superToken = '';
  const poll = poller(() => base);
  /** A bid of its own pair of listings (one open bid joins a pair). */
  const openBid = async () => seedOpenBid(h, await seedMarket(h, { superToken, seller: m.seller, buyer: m.buyer }));

  beforeAll(async () => {
    h = await createHarness();
    base = await h.app.listen({ port: 0, host: '127.0.0.1' });
    superToken = await seedSuperAdmin(h);
    m = await seedMarket(h, { superToken });
  }, 180_000);
  afterAll(() => h.close());

  it('an unchanged poll is answered 304 before Fastify, with its tag, reading at most its caller; a changed one in full', async () => {
    const bid = await openBid();
    const token = m.seller.negotiator.token!;
    const body = JSON.stringify({ bid_id: bid.id });
    const tag = await settled(poll, 'getBidById', body, token);

    const answered = h.app.pollShortcut.answered;
    const queries = h.app.deps.database.queries.count;
    const unchanged = await poll('getBidById', body, token, tag);
    expect(unchanged.status).toBe(304);
    expect(unchanged.tag).toBe(tag);
    expect(unchanged.headers.get('cache-control')).toBe('no-cache');
    expect(h.app.pollShortcut.answered).toBe(answered + 1);
    expect(h.app.deps.database.queries.count).toBe(queries);
    // The same request again (its verification is kept) and a tag among others: 304 both.
    expect((await poll('getBidById', body, token, tag)).status).toBe(304);
    expect((await poll('getBidById', body, token, `"1.2.forged", ${tag}`)).status).toBe(304);
    expect(h.app.pollShortcut.answered).toBe(answered + 3);
    // Past the caller cache's few seconds, the caller is read again (one query), and the poll is still answered here.
    h.clock.offsetMs += (h.app.deps.config.actorCacheSeconds + 1) * 1000;
    try {
      const read = h.app.deps.database.queries.count;
      expect((await poll('getBidById', body, token, tag)).status).toBe(304);
      expect(h.app.deps.database.queries.count - read).toBe(1);
      expect(h.app.pollShortcut.answered).toBe(answered + 4);
    } finally {
      h.clock.offsetMs -= (h.app.deps.config.actorCacheSeconds + 1) * 1000;
    }

    // Another body with that tag: Fastify answers it in full, from the body the shortcut read and handed back.
    const records = async (p: Poll) => ((await p.json()) as { data: { records: unknown[] } }).data.records;
    const list = await poll('getAllBids', '{}', token);
    expect(list.status).toBe(200);
    expect((await records(list)).length).toBeGreaterThan(0);
    const other = await poll('getAllBids', JSON.stringify({ item_search: 'no such product' }), token, list.tag!);
    expect(other.status).toBe(200);
    expect(await records(other)).toEqual([]);

    // A counter changes the bid: the old tag gets the new bid, and the tag of that answer is 304 again.
    const countered = await h.call(
      'negotiateBid',
      { bid_id: bid.id, version: bid.version, price: 58, quantity: 1000, captcha: await h.captcha() },
      token,
    );
    expect(countered.statusCode).toBe(200);
    const changed = await poll('getBidById', body, token, tag);
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as { data: { price: string } }).data.price).toMatch(/^58/);
    const next = await settled(poll, 'getBidById', body, token);
    expect((await poll('getBidById', body, token, next)).status).toBe(304);
  });

  it("every refusal is Fastify's: another caller, an ended session, a bad or poisoned body, an API key header", async () => {
    const bid = await openBid();
    const token = m.buyer.negotiator.token!;
    const body = JSON.stringify({ bid_id: bid.id });
    const tag = await settled(poll, 'getBidById', body, token);
    const answered = h.app.pollShortcut.answered;

    // Another user of the same company with this caller's tag: a full answer, never this caller's 304.
    expect((await poll('getBidById', body, m.buyer.authorizer.token!, tag)).status).toBe(200);
    // The same read with a body Fastify refuses, malformed or with a prototype key: Fastify's 400.
    expect((await poll('getBidById', '{"bid_id":', token, tag)).status).toBe(400);
    const poisoned = await poll('getBidById', `{"bid_id":${bid.id},"__proto__":{"x":1}}`, token, tag);
    expect(poisoned.status).toBe(400);
    expect((await poll('getBidById', JSON.stringify({ bid_id: 'x' }), token, tag)).status).toBe(400);
    // A made-up API key beside the session: the key path decides (401), not the cached session.
    expect((await poll('getBidById', body, token, tag, { 'x-api-key': 'sxk_nothing' })).status).toBe(401);
    expect(h.app.pollShortcut.answered).toBe(answered);

    // The session ends: its tag gets Fastify's 401, however fresh it was.
    expect((await poll('getBidById', body, token, tag)).status).toBe(304);
    expect((await h.call('logout', {}, token)).statusCode).toBe(200);
    const ended = await poll('getBidById', body, token, tag);
    expect(ended.status).toBe(401);
    expect(ended.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('unchanged polls and the call budget', () => {
  let h: Harness;
  let base = '';
  const poll = poller(() => base);

  beforeAll(async () => {
    h = await createHarness({ env: { RATE_LIMIT: 'true' } });
    base = await h.app.listen({ port: 0, host: '127.0.0.1' });
    const superToken = await seedSuperAdmin(h);
    ({ token: adminToken } = await seedApprovedCompany(h, { superToken }));
  }, 180_000);
  afterAll(() => h.close());
  let adminToken = '';

  it("a 304 spends the address's budget like any call, and past it Fastify answers 429", async () => {
    const tag = await settled(poll, 'getDashboardData', '{}', adminToken);
    const budget = h.app.createRateLimit();
    const from = { ip: '127.0.0.1', url: '/api/getDashboardData', routeOptions: { config: {} } } as never;
    const left = async () => {
      const r = await budget(from, { increment: false });
      if (r.isAllowed) throw new Error('the address is not counted');
      return r.remaining;
    };
    const answered = h.app.pollShortcut.answered;
    const before = await left();
    for (let i = 0; i < 3; i++) expect((await poll('getDashboardData', '{}', adminToken, tag)).status).toBe(304);
    expect(h.app.pollShortcut.answered).toBe(answered + 3);
    expect(await left()).toBe(before - 3);

    const remaining = await left();
    for (let i = 0; i < remaining; i++)
      expect((await poll('getDashboardData', '{}', adminToken, tag)).status).toBe(304);
    const over = await poll('getDashboardData', '{}', adminToken, tag);
    expect(over.status).toBe(429);
    expect(h.app.pollShortcut.answered).toBe(answered + 3 + remaining);
  }, 60_000);
});
