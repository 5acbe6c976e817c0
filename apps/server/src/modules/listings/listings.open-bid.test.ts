// Issue 21 item 17: the market (getAllInventory) and a possible counterparty the caller's listing already has an open bid with carries that bid's id
// (`open_bid_id`), so the row reads "Bid open" instead of "Place bid". Another company's bid never shows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bids } from '../bids/bids.table.js';
import { eq } from 'drizzle-orm';
import { seedSuperAdmin } from '../../test/fixtures.js';
import { seedAsk, seedOffer, seedTrader, type Trader } from '../../test/team-fixtures.js';
import { seedOpenBid } from '../../test/bid-fixtures.js';
import { createHarness, type Harness } from '../../test/harness.js';

let h: Harness;
let seller: Trader;
let buyer: Trader;
let rival: Trader;
let offer: { id: number };
let ask: { id: number };
let rivalAsk: { id: number };

type Row = { id: number; open_bid_id: number | null };

async function possible(listingId: number, trader: Trader): Promise<Map<number, number | null>> {
  const res = await h.call<{ records: Row[] }>(
    'getAllPossibleOffer',
    { offer_id: listingId, page: 1, page_size: 30 },
    trader.negotiator.token,
  );
  expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
  return new Map(res.body.data.records.map((r) => [r.id, r.open_bid_id]));
}

/** The market as `trader` sees it: listing id → the company's open bid on it. */
async function market(trader: Trader): Promise<Map<number, number | null>> {
  const res = await h.call<{ records: Row[] }>('getAllInventory', { page: 1, page_size: 30 }, trader.negotiator.token);
  expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
  return new Map(res.body.data.records.map((r) => [r.id, r.open_bid_id]));
}

beforeAll(async () => {
  h = await createHarness();
  const superToken = await seedSuperAdmin(h);
  seller = await seedTrader(h, { superToken, type: 'Seller' });
  buyer = await seedTrader(h, { superToken, type: 'Buyer' });
  rival = await seedTrader(h, { superToken, type: 'Buyer' });
  offer = await seedOffer(h, seller);
  ask = await seedAsk(h, buyer);
  rivalAsk = await seedAsk(h, rival);
}, 120_000);
afterAll(async () => h.close());

describe('getAllPossibleOffer: open_bid_id', () => {
  it('is null while no bid is open between the two listings', async () => {
    expect((await possible(ask.id, buyer)).get(offer.id)).toBeNull();
    expect((await possible(offer.id, seller)).get(ask.id)).toBeNull();
  });

  it('names the open bid to both parties, and never to another company', async () => {
    const bid = await seedOpenBid(h, { seller, buyer: rival, offer, ask: rivalAsk });
    // The rival placed it: its ask's row of the offer, and the seller's row of the rival's ask, name it.
    expect((await possible(rivalAsk.id, rival)).get(offer.id)).toBe(bid.id);
    const sellers = await possible(offer.id, seller);
    expect(sellers.get(rivalAsk.id)).toBe(bid.id);
    expect(sellers.get(ask.id)).toBeNull();
    // The other buyer bidding on the same offer sees no sign of the rival's bid.
    expect((await possible(ask.id, buyer)).get(offer.id)).toBeNull();

    // A closed bid is no longer open: the row offers Place bid again.
    await h.db.update(bids).set({ status: 'Lapsed' }).where(eq(bids.id, bid.id));
    expect((await possible(rivalAsk.id, rival)).get(offer.id)).toBeNull();
  });
});

describe('getAllInventory: open_bid_id', () => {
  it('names the company’s open bid on a market item to that company only, on either side, while it is open', async () => {
    expect((await market(buyer)).get(offer.id)).toBeNull();
    const bid = await seedOpenBid(h, { seller, buyer, offer, ask });
    // The buyer placed it on the seller's offer; the seller's market of asks shows it on the buyer's ask.
    expect((await market(buyer)).get(offer.id)).toBe(bid.id);
    expect((await market(seller)).get(ask.id)).toBe(bid.id);
    // Another buyer's market row of the same offer carries no sign of it, nor does the seller's row of its ask.
    expect((await market(rival)).get(offer.id)).toBeNull();
    expect((await market(seller)).get(rivalAsk.id)).toBeNull();

    await h.db.update(bids).set({ status: 'Lapsed' }).where(eq(bids.id, bid.id));
    expect((await market(buyer)).get(offer.id)).toBeNull();
  });
});
