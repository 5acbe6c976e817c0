import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listings } from '../modules/listings/listings.table.js';
import { expectError, seedSuperAdmin } from '../test/fixtures.js';
import { listingBody, seedTrader, type Trader } from '../test/team-fixtures.js';
import { createHarness, type Harness } from '../test/harness.js';
import { idempotencyKeys } from './idempotency.table.js';

let h: Harness;
let seller: Trader;
let other: Trader;

beforeAll(async () => {
  h = await createHarness();
  const superToken = await seedSuperAdmin(h);
  seller = await seedTrader(h, { superToken, type: 'Seller' });
  other = await seedTrader(h, { superToken, type: 'Seller' });
}, 120_000);
afterAll(async () => h.close());

/** A call with an `Idempotency-Key`. */
async function callWithKey(method: string, body: unknown, token: string | null, key: string) {
  const res = await h.app.inject({
    method: 'POST',
    url: `/api/${method}`,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token ?? ''}`, 'idempotency-key': key },
    payload: JSON.stringify(body),
  });
  return { statusCode: res.statusCode, headers: res.headers, body: res.json() as { data: { id: number } } };
}

async function listingCount(companyId: number) {
  const [row] = await h.app.deps.db.select({ n: count() }).from(listings).where(eq(listings.company_id, companyId));
  return row!.n;
}

describe('Idempotency-Key', () => {
  it('answers a retry with the first answer and creates nothing more', async () => {
    const body = listingBody(seller);
    const before = await listingCount(seller.company.id);
    const first = await callWithKey('createOffer', body, seller.negotiator.token, 'offer-retry-1');
    const retry = await callWithKey('createOffer', body, seller.negotiator.token, 'offer-retry-1');
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await listingCount(seller.company.id)).toBe(before + 1);
  });

  it('creates one listing when the same request arrives twice at once', async () => {
    const body = listingBody(seller, { offer_price: '61' });
    const before = await listingCount(seller.company.id);
    const answers = await Promise.all(
      [1, 2].map(() => callWithKey('createOffer', body, seller.negotiator.token, 'twice')),
    );
    expect(await listingCount(seller.company.id)).toBe(before + 1);
    // The second either waited for nothing and was told the first is running, or came after and got its answer.
    for (const a of answers) expect([200, 409]).toContain(a.statusCode);
    const ids = answers.filter((a) => a.statusCode === 200).map((a) => a.body.data.id);
    expect(new Set(ids).size).toBe(1);
  });

  it('refuses the same key with another body or another call, changing nothing', async () => {
    const first = await callWithKey(
      'createOffer',
      listingBody(seller, { offer_price: '62' }),
      seller.negotiator.token,
      'reused',
    );
    const before = await listingCount(seller.company.id);
    const otherBody = await callWithKey(
      'createOffer',
      listingBody(seller, { offer_price: '63' }),
      seller.negotiator.token,
      'reused',
    );
    expectError(otherBody as never, 422, { error: 'This Idempotency-Key was already used for another request.' });
    const edit = { ...listingBody(seller, { offer_price: '62' }), id: first.body.data.id };
    const otherCall = await callWithKey('updateInventory', edit, seller.negotiator.token, 'reused');
    expect(otherCall.statusCode).toBe(422);
    expect(await listingCount(seller.company.id)).toBe(before);
  });

  it('keeps each user’s keys apart', async () => {
    const mine = await callWithKey(
      'createOffer',
      listingBody(seller, { offer_price: '64' }),
      seller.negotiator.token,
      'shared',
    );
    const theirs = await callWithKey(
      'createOffer',
      listingBody(other, { offer_price: '64' }),
      other.negotiator.token,
      'shared',
    );
    expect([mine.statusCode, theirs.statusCode]).toEqual([200, 200]);
    expect(theirs.body.data.id).not.toBe(mine.body.data.id);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
  });

  it('keeps nothing for reads, refusals of the header, or calls without one', async () => {
    const keys = async () => (await h.app.deps.db.select({ n: count() }).from(idempotencyKeys))[0]!.n;
    const before = await keys();
    const read = await callWithKey('getAllOffers', { page: 1, limit: 5 }, seller.negotiator.token, 'a-read');
    expect(read.statusCode).toBe(200);
    expect(await keys()).toBe(before);
    const bad = await callWithKey('createOffer', listingBody(seller), seller.negotiator.token, 'with space');
    expectError(bad as never, 400, { error: 'The Idempotency-Key header must be 1 to 255 visible characters.' });
    expect(await keys()).toBe(before);
  });

  it('runs a key again once it is a day old', async () => {
    const body = listingBody(seller, { offer_price: '65' });
    const first = await callWithKey('createOffer', body, seller.negotiator.token, 'old-key');
    await h.app.deps.db
      .update(idempotencyKeys)
      .set({ created_at: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(idempotencyKeys.key, 'old-key'));
    const again = await callWithKey('createOffer', body, seller.negotiator.token, 'old-key');
    expect(again.statusCode).toBe(200);
    expect(again.body.data.id).not.toBe(first.body.data.id);
  });
});
