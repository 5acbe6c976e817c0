// A listing's terms under a deal (issue 20 item 2; DESIGN.md §4 "Listing terms under a deal"): while a bid on a
// listing is open its product, distillery, state and period stay as the bid joined them, a placement and an edit
// happen one after the other, and the final approval re-checks every term of the pair before it trades.
import { BID_REFUSALS } from '@spirit/domain/bids/bids.constants';
import { LISTING_MESSAGES } from '@spirit/domain/listings/listings.constants';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableDigest } from '../../test/db-digest.js';
import { expectError, seedSuperAdmin } from '../../test/fixtures.js';
import { listingBody, periodAhead, seedAsk, seedOffer } from '../../test/team-fixtures.js';
import {
  approveBid,
  openApprovalWindow,
  seedLockedBid,
  seedMarket,
  seedOpenBid,
  validUntil,
  type BidData,
  type Market,
} from '../../test/bid-fixtures.js';
import { createHarness, type Harness, type Reply } from '../../test/harness.js';
import { listings } from '../listings/listings.table.js';
import { bids } from './bids.table.js';

let h: Harness;
let m: Market;

beforeAll(async () => {
  h = await createHarness();
  m = await seedMarket(h, { superToken: await seedSuperAdmin(h) });
}, 180_000);
afterAll(async () => h.close());

/** Refused with `status`, and every table as it was. */
async function refused(call: () => Promise<Reply>, status: number, expected: Parameters<typeof expectError>[2]) {
  const before = await tableDigest(h);
  const res = await call();
  expectError(res, status, expected);
  expect(await tableDigest(h)).toEqual(before);
  return res;
}

/** A fresh offer and ask, with a bid on them approved by everyone but the seller's Approver (5 of 6). */
async function almostTraded(): Promise<{ market: Market; bid: BidData }> {
  const market = { ...m, offer: await seedOffer(h, m.seller), ask: await seedAsk(h, m.buyer) };
  let bid = await seedLockedBid(h, market);
  for (const user of [m.buyer.authorizer, m.seller.authorizer, m.buyer.approver]) {
    const res = await approveBid(h, user, bid);
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    bid = res.body.data;
  }
  return { market, bid };
}

const finalApproval = (bid: BidData) => approveBid(h, m.seller.approver, bid);

/** The seller's Negotiator edits the offer: the fixture's body with `change`. */
const editOffer = (offer: { id: number }, change: Record<string, unknown>) =>
  h.call('updateInventory', { ...listingBody(m.seller, change), id: offer.id }, m.seller.negotiator.token);

const listing = async (id: number) => (await h.db.select().from(listings).where(eq(listings.id, id)))[0]!;

describe('editing a listing with an open bid', () => {
  const locked = LISTING_MESSAGES.termsUnderBids;
  const karnataka = () => ({ state: m.seller.distilleries[1]!.state, distillery_id: m.seller.distilleries[1]!.id });

  it('refuses a change of product, state, distillery or period at 5 of 6 approvals; the trade then settles', async () => {
    const { market, bid } = await almostTraded();
    await refused(
      () =>
        editOffer(market.offer, {
          product: 'Grain ENA',
          ...karnataka(),
          from_period: periodAhead(2),
          to_period: periodAhead(5),
        }),
      409,
      {
        code: 'listing.terms_locked',
        error: locked,
        fields: { product: locked, state: locked, distillery_id: locked, from_period: locked, to_period: locked },
      },
    );
    for (const [change, fields] of [
      [{ product: 'Grain ENA' }, { product: locked }],
      [karnataka(), { state: locked, distillery_id: locked }],
      [{ from_period: periodAhead(2) }, { from_period: locked }],
      [{ to_period: periodAhead(6) }, { to_period: locked }],
    ] as const)
      await refused(() => editOffer(market.offer, change), 409, { code: 'listing.terms_locked', fields });
    // The buyer's ask is held the same way.
    await refused(
      () =>
        h.call(
          'updateInventory',
          { ...listingBody(m.buyer, { to_period: periodAhead(6) }), id: market.ask.id },
          m.buyer.negotiator.token,
        ),
      409,
      { code: 'listing.terms_locked', fields: { to_period: locked } },
    );

    // Price and quantity keep their own rules.
    const priced = await editOffer(market.offer, { offer_price: '59.75', offer_quantity: '12000' });
    expect(priced.statusCode, JSON.stringify(priced.body)).toBe(200);
    const traded = await finalApproval(bid);
    expect(traded.statusCode, JSON.stringify(traded.body)).toBe(200);
    expect(traded.body.data.status).toBe('Approved');
    expect(await listing(market.offer.id)).toMatchObject({ product: 'Molasses ENA', available_quantity: '11000.0' });

    // With no open bid left, the terms may change again.
    const moved = await editOffer(market.offer, { product: 'Grain ENA', offer_quantity: '12000' });
    expect(moved.statusCode, JSON.stringify(moved.body)).toBe(200);
  });

  it('allows the change once the bid has lapsed, even before the sweep', async () => {
    const market = { ...m, offer: await seedOffer(h, m.seller), ask: await seedAsk(h, m.buyer) };
    const bid = await seedOpenBid(h, market);
    await refused(() => editOffer(market.offer, { product: 'Grain ENA' }), 409, { code: 'listing.terms_locked' });
    // Its validity passed a minute ago (arranged directly), its status still New.
    await h.db
      .update(bids)
      .set({ valid_until: new Date(Date.now() - 60_000) })
      .where(eq(bids.id, bid.id));
    const res = await editOffer(market.offer, { product: 'Grain ENA' });
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
  });
});

describe('the final approval re-checks the pair', () => {
  // Each change is arranged directly, as an edit could make it before edits were held: the approval must refuse,
  // change nothing, and settle once the listing is as the bid joined it again.
  it.each<[string, 'offer' | 'ask', () => Partial<typeof listings.$inferInsert>]>([
    ['the offer’s product changed', 'offer', () => ({ product: 'Molasses RS' })],
    ['the ask’s product changed', 'ask', () => ({ product: 'Grain ENA' })],
    ['the periods no longer overlap', 'offer', () => ({ from_period: periodAhead(5), to_period: periodAhead(6) })],
    ['the offer’s period has ended', 'offer', () => ({ from_period: '2020-01', to_period: '2020-02' })],
    ['the offer was closed', 'offer', () => ({ status: 'Closed' })],
    ['the ask is now an offer', 'ask', () => ({ side: 'Offer' })],
  ])('refuses when %s, and changes nothing', async (_, which, change) => {
    const { market, bid } = await almostTraded();
    const id = market[which].id;
    const { id: _id, ...before } = await listing(id);
    await h.db.update(listings).set(change()).where(eq(listings.id, id));
    await openApprovalWindow(h, m.seller.approver);
    await refused(() => finalApproval(bid), 409, {
      code: 'bid.terms_changed',
      error: BID_REFUSALS['bid.terms_changed'].message,
    });
    const row = (await h.db.select().from(bids).where(eq(bids.id, bid.id)))[0]!;
    expect(row).toMatchObject({ status: 'OnGoing', version: bid.version, trade_reference: null });

    await h.db.update(listings).set(before).where(eq(listings.id, id));
    const traded = await finalApproval(bid);
    expect(traded.statusCode, JSON.stringify(traded.body)).toBe(200);
    expect(traded.body.data.status).toBe('Approved');
  });
});

// On PGlite the one connection runs transactions one at a time, so a placement and an edit cannot interleave; on
// the PostgreSQL server (TEST_DATABASE_URL) they can, and the placement must wait for the edit and see it.
describe.skipIf(!process.env.TEST_DATABASE_URL)('a placement racing an edit', () => {
  const lockWaits = async () => {
    const res = await h.db.execute(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    return (res as unknown as { rows: { n: number }[] }).rows[0]!.n;
  };

  it('waits for an edit holding the listing and checks the terms it committed', async () => {
    const offer = await seedOffer(h, m.seller);
    const ask = await seedAsk(h, m.buyer);
    const body = {
      quantity: '100',
      price: '60',
      valid_until: validUntil(h),
      my_offer_id: ask.id,
      offer_id: offer.id,
      captcha: await h.captcha(),
    };
    // An edit in progress: the offer locked for update and moved to another product, not yet committed.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let held!: () => void;
    const holding = new Promise<void>((resolve) => (held = resolve));
    const edit = h.db.transaction(async (tx) => {
      await tx.select({ id: listings.id }).from(listings).where(eq(listings.id, offer.id)).for('update');
      await tx.update(listings).set({ product: 'Grain ENA' }).where(eq(listings.id, offer.id));
      held();
      await gate;
    });
    await holding;
    let settled = false;
    const placing = h.call('createBid', body, m.buyer.negotiator.token).finally(() => (settled = true));
    // Until the placement waits on a row lock (or, were it not to wait, has answered).
    while (!settled && (await lockWaits()) === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    await edit;
    const res = await placing;
    expectError(res, 409, { code: 'bid.not_counterparty' });
    const placed = await h.db.select().from(bids).where(eq(bids.offer_id, offer.id));
    expect(placed).toHaveLength(0);
  });
});
