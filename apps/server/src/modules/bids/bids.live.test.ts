// The live bid lists (a listing's bids, My Bids, the bids awaiting the caller, the market's) answer from records
// kept as JSON text under keys naming all they show (bids.read.ts `liveList`): a kept record must read exactly as a
// fresh one, and whatever changes what it shows without the bid's version — a listing's quantity, price or fees, a
// rating, its status by the clock — must show at once, as must a transition.
import { getAllBidsResultSchema } from '@spirit/domain/bids/bids.schemas';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSuperAdmin } from '../../test/fixtures.js';
import { seedAsk, seedOffer } from '../../test/team-fixtures.js';
import { seedMarket, seedOpenBid, type BidData, type Market } from '../../test/bid-fixtures.js';
import { createHarness, type Harness } from '../../test/harness.js';
import { listings } from '../listings/listings.table.js';
import { bids } from './bids.table.js';

let h: Harness;
let m: Market;
let placed: BidData;

beforeAll(async () => {
  h = await createHarness();
  const superToken = await seedSuperAdmin(h);
  m = await seedMarket(h, { superToken });
  placed = await seedOpenBid(h, m, { price: '61.50' });
  await seedOpenBid(h, { ...m, ask: await seedAsk(h, m.buyer) }, { price: '60.00' });
}, 240_000);
afterAll(async () => h?.close());

/** The answer of getAllBids as the server wrote it, with its tag. */
async function raw(token: string | null, body: Record<string, unknown>, tag?: string) {
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/getAllBids',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(tag ? { 'if-none-match': tag } : {}),
    },
    payload: JSON.stringify(body),
  });
  expect([200, 304], res.payload).toContain(res.statusCode);
  return { status: res.statusCode, text: res.payload, tag: res.headers.etag as string | undefined };
}
const rowOf = async (token: string | null, body: Record<string, unknown>, id = placed.id) => {
  const page = getAllBidsResultSchema.parse(JSON.parse((await raw(token, body)).text).data);
  return page.records.find((r) => r.id === id);
};
const statements = async (token: string | null, body: Record<string, unknown>) => {
  const before = h.deps.database.queries.count;
  await raw(token, body);
  return h.deps.database.queries.count - before;
};

/** Each live list as its screen asks it, with who asks. */
const lists = () =>
  [
    ['a listing’s bids', m.seller.adminToken, { offer_id: m.offer.id }],
    ['the seller’s My Bids', m.seller.negotiator.token, {}],
    ['the buyer’s My Bids', m.buyer.negotiator.token, {}],
    ['awaiting the seller', m.seller.negotiator.token, { awaiting_me: true }],
    ['the market’s', m.buyer.negotiator.token, { is_market: true }],
  ] as const;

describe('live bid lists from kept records', () => {
  it('answer a kept page byte for byte as a fresh one, in one statement; each viewer its own', async () => {
    const first: string[] = [];
    for (const [, token, body] of lists()) first.push((await raw(token, body)).text);
    for (const [i, [name, token, body]] of lists().entries()) {
      expect((await raw(token, body)).text, name).toBe(first[i]);
      // Kept records and a kept total: the page is one statement (its keys).
      expect(await statements(token, body), name).toBe(1);
    }
    // Each side reads its own view: its side, the counterparty's name masked; the awaiting rows priced.
    const [listing, sellers, buyers, awaiting] = first.map((t) => JSON.parse(t).data.records[0]);
    expect([listing.viewer_side, sellers.viewer_side, buyers.viewer_side]).toEqual(['seller', 'seller', 'buyer']);
    expect(sellers.buyer_company_name).not.toBe(m.buyer.company.body.name);
    expect(buyers.buyer_company_name).toBe(m.buyer.company.body.name);
    expect(sellers.final_price).toBeNull();
    expect(awaiting.final_price).not.toBeNull();
  });

  it('show a listing’s new quantity, price and fees at once, though the bid’s version stays', async () => {
    for (const [, token, body] of lists()) await raw(token, body);
    const version = async () => (await h.db.select({ v: bids.version }).from(bids).where(eq(bids.id, placed.id)))[0]!;
    const was = await version();
    const before = (await rowOf(m.seller.negotiator.token, { awaiting_me: true }))!;
    // As another process would write them, one at a time: no cache of this process is told.
    const change = async (id: number, set: Parameters<ReturnType<typeof h.db.update<typeof listings>>['set']>[0]) => {
      await h.db.update(listings).set(set).where(eq(listings.id, id));
      expect(await version()).toEqual(was);
    };
    const rows = async () => {
      const found = [];
      for (const [name, token, body] of lists()) {
        const row = await rowOf(token, body);
        expect(row, name).toBeDefined();
        found.push([name, row!] as const);
      }
      return found;
    };
    await change(m.offer.id, { available_quantity: sql`${listings.available_quantity} - 10` });
    for (const [name, row] of await rows())
      expect(Number(row.offer_available_quantity), name).toBe(Number(before.offer_available_quantity) - 10);
    await change(m.ask.id, { available_quantity: sql`${listings.available_quantity} - 20` });
    for (const [name, row] of await rows())
      expect(Number(row.ask_available_quantity), name).toBe(Number(before.ask_available_quantity) - 20);
    await change(m.offer.id, { price: sql`${listings.price} + 1` });
    for (const [name, row] of await rows()) expect(Number(row.offer_price), name).toBe(Number(before.offer_price) + 1);
    await change(m.ask.id, { price: sql`${listings.price} + 2` });
    for (const [name, row] of await rows()) expect(Number(row.ask_price), name).toBe(Number(before.ask_price) + 2);
    // The priced rows' landed price reads the offer's sales tax and export pass fee.
    const priced = async () => (await rowOf(m.seller.negotiator.token, { awaiting_me: true }))!.final_price;
    const landed = [await priced()];
    await change(m.offer.id, { sales_tax: sql`coalesce(${listings.sales_tax}, 0) + 5` });
    landed.push(await priced());
    await change(m.offer.id, { export_pass_fee: sql`coalesce(${listings.export_pass_fee}, 0) + 3` });
    landed.push(await priced());
    expect(new Set(landed).size, JSON.stringify(landed)).toBe(3);
  });

  it('show a transition at once', async () => {
    // Every list's record of the bid kept first.
    for (const [name, token, body] of lists()) expect((await rowOf(token, body))?.price, name).toBe('61.50');
    const countered = await h.call<BidData>(
      'negotiateBid',
      { bid_id: placed.id, version: placed.version, quantity: '1000', price: '63.25', captcha: await h.captcha() },
      m.seller.negotiator.token,
    );
    expect(countered.statusCode, JSON.stringify(countered.body)).toBe(200);
    placed = countered.body.data;
    // Now the buyer's turn: the bid waits for the buyer, no longer for the seller.
    expect(await rowOf(m.seller.negotiator.token, { awaiting_me: true })).toBeUndefined();
    const after = lists().map(([name, token, b]) =>
      'awaiting_me' in b ? (['awaiting the buyer', m.buyer.negotiator.token, b] as const) : ([name, token, b] as const),
    );
    for (const [name, token, b] of after) {
      const row = await rowOf(token, b);
      expect([row?.version, row?.price], name).toEqual([placed.version, '63.25']);
    }
  });

  it('move a kept bid to Lapsed when its validity passes, with no write, and the page’s tag expires then', async () => {
    const token = m.buyer.negotiator.token;
    const soon = await seedOpenBid(h, { ...m, ask: await seedAsk(h, m.buyer), offer: await seedOffer(h, m.seller) });
    // Valid for 30 seconds more: sooner than a list's minute, so the page's tag lasts until then.
    const validUntil = Date.now() + h.clock.offsetMs + 30_000;
    await h.db
      .update(bids)
      .set({ valid_until: new Date(validUntil) })
      .where(eq(bids.id, soon.id));
    const first = await raw(token, {});
    expect(JSON.parse(first.text).data.records.find((r: { id: number }) => r.id === soon.id)).toMatchObject({
      status: 'New',
      is_bid_lapsed: false,
    });
    expect((await raw(token, {})).text).toBe(first.text);
    expect(Number(first.tag!.slice(1, -1).split('.').at(-2))).toBe(validUntil);

    h.clock.offsetMs += 31_000;
    try {
      const after = await raw(token, {}, first.tag);
      expect(after.status).toBe(200);
      expect(JSON.parse(after.text).data.records.find((r: { id: number }) => r.id === soon.id)).toMatchObject({
        status: 'Lapsed',
        is_bid_lapsed: true,
      });
    } finally {
      h.clock.offsetMs -= 31_000;
    }
  });
});
