import {
  inventoryDetailSchema,
  inventoryListResultSchema,
  offerDetailSchema,
  offerListResultSchema,
  possibleListResultSchema,
} from '@spirit/domain/listings/listings.schemas';
import { currentPeriod, landedPrice } from '@spirit/domain/listings/listings.rules';
import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchAny, searchPattern } from '../../lib/list.js';
import { tableDigest } from '../../test/db-digest.js';
import { auditEntries, expectError, seedSuperAdmin } from '../../test/fixtures.js';
import {
  listingBody,
  periodAhead,
  seedAsk,
  seedDistillery,
  seedListing,
  seedMapping,
  seedOffer,
  seedTrader,
  seedUser,
  type Trader,
} from '../../test/team-fixtures.js';
import { createHarness, type Harness, type Reply } from '../../test/harness.js';
import { explainWithValues, planOf } from '../../test/plans.js';
import { distilleries } from '../distilleries/distilleries.table.js';
import { ratings } from '../ratings/ratings.table.js';
import { listings } from './listings.table.js';

let h: Harness;
let superToken: string;
let sellerA: Trader;
let sellerB: Trader;
let buyerA: Trader;
let buyerB: Trader;

beforeAll(async () => {
  h = await createHarness();
  superToken = await seedSuperAdmin(h);
  sellerA = await seedTrader(h, { superToken, type: 'Seller' });
  sellerB = await seedTrader(h, { superToken, type: 'Seller' });
  buyerA = await seedTrader(h, { superToken, type: 'Buyer' });
  buyerB = await seedTrader(h, { superToken, type: 'Buyer' });
}, 180_000);
afterAll(async () => h.close());

/** Calls that must be refused and leave every table as it was. */
async function refused(call: () => Promise<Reply>, status: number, expected: Parameters<typeof expectError>[2] = {}) {
  const before = await tableDigest(h);
  const res = await call();
  expectError(res, status, expected);
  expect(await tableDigest(h)).toEqual(before);
  return res;
}

describe('createOffer, getAllOffers, getOfferById, updateInventory', () => {
  it('a Seller’s negotiator posts an offer; the list, the detail and the audit log show it', async () => {
    const res = await h.call<{ id: number; side: string }>(
      'createOffer',
      listingBody(sellerA, { offer_quantity: '1200.5', company_id: 999_999 }),
      sellerA.negotiator.token,
    );
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Offer added successfully');
    expect(res.body.data).toMatchObject({
      side: 'Offer',
      offer_quantity: '1200.5',
      available_quantity: '1200.5',
      offer_price: '60.00',
      export_pass_fee: '1.50',
      sales_tax: '18.00',
      import_pass_fee: null,
      total_open_bids: 0,
      is_open: true,
      version: 1,
    });
    expect(await auditEntries(h, 'listing.created', res.body.data.id)).toHaveLength(1);

    const list = offerListResultSchema.parse(
      (await h.call('getAllOffers', { page: 1, page_size: 5 }, sellerA.authorizer.token)).body.data,
    );
    expect(list.records[0]!.id).toBe(res.body.data.id);
    const searched = await h.call<{ totalRecords: number }>(
      'getAllOffers',
      { item_search: 'zzz-nothing' },
      sellerA.negotiator.token,
    );
    expect(searched.body.data.totalRecords).toBe(0);
    // Another company sees none of it.
    const other = await h.call<{ totalRecords: number }>('getAllOffers', {}, sellerB.negotiator.token);
    expect(other.body.data.totalRecords).toBe(0);

    const detail = offerDetailSchema.parse(
      (await h.call('getOfferById', { offer_id: res.body.data.id }, sellerA.negotiator.token)).body.data,
    );
    expect(detail).toMatchObject({ can_edit: true, avg_bid_price: null, last_bid_price: null });
    const asApprover = offerDetailSchema.parse(
      (await h.call('getOfferById', { id: res.body.data.id }, sellerA.approver.token)).body.data,
    );
    expect(asApprover.can_edit).toBe(false);
  });

  it('getAllOffers names each row’s distillery as it is now, a kept name in one statement, a rename at once', async () => {
    const offer = await seedListing(h, sellerA);
    const row = async () => {
      const res = await h.call<{ records: { id: number; distillery_id: number; distillery_name: string }[] }>(
        'getAllOffers',
        { page: 1, page_size: 30 },
        sellerA.negotiator.token,
      );
      expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
      return res.body.data.records.find((r) => r.id === offer.id)!;
    };
    const { distillery_id: id, distillery_name: shown } = await row();
    const [stored] = await h.db.select({ name: distilleries.name }).from(distilleries).where(eq(distilleries.id, id));
    expect(shown).toBe(stored!.name);
    // The page's statement alone: the name is the names memo's at the epoch the page read.
    const before = h.deps.database.queries.count;
    expect((await row()).distillery_name).toBe(shown);
    expect(h.deps.database.queries.count - before).toBe(1);
    await h.db.execute(sql`update distilleries set name = ${`${shown} Renamed`} where id = ${id}`);
    try {
      expect((await row()).distillery_name).toBe(`${shown} Renamed`);
    } finally {
      await h.db.execute(sql`update distilleries set name = ${shown} where id = ${id}`);
    }
    expect((await row()).distillery_name).toBe(shown);
  });

  it('only the Negotiator of the listing’s distillery may edit it, not another Negotiator of the company', async () => {
    const offer = await seedListing(h, sellerA);
    const other = await seedUser(h, { adminToken: sellerA.adminToken, overrides: { name: 'Omar Other' } });
    const distillery = await seedDistillery(h, { adminToken: sellerA.adminToken });
    await seedMapping(h, {
      adminToken: sellerA.adminToken,
      type: 'Decentralized',
      distilleries: [distillery.id],
      negotiator: other.id,
      authorizer: sellerA.authorizer.id,
      approver: sellerA.approver.id,
    });
    const detail = async (token: string) =>
      offerDetailSchema.parse((await h.call('getOfferById', { id: offer.id }, token)).body.data);
    expect((await detail(other.token!)).can_edit).toBe(false);
    expect((await detail(sellerA.negotiator.token!)).can_edit).toBe(true);
    // getAllOffers says the same per row (the bid page's listing picker tells "not your distillery" apart by it).
    const listed = async (token: string) => {
      const res = await h.call<{ records: { id: number; can_edit: boolean }[] }>(
        'getAllOffers',
        { page: 1, page_size: 30 },
        token,
      );
      expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
      return res.body.data.records.find((r) => r.id === offer.id)!.can_edit;
    };
    expect(await listed(other.token!)).toBe(false);
    expect(await listed(sellerA.negotiator.token!)).toBe(true);
    expect(await listed(sellerA.approver.token!)).toBe(false);
  });

  it('a Buyer’s negotiator posts an ask with the ask’s fees', async () => {
    const ask = await seedAsk(h, buyerA);
    const res = await h.call<Record<string, unknown>>('getOfferById', { id: ask.id }, buyerA.negotiator.token);
    expect(res.body.data).toMatchObject({ side: 'Ask', transportation: '3.00', export_pass_fee: null });
  });

  it('updateInventory edits at the loaded version, audits the change and refuses a stale one', async () => {
    const offer = await seedOffer(h, sellerA);
    const body = { ...listingBody(sellerA, { offer_price: '62.5' }), id: offer.id, version: offer.version };
    const res = await h.call<{ version: number; offer_price: string }>(
      'updateInventory',
      body,
      sellerA.negotiator.token,
    );
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Offer updated successfully');
    expect(res.body.data).toMatchObject({ version: 2, offer_price: '62.50' });
    const [entry] = await auditEntries(h, 'listing.updated', offer.id);
    expect(entry).toMatchObject({ before: { price: '60.00' }, after: { price: '62.50' } });
    await refused(() => h.call('updateInventory', body, sellerA.negotiator.token), 409, {
      error: 'This listing changed since you opened it. Please reload it.',
    });
  });

  it('refuses an edit below the quantity already traded, and changes nothing', async () => {
    const offer = await seedOffer(h, sellerA, { offer_quantity: '1000' });
    // An approved trade (next issue) would have taken 400 litres.
    await h.db.update(listings).set({ available_quantity: '600.0' }).where(eq(listings.id, offer.id));
    const body = { ...listingBody(sellerA, { offer_quantity: '399.9' }), id: offer.id };
    await refused(() => h.call('updateInventory', body, sellerA.negotiator.token), 400, {
      fields: { offer_quantity: 'Quantity cannot be below the 400.0 litres already traded' },
    });
    const ok = await h.call<{ available_quantity: string; status: string }>(
      'updateInventory',
      { ...body, offer_quantity: '400' },
      sellerA.negotiator.token,
    );
    expect(ok.body.data).toMatchObject({ available_quantity: '0.0', status: 'Closed' });
  });

  it.each<[string, (t: Trader) => Record<string, unknown>, Record<string, string>]>([
    ['the other side', () => ({ type: 'ask' }), { type: 'Seller companies post offers and Buyer companies post asks' }],
    [
      'an ask’s fees only',
      () => ({ export_pass_fee: undefined, sales_tax: undefined, transportation: 1 }),
      { export_pass_fee: '*required', sales_tax: '*required' },
    ],
    ['an unknown product', () => ({ product: 'Whisky' }), { product: 'Please select a valid product' }],
    [
      'a product the company does not trade',
      () => ({ product: 'Malt Spirit' }),
      { product: 'Please select a valid product' },
    ],
    ['an unknown state', () => ({ state: 'Atlantis' }), { state: 'Please select a valid state' }],
    [
      'another state than the distillery’s',
      () => ({ state: 'Goa' }),
      { state: 'The distillery is not in the chosen state' },
    ],
    ['a zero quantity', () => ({ offer_quantity: 0 }), { offer_quantity: 'Must be greater than 0' }],
    ['a negative quantity', () => ({ offer_quantity: -10 }), { offer_quantity: 'Must not be negative' }],
    [
      'a quantity of 2 decimals',
      () => ({ offer_quantity: '10.25' }),
      { offer_quantity: 'Must be a number with at most 1 decimals' },
    ],
    [
      'a price of 3 decimals',
      () => ({ offer_price: '60.125' }),
      { offer_price: 'Must be a number with at most 2 decimals' },
    ],
    ['a period in another format', () => ({ from_period: '05-2026' }), { from_period: '*Invalid Date' }],
    [
      'periods in the wrong order',
      () => ({ from_period: periodAhead(5) }),
      { from_period: 'Date range is invalid !!' },
    ],
    [
      'a period already ended',
      () => ({ from_period: '2020-01', to_period: '2020-02' }),
      { from_period: 'From Period cannot be before the current month', to_period: 'To Period has already passed' },
    ],
    [
      'a From Period before the current month',
      () => ({ from_period: '1900-01' }),
      { from_period: 'From Period cannot be before the current month' },
    ],
    [
      'a To Period more than 24 months ahead',
      () => ({ to_period: '9999-12' }),
      { to_period: 'To Period can be at most 24 months after the current month' },
    ],
    [
      'a To Period 26 months ahead',
      () => ({ to_period: periodAhead(26) }),
      { to_period: 'To Period can be at most 24 months after the current month' },
    ],
    [
      'another company’s distillery',
      () => ({ distillery_id: sellerB.distilleries[0]!.id }),
      { distillery_id: 'You do not negotiate for this distillery' },
    ],
  ])('createOffer refuses %s with the field’s message and writes nothing', async (_, change, fields) => {
    await refused(() => h.call('createOffer', listingBody(sellerA, change(sellerA)), sellerA.negotiator.token), 400, {
      fields,
    });
  });

  it('accepts periods from the current month to 24 months ahead', async () => {
    const res = await h.call(
      'createOffer',
      listingBody(sellerA, { from_period: currentPeriod(new Date()), to_period: periodAhead(24) }),
      sellerA.negotiator.token,
    );
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
  });

  it('an edit keeps a From Period that has passed, but cannot move it into the past or To beyond 24 months', async () => {
    const offer = await seedOffer(h, sellerA);
    // A listing posted months ago: arranged directly, as the API no longer takes a past From Period.
    const posted = periodAhead(-3);
    await h.db.update(listings).set({ from_period: posted }).where(eq(listings.id, offer.id));
    const edit = (change: Record<string, unknown>) =>
      h.call(
        'updateInventory',
        { ...listingBody(sellerA, { from_period: posted, ...change }), id: offer.id },
        sellerA.negotiator.token,
      );
    await refused(() => edit({ from_period: periodAhead(-4) }), 400, {
      fields: { from_period: 'From Period cannot be before the current month' },
    });
    await refused(() => edit({ to_period: '9999-12' }), 400, {
      fields: { to_period: 'To Period can be at most 24 months after the current month' },
    });
    const kept = await edit({ offer_price: '63' });
    expect(kept.statusCode, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.data).toMatchObject({ from_period: posted, offer_price: '63.00' });
  });

  it('refuses a distillery of the company the negotiator does not negotiate for', async () => {
    const unmapped = await seedDistillery(h, { adminToken: sellerA.adminToken });
    await refused(
      () => h.call('createOffer', listingBody(sellerA, { distillery_id: unmapped.id }), sellerA.negotiator.token),
      400,
      { fields: { distillery_id: 'You do not negotiate for this distillery' } },
    );
  });

  it('answers another company’s listing as not found, and is for Negotiators only', async () => {
    const offer = await seedOffer(h, sellerA);
    await refused(() => h.call('getOfferById', { id: offer.id }, sellerB.negotiator.token), 404, {
      error: 'Listing not found',
    });
    await refused(
      () => h.call('updateInventory', { ...listingBody(sellerB), id: offer.id }, sellerB.negotiator.token),
      404,
    );
    await refused(() => h.call('createOffer', listingBody(sellerA), sellerA.adminToken), 403);
    await refused(() => h.call('createOffer', listingBody(sellerA), sellerA.authorizer.token), 403);
    await refused(() => h.call('getAllOffers', {}, superToken), 403);
    await refused(() => h.call('getAllOffers', {}), 401);
  });

  it('getAllOffers orders by each column both ways, searches, pages and counts a page past the end', async () => {
    // A company of its own, so the list is this test's; periods after the counterparties' ask (no new counterparty).
    const seller = await seedTrader(h, { superToken, type: 'Seller' });
    const karnataka = { state: 'Karnataka', distillery_id: seller.distilleries[1]!.id };
    const ids: number[] = [];
    for (const overrides of [
      { offer_price: '61', from_period: periodAhead(5), to_period: periodAhead(7) },
      { offer_price: '59', product: 'Grain ENA', from_period: periodAhead(6), to_period: periodAhead(7), ...karnataka },
      { offer_price: '61', from_period: periodAhead(6), to_period: periodAhead(8), ...karnataka },
      { offer_price: '64.5', product: 'Grain ENA', from_period: periodAhead(5), to_period: periodAhead(6) },
      { offer_price: '58', from_period: periodAhead(7), to_period: periodAhead(8) },
      { offer_price: '66', product: 'Grain ENA', from_period: periodAhead(5), to_period: periodAhead(9), ...karnataka },
    ]) {
      ids.push((await seedOffer(h, seller, overrides)).id);
    }
    type Row = { id: number; from_period: string; state: string; product: string; offer_price: string };
    const call = async (body: Record<string, unknown>) =>
      (await h.call<{ records: Row[]; totalRecords: number }>('getAllOffers', body, seller.negotiator.token)).body.data;
    const idsOf = (page: { records: Row[] }) => page.records.map((r) => r.id);
    const newestFirst = [...ids].reverse();
    const all = await call({ page_size: 30 });
    expect(idsOf(all)).toEqual(newestFirst);
    expect(all.totalRecords).toBe(6);
    // Newest change first whatever the order, also when sorted by the change itself.
    expect(idsOf(await call({ page_size: 30, sort_order: 'desc' }))).toEqual(newestFirst);
    expect(idsOf(await call({ page_size: 30, sort_by: 'modified_on', sort_order: 'asc' }))).toEqual(newestFirst);
    const keys = {
      from_period: (r: Row) => r.from_period,
      state: (r: Row) => r.state,
      product: (r: Row) => r.product,
      offer_price: (r: Row) => Number(r.offer_price),
    };
    for (const [sort_by, key] of Object.entries(keys)) {
      for (const sort_order of ['asc', 'desc'] as const) {
        // The column in the order asked, ties newest first.
        const expected = [...all.records]
          .sort((a, b) => {
            const c = key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
            return (sort_order === 'desc' ? -c : c) || b.id - a.id;
          })
          .map((r) => r.id);
        const sorted = await call({ page_size: 30, sort_by, sort_order });
        expect(idsOf(sorted), `${sort_by} ${sort_order}`).toEqual(expected);
        const second = await call({ page: 2, page_size: 5, sort_by, sort_order });
        expect(second, `${sort_by} ${sort_order}`).toMatchObject({ totalRecords: 6 });
        expect(idsOf(second)).toEqual(expected.slice(5));
      }
    }
    // A search over state, product and distillery, case-insensitive, with and without a column order.
    const grain = await call({ item_search: ' GRAIN ', sort_by: 'offer_price', sort_order: 'desc' });
    expect(grain.records.map((r) => r.offer_price)).toEqual(['66.00', '64.50', '59.00']);
    expect(grain.totalRecords).toBe(3);
    const inKarnataka = await call({ item_search: 'karnataka', page_size: 5 });
    expect(idsOf(inKarnataka)).toEqual([ids[5], ids[2], ids[1]]);
    expect(inKarnataka.totalRecords).toBe(3);
    // The distillery's name, in any case: the listings of that distillery alone.
    const byDistillery = await call({ item_search: seller.distilleries[1]!.name.toUpperCase(), page_size: 5 });
    expect(byDistillery).toEqual({ records: inKarnataka.records, totalRecords: 3 });
    // Past the end, counted apart by the same search.
    expect(await call({ item_search: seller.distilleries[1]!.name, page: 2, page_size: 5 })).toEqual({
      records: [],
      totalRecords: 3,
    });
    // A page past the end has no row to carry the total: it is counted apart, with and without the search.
    expect(await call({ page: 3, page_size: 5 })).toEqual({ records: [], totalRecords: 6 });
    expect(await call({ item_search: 'karnataka', page: 2, page_size: 5 })).toEqual({ records: [], totalRecords: 3 });
    expect(await call({ item_search: 'karnataka', page: 2, page_size: 5, sort_by: 'state' })).toEqual({
      records: [],
      totalRecords: 3,
    });
  });
});

describe('form lookups', () => {
  it('getSpiritsAvailableStates gives each product the states the caller negotiates in', async () => {
    const res = await h.call('getSpiritsAvailableStates', { get_company_spirits: true }, sellerA.negotiator.token);
    expect(res.body.data).toEqual({
      'Grain ENA': ['Karnataka', 'Maharashtra'],
      'Molasses ENA': ['Karnataka', 'Maharashtra'],
    });
    const admin = await h.call('getSpiritsAvailableStates', {}, sellerA.adminToken);
    expect(admin.body.data).toEqual({ 'Grain ENA': [], 'Molasses ENA': [] });
  });

  it('getAllStateWiseDistillforUser lists only the distilleries the caller negotiates for', async () => {
    const asNegotiator = await h.call<Record<string, unknown[]>>(
      'getAllStateWiseDistillforUser',
      {},
      sellerA.negotiator.token,
    );
    expect(Object.keys(asNegotiator.body.data).sort()).toEqual(['Karnataka', 'Maharashtra']);
    const asAuthorizer = await h.call('getAllStateWiseDistillforUser', {}, sellerA.authorizer.token);
    expect(asAuthorizer.body.data).toEqual({});
  });

  it('latestNegotiation answers the ticker’s shape (empty until bids exist)', async () => {
    const res = await h.call('latestNegotiation', { product: 'Molasses ENA' }, buyerA.negotiator.token);
    expect(res.body.data).toEqual([]);
  });
});

describe('possible counterparties and the market', () => {
  let ask: { id: number };
  const offers: { id: number; trader: Trader; price: string; export_pass_fee: string; sales_tax: string }[] = [];

  beforeAll(async () => {
    ask = await seedAsk(h, buyerA, { product: 'Grain ENA', from_period: periodAhead(2), to_period: periodAhead(3) });
    for (const [trader, price, export_pass_fee, sales_tax] of [
      [sellerA, '55', '9', '18'], // cheapest ex-distillery, dearest delivered
      [sellerB, '58', '0.5', '5'],
      [sellerB, '57', '1', '12'],
    ] as const) {
      const created = await seedOffer(h, trader, {
        product: 'Grain ENA',
        offer_price: price,
        export_pass_fee,
        sales_tax,
      });
      offers.push({ id: created.id, trader, price, export_pass_fee, sales_tax });
    }
    // Not counterparties: another product, a period that does not overlap, the buyer's own company.
    await seedOffer(h, sellerB, { product: 'Molasses ENA' });
    await seedOffer(h, sellerB, { product: 'Grain ENA', from_period: periodAhead(5), to_period: periodAhead(6) });
    await seedAsk(h, buyerA, { product: 'Grain ENA' });
    // Ratings of sellerB's first distillery by two companies; buyerA's latest is 4 and Approved.
    const to = { to_company_id: sellerB.company.id, to_distillery_id: sellerB.distilleries[0]!.id };
    await h.db.insert(ratings).values([
      {
        ...to,
        from_company_id: buyerA.company.id,
        rating: 2,
        source: 'New',
        created_at: new Date(Date.now() - 60_000),
      },
      { ...to, from_company_id: buyerA.company.id, rating: 4, source: 'Approved' },
      { ...to, from_company_id: buyerB.company.id, rating: 5, source: 'Rejected' },
    ]);
  });

  it('ranks a buyer’s possible sellers by landed price, with ratings and the breakdown', async () => {
    const res = await h.call(
      'getAllPossibleOffer',
      { offer_id: ask.id, page: 1, page_size: 10 },
      buyerA.negotiator.token,
    );
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    const page = possibleListResultSchema.parse(res.body.data);
    const askFees = listingBody(buyerA);
    const expected = offers
      .map((o) => ({ id: o.id, landed: landedPrice({ offer: o, ask: askFees, price: o.price }).total }))
      .sort((a, b) => Number(a.landed) - Number(b.landed));
    expect(page.records.map((r) => [r.id, r.landed_price])).toEqual(expected.map((e) => [e.id, e.landed]));
    expect(page.totalRecords).toBe(3);
    const rated = page.records.filter((r) => r.your_rating !== null);
    expect(rated.every((r) => r.your_rating === 4 && r.source === 'Approved' && r.industry_rating === 4.5)).toBe(true);
    expect(rated).toHaveLength(2);
    expect(page.records.find((r) => r.your_rating === null)).toMatchObject({ source: 'New', industry_rating: null });
    const byPrice = possibleListResultSchema.parse(
      (await h.call('getAllPossibleOffer', { offer_id: ask.id, sort_by: 'offer_price' }, buyerA.negotiator.token)).body
        .data,
    );
    expect(byPrice.records.map((r) => r.offer_price)).toEqual(['55.00', '57.00', '58.00']);
  });

  it('shows a seller the asks, highest price first, and refuses another company’s listing', async () => {
    const res = await h.call('getAllPossibleOffer', { offer_id: offers[0]!.id }, sellerA.negotiator.token);
    const page = possibleListResultSchema.parse(res.body.data);
    expect(page.records.map((r) => r.side)).toEqual(['Ask', 'Ask']);
    await refused(() => h.call('getAllPossibleOffer', { offer_id: ask.id }, sellerA.negotiator.token), 404);
  });

  it('orders counterparties by landed price or price both ways, for either side, and counts past the end', async () => {
    type Page = { records: { id: number; landed_price: string; offer_price: string }[]; totalRecords: number };
    const call = async (token: string, body: Record<string, unknown>) =>
      possibleListResultSchema.parse((await h.call('getAllPossibleOffer', body, token)).body.data) as Page;
    const ordered = (page: Page, by: 'landed_price' | 'offer_price', order: 'asc' | 'desc') =>
      [...page.records]
        .sort((a, b) => (order === 'desc' ? -1 : 1) * (Number(a[by]) - Number(b[by])) || a.id - b.id)
        .map((r) => r.id);
    // A buyer's: three offers; the default order is the lowest landed price first.
    const buyer = buyerA.negotiator.token!;
    const cheapestLanded = await call(buyer, { offer_id: ask.id });
    expect(cheapestLanded.records.map((r) => r.id)).toEqual(ordered(cheapestLanded, 'landed_price', 'asc'));
    // An ask of another buyer, cheaper than buyerA's but dearer delivered, makes a seller's landed order differ.
    await seedAsk(h, buyerB, { product: 'Grain ENA', offer_price: '59', transportation: '9' });
    const seller = sellerA.negotiator.token!;
    const highestPrice = await call(seller, { offer_id: offers[0]!.id });
    expect(highestPrice.records.map((r) => r.offer_price)).toEqual(['60.00', '60.00', '59.00']);
    for (const [token, offer_id] of [
      [buyer, ask.id],
      [seller, offers[0]!.id],
    ] as const) {
      for (const sort_by of ['landed_price', 'offer_price'] as const) {
        for (const sort_order of ['asc', 'desc'] as const) {
          const page = await call(token, { offer_id, sort_by, sort_order });
          expect(page.totalRecords).toBe(3);
          expect(
            page.records.map((r) => r.id),
            `${sort_by} ${sort_order}`,
          ).toEqual(ordered(page, sort_by, sort_order));
        }
      }
      // A page past the end is counted apart.
      expect(await call(token, { offer_id, page: 2, page_size: 5 })).toEqual({ records: [], totalRecords: 3 });
    }
    // The seller's landed order is not its price order: the new ask is the cheapest but dearest delivered.
    const landedAsc = await call(seller, { offer_id: offers[0]!.id, sort_by: 'landed_price' });
    const priceAsc = await call(seller, { offer_id: offers[0]!.id, sort_by: 'offer_price' });
    expect(landedAsc.records.map((r) => r.id)).not.toEqual(priceAsc.records.map((r) => r.id));
  });

  it('the market lists other companies’ offers to a buyer, names masked, filtered by product and state', async () => {
    const all = inventoryListResultSchema.parse((await h.call('getAllInventory', {}, buyerA.approver.token)).body.data);
    expect(all.records.every((r) => r.side === 'Offer' && /^\*{4}.{0,2}$/.test(r.company.name))).toBe(true);
    const name = String(sellerB.company.body.name);
    expect(all.records.some((r) => r.company.name === `****${name.slice(-2)}`)).toBe(true);
    const grain = inventoryListResultSchema.parse(
      (
        await h.call(
          'getAllInventory',
          { type_of_spirits: ['Grain ENA'], state_names: ['Maharashtra'] },
          buyerA.negotiator.token,
        )
      ).body.data,
    );
    expect(grain.records.length).toBeGreaterThan(0);
    expect(grain.records.every((r) => r.type_of_spirit === 'Grain ENA' && r.state === 'Maharashtra')).toBe(true);
    const none = await h.call<{ totalRecords: number }>(
      'getAllInventory',
      { state_names: ['Goa'] },
      buyerA.negotiator.token,
    );
    expect(none.body.data.totalRecords).toBe(0);
    const searched = await h.call<{ records: { type_of_spirit: string }[] }>(
      'getAllInventory',
      { item_search: 'molasses' },
      buyerA.negotiator.token,
    );
    expect(searched.body.data.records.every((r) => r.type_of_spirit === 'Molasses ENA')).toBe(true);
  });

  it('the market pages under every filter, keeps its total for seconds and counts a page past its end', async () => {
    type Page = { records: { id: number; type_of_spirit: string; state: string }[]; totalRecords: number };
    const call = async (body: Record<string, unknown>) =>
      inventoryListResultSchema.parse(
        (await h.call('getAllInventory', body, buyerB.negotiator.token)).body.data,
      ) as Page;
    const idsOf = (page: Page) => page.records.map((r) => r.id);
    const filters: Record<string, unknown>[] = [
      {},
      { type_of_spirits: ['Grain ENA', 'Molasses ENA'] },
      { state_names: ['Maharashtra', 'Karnataka'] },
      { item_search: 'ena' },
      { type_of_spirits: ['Molasses ENA'], state_names: ['Maharashtra', 'Karnataka'], item_search: 'maha' },
    ];
    for (const filter of filters) {
      const all = await call({ ...filter, page_size: 30 });
      expect(all.totalRecords, JSON.stringify(filter)).toBeGreaterThan(5);
      expect(all.totalRecords).toBe(all.records.length);
      // The first page counts; the next calls within seconds take the kept total and run the page alone.
      const first = await call({ ...filter, page_size: 5 });
      expect(first).toEqual({ records: all.records.slice(0, 5), totalRecords: all.totalRecords });
      const second = await call({ ...filter, page: 2, page_size: 5 });
      expect(second).toEqual({ records: all.records.slice(5, 10), totalRecords: all.totalRecords });
      expect(idsOf(await call({ ...filter, page_size: 5 }))).toEqual(idsOf(first));
    }
    expect(
      (await call(filters[4]!)).records.every((r) => r.type_of_spirit === 'Molasses ENA' && r.state === 'Maharashtra'),
    ).toBe(true);
    // A filter by product or state is planned once (walked newest first) or with its values, as the open listings'
    // counts say (listings.market-plan.ts): both plans answer the same page.
    const { listMarket } = await import('./listings.market.repository.js');
    for (const filter of filters.slice(1, 3)) {
      const opts = { side: 'Offer' as const, exceptCompanyId: buyerB.company.id, period: periodAhead(0) };
      const q = { page: 1, page_size: 5, sort_order: 'desc' as const, ...filter };
      const walked = await listMarket(h.db, { ...opts, q, walks: true }, true);
      const planned = await listMarket(h.db, { ...opts, q, walks: false }, true);
      expect(walked.length, JSON.stringify(filter)).toBe(5);
      expect(walked).toEqual(planned);
      expect(walked.map((r) => r.id)).toEqual(idsOf(await call({ ...filter, page_size: 5 })));
    }
    // A page past the end of a list whose total is not kept: the market is counted apart, under each filter.
    for (const filter of filters) {
      const kept = await call({ ...filter, page_size: 30 });
      h.deps.marketCache.drop();
      expect(await call({ ...filter, page: 9, page_size: 30 }), JSON.stringify(filter)).toEqual({
        records: [],
        totalRecords: kept.totalRecords,
      });
    }
  });

  it('opens an item of the market masked, its own listing in full, and nothing else', async () => {
    const item = inventoryDetailSchema.parse(
      (await h.call('getInventorybyId', { id: offers[1]!.id, buyer_company_id: 1 }, buyerA.negotiator.token)).body.data,
    );
    expect(item).toMatchObject({ is_own: false, can_edit: false, export_pass_fee: '0.50', orders: [] });
    expect(item.company.name.startsWith('****')).toBe(true);
    const own = inventoryDetailSchema.parse(
      (await h.call('getInventorybyId', { id: offers[0]!.id }, sellerA.negotiator.token)).body.data,
    );
    expect(own).toMatchObject({ is_own: true, can_edit: true, company: { name: String(sellerA.company.body.name) } });
    // A competitor's offer is not the seller's market.
    await refused(() => h.call('getInventorybyId', { id: offers[1]!.id }, sellerA.negotiator.token), 404);
    await refused(() => h.call('getInventorybyId', { id: 999_999 }, buyerA.negotiator.token), 404);
  });

  it('getMarketStats gives the counterparty side’s figures of a product', async () => {
    const res = await h.call<Record<string, string | null>>(
      'getMarketStats',
      { product: 'Grain ENA' },
      buyerA.negotiator.token,
    );
    expect(res.body.data).toMatchObject({ avg_bid_price: null, last_bid_price: null });
    expect(res.body.data.last_offer_price).not.toBeNull();
    expect(Number(res.body.data.avg_offer_price)).toBeGreaterThan(55);
  });
});

describe('hot queries are served by their indexes', () => {
  it('explains each list against a table of thousands of listings', async () => {
    const base = listingBody(sellerA);
    const rows = Array.from({ length: 3000 }, (_, i) => ({
      side: (i % 2 ? 'Offer' : 'Ask') as 'Offer' | 'Ask',
      company_id: i % 3 ? sellerB.company.id : buyerB.company.id,
      distillery_id: sellerB.distilleries[0]!.id,
      state: ['Maharashtra', 'Karnataka', 'Goa', 'Punjab'][i % 4]!,
      product: ['Molasses ENA', 'Grain ENA', 'Malt Spirit'][i % 3]!,
      from_period: base.from_period,
      to_period: base.to_period,
      original_quantity: '100.0',
      available_quantity: '100.0',
      price: '50.00',
    }));
    await h.db.insert(listings).values(rows);
    await h.db.execute(sql`analyze`);
    const { ownCountQuery, ownListingQuery, listingQuery, listingStatsQuery } =
      await import('./listings.repository.js');
    const { marketQuery } = await import('./listings.market.repository.js');
    const { ownKeysQuery, ownRowsQuery } = await import('./listings.kept.repository.js');
    const { possibleQuery } = await import('./listings.possible.repository.js');
    const page = { limit: 10, offset: 0 };
    const mine = (
      await h.db
        .select()
        .from(listings)
        .where(sql`${listings.company_id} = ${buyerB.company.id} and ${listings.side} = 'Ask'`)
        .limit(1)
    )[0]!;
    const period = periodAhead(0);
    const market = { side: 'Offer', company: buyerA.company.id, period, ...page };
    const noFilter = { products: false, states: false, search: false, walks: false, total: true };
    const possible = {
      side: 'Offer',
      product: mine.product,
      from_period: mine.from_period > period ? mine.from_period : period,
      to_period: mine.to_period,
      company: mine.company_id,
      period,
      mine_id: mine.id,
      ...page,
    };
    // Each expected index is a pattern: two indexes serve open listings of a side and product equally well.
    // Each statement's plan is read from its own text (test/plans.ts) as a first execution makes it (with the
    // values) and, for the shapes the server runs generically (db/statements.ts), as it runs them.
    type Query = Parameters<typeof planOf>[1];
    type Filled = { query: Query; values: Record<string, unknown>; generic: boolean };
    const filled = (query: Query, values: Record<string, unknown>, generic = true): Filled => ({
      query,
      values,
      generic,
    });
    const cases: [string, Filled | SQL, string[]][] = [
      [
        // (Each row's open-bid count needs bids to plan against: bids.indexes.test.ts.)
        'getAllOffers',
        filled(ownKeysQuery(h.db, { search: false, sort: 'changed', order: 'desc' }), {
          company: sellerB.company.id,
          side: 'Offer',
          now: new Date().toISOString(),
          user: sellerB.negotiator.id,
          ...page,
        }),
        ['listings_company_side_idx'],
      ],
      [
        'My Orders (asks)',
        filled(ownKeysQuery(h.db, { search: false, sort: 'changed', order: 'desc' }), {
          company: buyerB.company.id,
          side: 'Ask',
          now: new Date().toISOString(),
          user: buyerB.negotiator.id,
          ...page,
        }),
        ['listings_company_side_idx'],
      ],
      [
        // The search covers the distillery's name: the company's own distilleries, by their index, found once; the
        // page walks the company's listings in their order with no distillery joined to filter them.
        'getAllOffers searched',
        filled(ownKeysQuery(h.db, { search: true, sort: 'changed', order: 'desc' }), {
          company: sellerB.company.id,
          side: 'Offer',
          pattern: searchPattern('goa'),
          now: new Date().toISOString(),
          user: sellerB.negotiator.id,
          ...page,
        }),
        ['distilleries_company'],
      ],
      [
        'getAllOffers, its rows by key',
        filled(ownRowsQuery(h.db), {
          ids: [mine.id],
          now: new Date().toISOString(),
          user: sellerB.negotiator.id,
        }),
        ['listings_pkey'],
      ],
      // One listing by its key, generic as the server runs them (issue 24): the item page's, and the caller's own.
      [
        'getInventorybyId',
        filled(listingQuery(h.db), { id: mine.id, period, company: buyerA.company.id }),
        ['listings_pkey'],
      ],
      [
        'one of the company’s listings',
        filled(ownListingQuery(h.db, { lock: false }), { id: mine.id, company: mine.company_id }),
        ['listings_pkey'],
      ],
      [
        'getAllPossibleOffer',
        filled(possibleQuery(h.db, { mine: 'Ask', sort: 'offer_price', order: 'asc', total: true }), possible),
        ['listings_open_product(_recent)?_idx'],
      ],
      ['getAllInventory', filled(marketQuery(h.db, noFilter), market), ['listings_open_(recent|state)_idx']],
      [
        'getAllInventory by state',
        filled(marketQuery(h.db, { ...noFilter, states: true }), { ...market, states: ['Goa'] }, false),
        ['listings_open_state_idx'],
      ],
      [
        'getAllInventory by product',
        filled(marketQuery(h.db, { ...noFilter, products: true }), { ...market, products: ['Malt Spirit'] }, false),
        ['listings_open_product(_recent)?_idx'],
      ],
      [
        // A filter the open listings' counts say matches a fair share of the market: planned once, walked newest first.
        'getAllInventory by product and state, walked',
        filled(marketQuery(h.db, { ...noFilter, products: true, states: true, walks: true }), {
          ...market,
          products: ['Grain ENA', 'Molasses ENA'],
          states: ['Maharashtra', 'Karnataka'],
        }),
        ['listings_open_recent_idx'],
      ],
      // The search's expressions have trigram indexes (the planner may still prefer walking the newest-first index
      // when a term matches much of the market, as 'malt' does here).
      [
        'getAllInventory search',
        h.db
          .select({ id: listings.id })
          .from(listings)
          .where(searchAny('malt', [listings.product, listings.state]))
          .getSQL(),
        ['listings_product_trgm_idx', 'listings_state_trgm_idx'],
      ],
      [
        'market statistics',
        filled(listingStatsQuery(h.db), {
          side: 'Offer',
          product: 'Grain ENA',
          since: new Date(Date.now() - 30 * 86_400_000).toISOString(),
          period,
        }),
        ['listings_open_product(_recent)?_idx'],
      ],
    ];
    for (const [name, statement, indexes] of cases) {
      const plans =
        'values' in statement
          ? await Promise.all(
              (statement.generic
                ? (['force_custom_plan', 'force_generic_plan'] as const)
                : (['force_custom_plan'] as const)
              ).map(async (mode) => ({
                mode,
                text: await planOf(h.db, statement.query, statement.values, mode),
              })),
            )
          : [{ mode: 'with its values', text: await explainWithValues(h.db, statement) }];
      for (const { mode, text } of plans) {
        for (const index of indexes) expect(text, `${name} (${mode})\n${text}`).toMatch(new RegExp(index));
        expect(text, `${name} (${mode})\n${text}`).not.toMatch(/Seq Scan on (listings|distilleries)/);
      }
    }
    // A market page and the item page read each listing's company once, for its name and whether it is Approved (a
    // semi-join for the check and a subquery for the name were two probes of it a row).
    const marketPage = await planOf(
      h.db,
      marketQuery(h.db, { ...noFilter, total: false }),
      market,
      'force_generic_plan',
    );
    expect(marketPage.match(/ on companies\b/g), marketPage).toHaveLength(1);
    const item = await planOf(
      h.db,
      listingQuery(h.db),
      { id: mine.id, period, company: buyerA.company.id },
      'force_generic_plan',
    );
    expect(item.match(/ on companies\b/g), item).toHaveLength(1);
    // Unsearched, getAllOffers counts the company's listings of the side from their index, apart from the page: as a
    // window over the page's join it probed the distillery of every listing the company has, not just the page's.
    const own = cases[0]![1] as Filled;
    const ownPlan = await planOf(h.db, own.query, own.values, 'force_generic_plan');
    expect(ownPlan, ownPlan).not.toMatch(/WindowAgg/);
    // Nor a distillery a row: their names come from the names memo (companies/company-names.ts).
    expect(ownPlan, ownPlan).not.toMatch(/ on distilleries\b/);
    // (Index-only once vacuumed, as the bench's market is; a bitmap of the same index on this fresh table.)
    expect(ownPlan, ownPlan).toMatch(
      /InitPlan[\s\S]*(Index Only Scan using|Bitmap Index Scan on) listings_company_side_idx/,
    );
    // Searched, the page counts its matches apart too, to at most OWN_SEARCH_COUNT_CAP, with no distillery joined.
    const ownSearched = cases[2]![1] as Filled;
    const searchedPlan = await planOf(h.db, ownSearched.query, ownSearched.values, 'force_generic_plan');
    expect(searchedPlan, searchedPlan).not.toMatch(/WindowAgg/);
    // The company's listings are filtered as their index walks them: the market's trigram indexes are not for them.
    expect(searchedPlan, searchedPlan).not.toMatch(/trgm/);
    expect(searchedPlan, searchedPlan).toMatch(/InitPlan[\s\S]*Aggregate[\s\S]*Limit[\s\S]*listings_company_side_idx/);
    // The dashboard's My Orders card counts them the same way: no distillery read for each (a foreign key says it
    // exists); a searched count finds the company's distilleries whose names match once, by their index.
    const counted = await planOf(
      h.db,
      ownCountQuery(h.db, { search: false }),
      { company: sellerB.company.id, side: 'Offer' },
      'force_generic_plan',
    );
    expect(counted, counted).toMatch(/(Index Only Scan using|Bitmap Index Scan on) listings_company_side_idx/);
    expect(counted, counted).not.toMatch(/distilleries/);
    const searched = await planOf(
      h.db,
      ownCountQuery(h.db, { search: true }),
      { company: sellerB.company.id, side: 'Offer', pattern: searchPattern('goa') },
      'force_generic_plan',
    );
    expect(searched, searched).toMatch(/distilleries_company/);
    expect(searched, searched).not.toMatch(/Join|Nested Loop/);
  }, 60_000);
});

describe('a product’s counterparties at market size', () => {
  it('a page walks the open listings in its order, by price or an offer’s landed price, as the server plans it', async () => {
    // 20,000 open offers of one product from two sellers, at a spread of prices and fees (the bench's market has
    // about 4,000 a product from hundreds of companies; a few hundred, as above, are rightly sorted whole).
    const base = listingBody(sellerA);
    await h.db.execute(sql`insert into listings (side, company_id, distillery_id, state, product, from_period,
        to_period, original_quantity, available_quantity, price, sales_tax, export_pass_fee)
      select 'Offer', s.company_id, s.distillery_id, 'Goa', 'Rum Spirit', ${base.from_period}, ${base.to_period}, 100,
        100, 40 + (i % 997) / 10.0, (i % 7) * 2, (i % 13)
      from generate_series(1, 20000) i
        join (values (0, ${sellerA.company.id}::int, ${sellerA.distilleries[0]!.id}::int),
          (1, ${sellerB.company.id}::int, ${sellerB.distilleries[0]!.id}::int)) s(k, company_id, distillery_id)
          on s.k = i % 2`);
    // The buyer's ask whose counterparties these are: the page's statement reads it (its product, periods, fees).
    const [ask] = (
      (await h.db.execute(sql`insert into listings (side, company_id, distillery_id, state, product,
          from_period, to_period, original_quantity, available_quantity, price)
        values ('Ask', ${buyerA.company.id}, ${buyerA.distilleries[0]!.id}, 'Goa', 'Rum Spirit', ${base.from_period},
          ${base.to_period}, 100, 100, 45) returning id`)) as unknown as { rows: { id: number }[] }
    ).rows;
    await h.db.execute(sql`analyze listings`);
    const { possibleQuery } = await import('./listings.possible.repository.js');
    const period = periodAhead(0);
    const values = {
      side: 'Offer',
      product: 'Rum Spirit',
      from_period: base.from_period > period ? base.from_period : period,
      to_period: base.to_period,
      company: buyerA.company.id,
      period,
      mine_id: ask!.id,
      limit: 10,
      offset: 0,
    };
    for (const [sort, index] of [
      ['offer_price', 'listings_open_product_price_idx'],
      ['default', 'listings_open_product_landed_idx'],
    ] as const) {
      const query = possibleQuery(h.db, { mine: 'Ask', sort, order: 'asc', total: false });
      const text = await planOf(h.db, query, values, 'force_generic_plan');
      expect(text, text).toMatch(new RegExp(`Index Scan using ${index}`));
      // Not every open listing of the product read and sorted for ten.
      expect(text, text).not.toMatch(/top-N heapsort|Bitmap Heap Scan on listings/);
    }
    // The seller's own offers (10,000 of them) searched for their product: its listings walked newest first and
    // filtered, the market's trigram indexes unused, nothing sorted (getAllOffers, issue 24).
    const { ownKeysQuery } = await import('./listings.kept.repository.js');
    const own = ownKeysQuery(h.db, { search: true, sort: 'changed', order: 'desc' });
    const ownValues = {
      company: sellerA.company.id,
      side: 'Offer',
      pattern: searchPattern('rum'),
      now: new Date().toISOString(),
      user: sellerA.negotiator.id,
      limit: 10,
      offset: 0,
    };
    const text = await planOf(h.db, own, ownValues, 'force_generic_plan');
    expect(text, text).toMatch(/Limit[\s\S]*Index Scan using listings_company_side_idx on listings\b/);
    expect(text, text).not.toMatch(/trgm|top-N heapsort|WindowAgg/);
  }, 60_000);
});
