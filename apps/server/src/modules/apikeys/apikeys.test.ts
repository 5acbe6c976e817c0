// Company API keys (issue 25 part 5): shown once and stored hashed, scoped, confined to their company, refused at
// once when revoked, every use logged, rate-limited per key.
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditEntries, seedSuperAdmin } from '../../test/fixtures.js';
import { listingBody, seedTrader } from '../../test/team-fixtures.js';
import { seedMarket, seedOpenBid, type Market } from '../../test/bid-fixtures.js';
import { createHarness, type Harness } from '../../test/harness.js';
import { apiKeys, apiKeyUses } from './apikeys.table.js';

let h: Harness;
let superToken: string;
let m: Market;
let other: Market;

type Created = { id: number; key: string; hint: string; scope: string };

async function newKey(adminToken: string, scope: 'read' | 'read_write', name = `ERP ${scope}`) {
  const res = await h.call<Created>('createApiKey', { name, scope }, adminToken);
  expect(res.statusCode).toBe(200);
  return res.body.data;
}

beforeAll(async () => {
  h = await createHarness();
  superToken = await seedSuperAdmin(h);
  m = await seedMarket(h, { superToken });
  other = await seedMarket(h, { superToken });
}, 240_000);
afterAll(async () => h.close());

describe('creating a key', () => {
  it('shows the key once; the database keeps only the hash of its secret', async () => {
    const created = await newKey(m.buyer.adminToken, 'read');
    expect(created.key).toMatch(/^sxk_\d+_[A-Za-z0-9_-]{43}$/);
    const secret = created.key.split('_').slice(2).join('_');
    const [row] = await h.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row!.secret_hash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(secret);
    const listed = await h.call<{ records: Record<string, unknown>[] }>('getApiKeys', {}, m.buyer.adminToken);
    expect(listed.body.data.records.map((r) => r.id)).toContain(created.id);
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    expect(listed.body.data.records.every((r) => !('key' in r))).toBe(true);
    expect(await auditEntries(h, 'api_key.created', created.id)).toHaveLength(1);
  });

  it('only a company Admin creates keys; bad input is refused and creates nothing', async () => {
    const before = await h.count('api_keys');
    expect((await h.call('createApiKey', { name: 'x', scope: 'read' }, m.buyer.negotiator.token)).statusCode).toBe(403);
    const bad = await h.call('createApiKey', { name: ' ', scope: 'everything' }, m.buyer.adminToken);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.body.fields ?? {}).sort()).toEqual(['name', 'scope']);
    expect(await h.count('api_keys')).toBe(before);
  });
});

describe('calling with a key', () => {
  it('a read key reads its company’s listings and bids, by bearer or X-API-Key, and nothing else', async () => {
    const { key } = await newKey(m.buyer.adminToken, 'read');
    const bid = await seedOpenBid(h, m);
    const own = await h.call<{ records: { id: number }[] }>('getAllOffers', {}, key);
    expect(own.statusCode).toBe(200);
    expect(own.body.data.records.map((r) => r.id)).toContain(m.ask.id);
    const viaHeader = await h.app.inject({
      method: 'POST',
      url: '/api/getBidById',
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      payload: JSON.stringify({ bid_id: bid.id }),
    });
    expect(viaHeader.statusCode).toBe(200);
    expect((await h.call('getAllBids', { page: 1 }, key)).statusCode).toBe(200);
    expect((await h.call('getAllPossibleOffer', { offer_id: m.ask.id }, key)).statusCode).toBe(200);

    const create = await h.call('createOffer', listingBody(m.buyer), key);
    expect(create.statusCode).toBe(403);
    expect(create.body.code).toBe('api_key.out_of_scope');
    expect((await h.call('getAllUsers', {}, key)).statusCode).toBe(403);
    expect((await h.call('createApiKey', { name: 'more', scope: 'read_write' }, key)).statusCode).toBe(403);
  });

  it('never reaches another company’s data', async () => {
    const { key } = await newKey(m.buyer.adminToken, 'read_write');
    const theirs = await seedOpenBid(h, other);
    expect((await h.call('getBidById', { bid_id: theirs.id }, key)).statusCode).toBe(404);
    expect((await h.call('getOfferById', { id: other.ask.id }, key)).statusCode).toBe(404);
    const list = await h.call<{ records: { id: number }[] }>('getAllBids', { page: 1, page_size: 30 }, key);
    expect(list.body.data.records.map((r) => r.id)).not.toContain(theirs.id);
  });

  it('a read-write key creates a listing for its company (no captcha)', async () => {
    const { key } = await newKey(m.seller.adminToken, 'read_write');
    const res = await h.call<{ id: number; side: string }>('createOffer', listingBody(m.seller), key);
    expect(res.statusCode).toBe(200);
    expect(res.body.data.side).toBe('Offer');
    const mine = await h.call<{ records: { id: number }[] }>('getAllOffers', { page_size: 30 }, m.seller.adminToken);
    expect(mine.body.data.records.map((r) => r.id)).toContain(res.body.data.id);
  });

  it('a made-up or malformed key is refused with a clear message', async () => {
    const { key } = await newKey(m.buyer.adminToken, 'read');
    const forged = `${key.slice(0, -4)}AAAA`;
    for (const k of [forged, 'sxk_nonsense', 'sxk_999999_' + 'A'.repeat(43)]) {
      const res = await h.call('getAllOffers', {}, k);
      expect(res.statusCode).toBe(401);
      expect(res.body.error).toBe('Invalid or revoked API key');
    }
  });
});

describe('revoking', () => {
  it('a revoked key is refused at its next call, though this process had it cached', async () => {
    const { id, key } = await newKey(m.buyer.adminToken, 'read');
    expect((await h.call('getAllOffers', {}, key)).statusCode).toBe(200);
    expect((await h.call('revokeApiKey', { id }, m.buyer.adminToken)).statusCode).toBe(200);
    const res = await h.call('getAllOffers', {}, key);
    expect(res.statusCode).toBe(401);
    expect(res.body.error).toBe('Invalid or revoked API key');
    expect((await h.call('revokeApiKey', { id }, m.buyer.adminToken)).statusCode).toBe(409);
    // Another company's Admin cannot see or revoke it.
    expect((await h.call('revokeApiKey', { id }, other.buyer.adminToken)).statusCode).toBe(404);
  });

  it('a key revoked by another process (a write this process did not make) ends through actor_changed', async () => {
    const { id, key } = await newKey(m.buyer.adminToken, 'read');
    expect((await h.call('getAllOffers', {}, key)).statusCode).toBe(200);
    // As another process would: straight to the database, no cache dropped here.
    await h.db.update(apiKeys).set({ revoked_at: new Date() }).where(eq(apiKeys.id, id));
    await vi.waitFor(async () => expect((await h.call('getAllOffers', {}, key)).statusCode).toBe(401), {
      timeout: 10_000,
      interval: 20,
    });
  });
});

describe('every use logged', () => {
  it('each call with a key leaves a row with its method and status, and moves last_used_at', async () => {
    const { id, key } = await newKey(m.buyer.adminToken, 'read');
    await h.call('getAllOffers', {}, key);
    await h.call('createOffer', listingBody(m.buyer), key);
    await h.call('getAllBids', { page: 1 }, key);
    const uses = await h.db
      .select({ method: apiKeyUses.method, status: apiKeyUses.status_code })
      .from(apiKeyUses)
      .where(eq(apiKeyUses.key_id, id))
      .orderBy(apiKeyUses.id);
    expect(uses).toEqual([
      { method: 'getAllOffers', status: 200 },
      { method: 'createOffer', status: 403 },
      { method: 'getAllBids', status: 200 },
    ]);
    const [row] = await h.db.select({ at: apiKeys.last_used_at }).from(apiKeys).where(eq(apiKeys.id, id));
    expect(row!.at).not.toBeNull();
    const listed = await h.call<{ records: { id: number; uses: number }[] }>('getApiKeys', {}, m.buyer.adminToken);
    expect(listed.body.data.records.find((r) => r.id === id)!.uses).toBe(3);
    // Session calls log nothing.
    const n = await h.count('api_key_uses');
    await h.call('getAllOffers', {}, m.buyer.adminToken);
    expect(await h.count('api_key_uses')).toBe(n);
  });
});

describe('rate limit per key', () => {
  let r: Harness;
  afterAll(async () => r?.close());

  it('a key past its budget gets 429; another key of the same address still calls', async () => {
    r = await createHarness({ env: { RATE_LIMIT: 'true', API_KEY_RATE_LIMIT: '3' } });
    const sup = await seedSuperAdmin(r);
    const t = await seedTrader(r, { superToken: sup, type: 'Buyer' });
    const key = async () =>
      (await r.call<Created>('createApiKey', { name: 'k', scope: 'read' }, t.adminToken)).body.data.key;
    const [a, b] = [await key(), await key()];
    const codes = [];
    for (let i = 0; i < 4; i += 1) codes.push((await r.call('getAllOffers', {}, a)).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    expect((await r.call('getAllOffers', {}, b)).statusCode).toBe(200);
    // The 429 is logged as a use too.
    const res = (await r.db.execute(
      sql`select count(*)::int as n from api_key_uses where status_code = 429`,
    )) as unknown as {
      rows: { n: number }[];
    };
    const n = res.rows[0]!.n;
    expect(n).toBe(1);
  }, 120_000);
});
