// The dashboards' lists answer from records kept as JSON text under keys naming all they show (lib/record-memo.ts,
// dashboards.service.ts `page`): a kept record must read exactly as a fresh one, and whatever changes what it shows —
// a transition, a sale order (which moves no version), a lapse by the clock alone, a rename — must show at once.
import { dashboardBidListSchema } from '@spirit/domain/dashboards/dashboards.schemas';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSuperAdmin } from '../../test/fixtures.js';
import { seedOffer } from '../../test/team-fixtures.js';
import {
  seedApprovedTrade,
  seedMarket,
  seedOpenBid,
  uploadSaleOrder,
  type BidData,
  type Market,
} from '../../test/bid-fixtures.js';
import { createHarness, type Harness } from '../../test/harness.js';
import { bids } from '../bids/bids.table.js';

let h: Harness;
let superToken: string;
let m: Market;
let trade: BidData;

const fresh = async () => ({ ...m, offer: await seedOffer(h, m.seller), ask: await seedOffer(h, m.buyer) });

beforeAll(async () => {
  h = await createHarness();
  superToken = await seedSuperAdmin(h);
  m = await seedMarket(h, { superToken });
  trade = await seedApprovedTrade(h, await fresh(), { quantity: '250' });
  await seedApprovedTrade(h, await fresh(), { quantity: '125' });
  await seedOpenBid(h, await fresh());
}, 240_000);
afterAll(async () => h?.close());

/** The answer as the server wrote it, with its tag. */
async function raw(method: string, token: string | null, body: Record<string, unknown> = {}, tag?: string) {
  const res = await h.app.inject({
    method: 'POST',
    url: `/api/${method}`,
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
const records = async (method: string, token: string | null, body: Record<string, unknown> = {}) =>
  dashboardBidListSchema.parse(JSON.parse((await raw(method, token, body)).text).data).records;
const statements = async (method: string, token: string | null) => {
  const before = h.deps.database.queries.count;
  await raw(method, token);
  return h.deps.database.queries.count - before;
};

describe('dashboard lists from kept records', () => {
  it('answer a kept page byte for byte as a fresh one, in one statement; each viewer its own', async () => {
    const calls = ['getDashboardAllApprovedBids', 'getDashboardAllOpenBids'];
    const viewers = [m.buyer.negotiator.token, m.seller.adminToken, superToken];
    const first: string[] = [];
    for (const method of calls) for (const token of viewers) first.push((await raw(method, token)).text);
    const again: string[] = [];
    for (const method of calls) for (const token of viewers) again.push((await raw(method, token)).text);
    expect(again).toEqual(first);
    // What each viewer reads apart: the counterparty's state, masked names on an open bid for the parties only.
    const open = first.slice(3).map((p) => JSON.parse(p).data.records[0]);
    expect(open.map((r) => [r.buyer_company, r.seller_company])).toEqual([
      [m.buyer.company.body.name, expect.not.stringMatching(m.seller.company.body.name as string)],
      [expect.not.stringMatching(m.buyer.company.body.name as string), m.seller.company.body.name],
      [m.buyer.company.body.name, m.seller.company.body.name],
    ]);
    // Kept records and a kept total: the page is one statement (its keys).
    expect(await statements('getDashboardAllApprovedBids', m.buyer.negotiator.token)).toBe(1);
  });

  it('shows an uploaded sale order at once, though it moves no version', async () => {
    const token = m.seller.adminToken;
    const version = async () => (await h.db.select({ v: bids.version }).from(bids).where(eq(bids.id, trade.id)))[0]!.v;
    const was = await version();
    const before = (await records('getDashboardAllApprovedBids', token)).find((r) => r.id === trade.id);
    expect(before?.sellOrderGenerated).toBe(false);
    const file = await uploadSaleOrder(h, token);
    const attached = await h.call('updateBid', { bid_id: trade.id, sell_order: file }, token);
    expect(attached.statusCode, JSON.stringify(attached.body)).toBe(200);
    expect(await version()).toBe(was);
    for (const t of [token, m.buyer.negotiator.token, superToken]) {
      const after = (await records('getDashboardAllApprovedBids', t)).find((r) => r.id === trade.id);
      expect(after?.sellOrderGenerated).toBe(true);
    }
    // The Sale Order Generated card's list: the trade with it.
    const uploaded = await records('getDashboardAllApprovedBids', token, { sell_order_generated: true });
    expect(uploaded.map((r) => r.id)).toEqual([trade.id]);
  });

  it('moves a kept open bid to Lapsed when its validity passes, with no write, and its tag expires then', async () => {
    const token = m.buyer.negotiator.token;
    const soon = await seedOpenBid(h, await fresh());
    // Valid for 30 seconds more: sooner than a list's minute, so the page's tag lasts until then.
    const validUntil = Date.now() + h.clock.offsetMs + 30_000;
    await h.db
      .update(bids)
      .set({ valid_until: new Date(validUntil) })
      .where(eq(bids.id, soon.id));
    const first = await raw('getDashboardAllOpenBids', token);
    const row = JSON.parse(first.text).data.records.find((r: { id: number }) => r.id === soon.id);
    expect(row).toMatchObject({ status: expect.stringMatching(/New|OnGoing/) });
    expect((await raw('getDashboardAllOpenBids', token)).text).toBe(first.text);
    expect(Number(first.tag!.slice(1, -1).split('.').at(-2))).toBe(validUntil);

    h.clock.offsetMs += 31_000;
    try {
      const open = await raw('getDashboardAllOpenBids', token, {}, first.tag);
      expect(open.status).toBe(200);
      expect(JSON.parse(open.text).data.records.map((r: { id: number }) => r.id)).not.toContain(soon.id);
      const lapsed = (await records('getDashboardAllLapsedBids', token)).find((r) => r.id === soon.id);
      expect(lapsed).toMatchObject({ status: 'Lapsed', next_level_pending: null });
    } finally {
      h.clock.offsetMs -= 31_000;
    }
  });

  it('shows a renamed company at once, to the platform and to the trade’s counterparty', async () => {
    const id = m.seller.company.id;
    const was = m.seller.company.body.name as string;
    await records('getDashboardAllApprovedBids', superToken);
    await h.db.execute(sql`update companies set name = ${`${was} Renamed`} where id = ${id}`);
    try {
      for (const token of [superToken, m.buyer.negotiator.token]) {
        const page = await records('getDashboardAllApprovedBids', token);
        expect(new Set(page.map((r) => r.seller_company))).toEqual(new Set([`${was} Renamed`]));
      }
    } finally {
      await h.db.execute(sql`update companies set name = ${was} where id = ${id}`);
    }
    expect((await records('getDashboardAllApprovedBids', superToken))[0]!.seller_company).toBe(was);
  });
});
