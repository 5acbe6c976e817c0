// Issue 25 part 4: price alerts are a Negotiator's own, watch the side of the market their company trades with, and
// tell their owner once when a matching listing opens (created, or changed into a match).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSuperAdmin } from '../../test/fixtures.js';
import { listingBody, seedListing, seedTrader, type Trader } from '../../test/team-fixtures.js';
import { createHarness, type Harness } from '../../test/harness.js';
import { notifications } from '../notifications/notifications.table.js';

let h: Harness;
let seller: Trader;
let buyer: Trader;
let otherBuyer: Trader;

beforeAll(async () => {
  h = await createHarness();
  const superToken = await seedSuperAdmin(h);
  seller = await seedTrader(h, { superToken, type: 'Seller' });
  buyer = await seedTrader(h, { superToken, type: 'Buyer' });
  otherBuyer = await seedTrader(h, { superToken, type: 'Buyer' });
}, 240_000);
afterAll(async () => h.close());

type Alert = { id: number; summary: string };
const create = (t: Trader, body: Record<string, unknown>) =>
  h.call<Alert>('createPriceAlert', { side: 'Offer', product: 'Molasses ENA', state: '', ...body }, t.negotiator.token);
const alertsTold = async (userId: number) => {
  await h.deps.events.flush();
  return h.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), eq(notifications.type, 'price_alert')));
};

describe('price alerts: saved, listed, removed', () => {
  it('a Negotiator saves, lists and removes their own; bad input changes nothing', async () => {
    const saved = await create(buyer, { price: '60', min_quantity: '5000' });
    expect(saved.statusCode).toBe(200);
    expect(saved.body.data.summary).toBe(
      'Offers of Molasses ENA in any state at most ₹60.00 per litre, at least 5000.0 L',
    );

    expect((await create(buyer, { side: 'Ask', price: '60' })).body.fields).toEqual({
      side: 'Your company buys: watch offers',
    });
    expect((await create(buyer, { price: '0' })).statusCode).toBe(400);
    expect((await create(buyer, { price: '60', state: 'Atlantis' })).body.fields).toEqual({
      state: 'Please select a valid state',
    });
    expect((await create(buyer, { price: '60', product: 'Moonshine' })).body.fields).toEqual({
      product: 'Please select a spirit your company trades',
    });
    const admin = await h.call(
      'createPriceAlert',
      { side: 'Offer', product: 'Molasses ENA', price: 60 },
      buyer.company.token,
    );
    expect(admin.statusCode).toBe(403);

    const list = await h.call<{ records: Alert[]; totalRecords: number }>(
      'getPriceAlerts',
      { page: 1, page_size: 10, item_search: 'molasses' },
      buyer.negotiator.token,
    );
    expect(list.body.data.totalRecords).toBe(1);
    expect((await h.call('getPriceAlerts', {}, otherBuyer.negotiator.token)).body.data).toEqual({
      records: [],
      totalRecords: 0,
    });
    const foreign = await h.call('deletePriceAlert', { id: saved.body.data.id }, otherBuyer.negotiator.token);
    expect(foreign.statusCode).toBe(404);
    expect((await h.call('deletePriceAlert', { id: saved.body.data.id }, buyer.negotiator.token)).statusCode).toBe(200);
    expect(
      (await h.call<{ totalRecords: number }>('getPriceAlerts', {}, buyer.negotiator.token)).body.data.totalRecords,
    ).toBe(0);
  });
});

describe('price alerts meet the market', () => {
  it('a matching offer tells the alert’s owner once; a non-matching one does not; a change into a match does', async () => {
    await h.deps.events.flush();
    const alert = (await create(buyer, { price: '60', min_quantity: '5000', state: 'Maharashtra' })).body.data;
    const before = (await alertsTold(buyer.negotiator.id)).length;

    const match = await seedListing(h, seller, { offer_price: '59.50', offer_quantity: '6000' });
    await seedListing(h, seller, { offer_price: '60.01' }); // dearer than the bound
    await seedListing(h, seller, { offer_price: '50', offer_quantity: '4000' }); // too little
    await seedListing(h, seller, { offer_price: '50', product: 'Grain ENA' }); // another product
    const dear = await seedListing(h, seller, { offer_price: '65' });

    let told = (await alertsTold(buyer.negotiator.id)).slice(before);
    expect(told.map((n) => n.listing_id)).toEqual([match.id]);
    expect(told[0]!.title).toBe('An offer matches your price alert');
    expect(told[0]!.text).toBe('6,000 L of Molasses ENA at ₹59.50 per litre in Maharashtra.');
    expect(told[0]!.text).not.toContain(seller.company.body.name);
    // Another buyer without an alert hears nothing; the seller's own users hear nothing of their listing.
    expect(await alertsTold(otherBuyer.negotiator.id)).toEqual([]);
    expect(await alertsTold(seller.negotiator.id)).toEqual([]);

    const edit = (l: { id: number; version: number }, price: string) =>
      h.call(
        'updateInventory',
        { ...listingBody(seller, { offer_price: price, offer_quantity: '6000' }), id: l.id, version: l.version },
        seller.negotiator.token,
      );
    const changed = await edit(dear, '58');
    expect(changed.statusCode, JSON.stringify(changed.body)).toBe(200);
    // Changing the matched listing again does not tell twice.
    expect((await edit(match, '59')).statusCode).toBe(200);
    told = (await alertsTold(buyer.negotiator.id)).slice(before);
    expect(told.map((n) => n.listing_id)).toEqual([match.id, dear.id]);

    const list = await h.call<{ records: { link: string; type: string }[] }>(
      'getNotifications',
      { page: 1, page_size: 5 },
      buyer.negotiator.token,
    );
    expect(list.body.data.records[0]).toMatchObject({ type: 'price_alert', link: `/viewitem/${dear.id}` });
    await h.call('deletePriceAlert', { id: alert.id }, buyer.negotiator.token);
  });

  it('a listing created and changed at once tells each matching alert once, whoever owns it', async () => {
    const mine = (await create(buyer, { price: '40' })).body.data;
    const theirs = (await create(otherBuyer, { price: '41' })).body.data;
    const listing = await seedListing(h, seller, { offer_price: '39', offer_quantity: '1000' });
    const changed = await h.call(
      'updateInventory',
      {
        ...listingBody(seller, { offer_price: '38', offer_quantity: '1000' }),
        id: listing.id,
        version: listing.version,
      },
      seller.negotiator.token,
    );
    expect(changed.statusCode, JSON.stringify(changed.body)).toBe(200);
    for (const userId of [buyer.negotiator.id, otherBuyer.negotiator.id]) {
      const told = (await alertsTold(userId)).filter((n) => n.listing_id === listing.id);
      expect(told).toHaveLength(1);
    }
    for (const [t, a] of [
      [buyer, mine],
      [otherBuyer, theirs],
    ] as const)
      await h.call('deletePriceAlert', { id: a.id }, t.negotiator.token);
  });

  it('a seller’s alert on asks: at least the bound', async () => {
    const alert = await create(seller, { side: 'Ask', price: '70' });
    expect(alert.statusCode).toBe(200);
    const low = await seedListing(h, buyer, { offer_price: '69.99' });
    const high = await seedListing(h, otherBuyer, { offer_price: '70' });
    const told = await alertsTold(seller.negotiator.id);
    expect(told.map((n) => n.listing_id)).toEqual([high.id]);
    expect(told.map((n) => n.listing_id)).not.toContain(low.id);
  });
});
