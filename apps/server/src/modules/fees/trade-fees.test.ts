// The service fee per trade through the API: the /mycommission list (search, paging, sort), the detail, fee privacy
// (a company sees its own side only; the SuperAdmin both), and the SuperAdmin's correction with its refusals, each
// of which leaves every table as it was.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableDigest } from '../../test/db-digest.js';
import { feeCorrection, seedRates } from '../../test/fee-fixtures.js';
import { auditEntries, expectError, seedSuperAdmin } from '../../test/fixtures.js';
import { seedAsk, seedTrader } from '../../test/team-fixtures.js';
import { seedApprovedTrade, seedMarket, seedOpenBid, type Market } from '../../test/bid-fixtures.js';
import { createHarness, type Harness } from '../../test/harness.js';

type Page = { records: Record<string, unknown>[]; totalRecords: number };

let h: Harness;
let superToken: string;
let m: Market;
const trades: { id: number; trade_reference_number: string | null; quantity: string }[] = [];

beforeAll(async () => {
  h = await createHarness();
  superToken = await seedSuperAdmin(h);
  await seedRates(h, superToken, {
    buyer: { commission_amount: '1.50', state_gst: '9', central_gst: '9' },
    seller: { commission_amount: '0.33', state_gst: '2.5', central_gst: '2.5' },
  });
  m = await seedMarket(h, { superToken });
  for (const quantity of ['1000', '0.5', '2500']) {
    const bid = await seedApprovedTrade(h, { ...m, ask: await seedAsk(h, m.buyer) }, { quantity });
    trades.push({ ...bid, quantity });
  }
  // An open bid is not a trade: it never shows.
  await seedOpenBid(h, { ...m, ask: await seedAsk(h, m.buyer) });
}, 240_000);
afterAll(async () => h.close());

const list = (token: string | null, body: Record<string, unknown> = {}) =>
  h.call<Page>('getAllBidCommission', body, token);

describe('getAllBidCommission (/mycommission)', () => {
  it('lists a buyer’s trades, newest first, with the buyer’s distillery and total only', async () => {
    const res = await list(m.buyer.negotiator.token);
    expect(res.statusCode).toBe(200);
    expect(res.body.data.totalRecords).toBe(3);
    expect(res.body.data.records.map((r) => r.id)).toEqual(trades.map((t) => t.id).reverse());
    const first = res.body.data.records[2]!;
    expect(first).toMatchObject({
      trade_reference_number: trades[0]!.trade_reference_number,
      quantity: '1000.0',
      viewer_side: 'buyer',
      buyer_distillery_name: m.buyer.distilleries[0]!.name,
      buyer_total: '1770.00',
      buyer_invoice: { id: expect.any(Number), number: expect.stringMatching(/^SX\//) },
    });
    expect(Object.keys(first).filter((k) => k.startsWith('seller_'))).toEqual([]);
  });

  it('gives the seller its own side, rounded to the paisa', async () => {
    const res = await list(m.seller.company.token, { sort_by: 'quantity', sort_order: 'asc' });
    expect(res.body.data.records.map((r) => [r.quantity, r.seller_total])).toEqual([
      ['0.5', '0.17'], // 0.5 × 0.33 = 0.165 → 0.17; 2.5 % of it is under half a paisa
      ['1000.0', '346.50'],
      ['2500.0', '866.26'], // 825 + 20.625 → 20.63 twice
    ]);
    expect(res.body.data.records.every((r) => !('buyer_total' in r) && !('buyer_distillery_name' in r))).toBe(true);
  });

  it('gives the SuperAdmin every trade with both sides', async () => {
    const res = await list(superToken, { item_search: trades[1]!.trade_reference_number! });
    expect(res.body.data.records).toEqual([
      expect.objectContaining({
        id: trades[1]!.id,
        viewer_side: null,
        buyer_total: '0.89',
        seller_total: '0.17',
        buyer_distillery_name: expect.stringMatching(/\S/),
        seller_distillery_name: expect.stringMatching(/\S/),
      }),
    ]);
  });

  it('searches, pages and sorts on the server', async () => {
    const search = await list(m.buyer.company.token, { item_search: m.buyer.distilleries[0]!.name });
    expect(search.body.data.totalRecords).toBe(3);
    const none = await list(m.buyer.company.token, { item_search: m.seller.distilleries[0]!.name });
    expect(none.body.data).toEqual({ records: [], totalRecords: 0 });
    const page2 = await list(m.buyer.company.token, { page: 2, page_size: 5 });
    expect(page2.body.data).toEqual({ records: [], totalRecords: 3 });
    const byPrice = await list(superToken, { sort_by: 'product', sort_order: 'desc', page_size: 5 });
    expect(byPrice.body.data.records).toHaveLength(3);
    expectError(await list(superToken, { sort_by: 'buyer_total' }), 400);
  });

  it('shows another company nothing', async () => {
    const outsider = await seedTrader(h, { superToken, type: 'Buyer' });
    expect((await list(outsider.company.token)).body.data).toEqual({ records: [], totalRecords: 0 });
  });
});

describe('getBidCommissionById (/editmycommission/{id})', () => {
  it('shows both parties and the caller’s own fee only', async () => {
    const res = await h.call<Record<string, unknown>>(
      'getBidCommissionById',
      { id: trades[0]!.id },
      m.seller.negotiator.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toMatchObject({
      buyer_company_name: m.buyer.company.body.name,
      seller_company_name: m.seller.company.body.name,
      from_distillery_name: m.seller.distilleries[0]!.name,
      to_distillery_name: m.buyer.distilleries[0]!.name,
      seller_commission_amount: '0.33',
      seller_fee: { base: '330.00', state_gst: '8.25', central_gst: '8.25', total: '346.50' },
    });
    const keys = Object.keys(res.body.data);
    for (const hidden of ['buyer_commission_amount', 'buyer_state_gst', 'buyer_central_gst', 'buyer_fee'])
      expect(keys).not.toContain(hidden);
    const sides = (res.body.data.invoices as { side: string }[]).map((i) => i.side);
    expect(sides).toEqual(['seller']);
  });

  it('shows the SuperAdmin both sides and both invoices', async () => {
    const res = await h.call<Record<string, unknown>>('getBidCommissionById', { id: trades[0]!.id }, superToken);
    expect(res.body.data).toMatchObject({ buyer_fee: { total: '1770.00' }, seller_fee: { total: '346.50' } });
    expect((res.body.data.invoices as unknown[]).length).toBe(2);
  });

  it('answers another company’s trade, an open bid and an unknown id as not found', async () => {
    const outsider = await seedTrader(h, { superToken, type: 'Seller' });
    const open = await seedOpenBid(h, { ...m, ask: await seedAsk(h, m.buyer) });
    for (const [id, token] of [
      [trades[0]!.id, outsider.company.token],
      [open.id, m.buyer.company.token],
      [999_999, superToken],
    ] as const)
      expectError(await h.call('getBidCommissionById', { id }, token), 404, { code: 'trade.not_found' });
  });
});

describe('updateBidCommission: the SuperAdmin’s correction', () => {
  const body = (over: Record<string, unknown> = {}) => feeCorrection(trades[2]!.id, over);

  it('refuses anyone else and bad rates, changing nothing', async () => {
    const before = await tableDigest(h);
    for (const token of [m.buyer.company.token, m.seller.approver.token])
      expectError(await h.call('updateBidCommission', body(), token), 403);
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ buyer_commission_amount: -1 }, 'buyer_commission_amount', 'Must not be negative'],
      [{ seller_commission_amount: '-0.50' }, 'seller_commission_amount', 'Must be a number with at most 2 decimals'],
      [{ seller_commission_amount: '1.234' }, 'seller_commission_amount', 'Must be a number with at most 2 decimals'],
      [{ buyer_state_gst: 100.5 }, 'buyer_state_gst', 'Must be at most 100'],
      [
        { seller_central_gst: '60', seller_state_gst: '41' },
        'seller_state_gst',
        'Central and state GST together must not exceed 100 %',
      ],
      [{ buyer_central_gst: '' }, 'buyer_central_gst', '*required'],
    ];
    for (const [over, field, message] of refusals) {
      const res = await h.call('updateBidCommission', body(over), superToken);
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.body.fields?.[field], JSON.stringify(res.body)).toBe(message);
    }
    expect(await tableDigest(h)).toEqual(before);
  });

  it('writes the six rates, audits before and after, and re-invoices only the changed side', async () => {
    const res = await h.call<Record<string, unknown>>('updateBidCommission', body(), superToken);
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Commission updated successfully');
    expect(res.body.data).toMatchObject({ buyer_commission_amount: '1.40', buyer_fee: { total: '4130.00' } });
    const [entry] = await auditEntries(h, 'bid.fees_corrected', trades[2]!.id);
    expect(entry!.before).toMatchObject({ buyer_commission_amount: '1.50', seller_commission_amount: '0.33' });
    expect(entry!.after).toMatchObject({ buyer_commission_amount: '1.40', seller_commission_amount: '0.33' });
    const invoices = res.body.data.invoices as { side: string; kind: string; cancelled: boolean }[];
    expect(invoices.map((i) => [i.side, i.kind, i.cancelled])).toEqual([
      ['buyer', 'invoice', true],
      ['seller', 'invoice', false],
      ['buyer', 'credit_note', false],
      ['buyer', 'invoice', false],
    ]);
    const listed = await list(m.buyer.company.token, { item_search: trades[2]!.trade_reference_number! });
    // The list links the new invoice, not the credited one.
    const reissued = (res.body.data.invoices as { id: number; number: string }[])[3]!;
    expect(listed.body.data.records[0]).toMatchObject({
      buyer_total: '4130.00',
      buyer_invoice: { id: reissued.id, number: reissued.number },
    });
  });

  it('the same rates again change nothing', async () => {
    const before = await tableDigest(h);
    const res = await h.call('updateBidCommission', body(), superToken);
    expect(res.statusCode).toBe(200);
    expect(await tableDigest(h)).toEqual(before);
  });
});

// The rows come from records kept as JSON (lib/record-memo.ts): a kept page reads as a fresh one, and a renamed
// distillery or a corrected trade shows at once.
describe('My Service Fee from kept records', () => {
  const raw = async (token: string | null) => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/getAllBidCommission',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload: '{}',
    });
    expect(res.statusCode, res.payload).toBe(200);
    return res.payload;
  };

  it('answers a kept page as a fresh one in one statement, and shows renames and corrections at once', async () => {
    const views = [m.buyer.negotiator.token, m.seller.company.token, superToken];
    const fresh = [];
    for (const token of views) fresh.push(await raw(token));
    for (const [i, token] of views.entries()) expect(await raw(token)).toBe(fresh[i]);
    const before = h.deps.database.queries.count;
    await raw(superToken);
    expect(h.deps.database.queries.count - before).toBe(1);

    const distillery = m.buyer.distilleries[0]!;
    await h.db.execute(sql`update distilleries set name = ${`${distillery.name} Renamed`} where id = ${distillery.id}`);
    try {
      const records = JSON.parse(await raw(m.buyer.negotiator.token)).data.records as Record<string, unknown>[];
      expect(new Set(records.map((r) => r.buyer_distillery_name))).toEqual(new Set([`${distillery.name} Renamed`]));
    } finally {
      await h.db.execute(sql`update distilleries set name = ${distillery.name} where id = ${distillery.id}`);
    }

    const id = trades[1]!.id;
    const total = async () =>
      (JSON.parse(await raw(superToken)).data.records as Record<string, unknown>[]).find((r) => r.id === id)!;
    const was = await total();
    const res = await h.call('updateBidCommission', feeCorrection(id, { buyer_commission_amount: '3.00' }), superToken);
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    const now = await total();
    expect(now.buyer_total).not.toBe(was.buyer_total);
    expect(now.buyer_invoice).not.toEqual(was.buyer_invoice);
  });
});
