// The trades' daily summary (migration 0024, trade-days.table.ts) against the trades it sums: approved through the
// API, then inserted, moved to other days, changed and deleted by SQL as an import or a correction would. After each
// step every (IST day, product, state, confidentiality) row equals what the test sums itself from the approved bids
// it reads back — with the domain's fee arithmetic (feeTotal), not the trigger's SQL.
import { feeTotal, toMinor } from '@spirit/domain/fees/fees.rules';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedRates } from '../../test/fee-fixtures.js';
import { seedSuperAdmin } from '../../test/fixtures.js';
import { seedOffer } from '../../test/team-fixtures.js';
import { seedApprovedTrade, seedMarket, type Market } from '../../test/bid-fixtures.js';
import { createHarness, type Harness } from '../../test/harness.js';

let h: Harness;
let m: Market;
const IST_MS = 330 * 60_000;

type Trade = Record<string, string | boolean | Date | null>;

const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  ((await h.db.execute(query)) as unknown as { rows: T[] }).rows;

/** A side's fee in paise as the dashboard shows it: NA (a part missing) counts as nothing. */
function fee(t: Trade, side: 'buyer' | 'seller'): bigint {
  const [commission_amount, state_gst, central_gst] = (['commission_amount', 'state_gst', 'central_gst'] as const).map(
    (f) => t[`${side}_${f}`] as string | null,
  );
  if (commission_amount == null || state_gst == null || central_gst == null) return 0n;
  return toMinor(feeTotal(String(t.quantity), { commission_amount, state_gst, central_gst }).total, 2);
}

/** What the summary should hold, summed here from the approved bids read back. */
async function expected() {
  const trades = await rowsOf<Trade>(sql`select b.*, o.state as offer_state from bids b
    join listings o on o.id = b.offer_id where b.status = 'Approved' and b.approved_at is not null`);
  const sums = new Map<string, { trades: number; volume: bigint; value: bigint; buyer: bigint; seller: bigint }>();
  for (const t of trades) {
    const day = new Date(new Date(t.approved_at as string | Date).getTime() + IST_MS).toISOString().slice(0, 10);
    const key = [day, t.product, t.offer_state, t.is_confidential].join('|');
    const s = sums.get(key) ?? { trades: 0, volume: 0n, value: 0n, buyer: 0n, seller: 0n };
    const q = toMinor(String(t.quantity), 1);
    sums.set(key, {
      trades: s.trades + 1,
      volume: s.volume + q,
      value: s.value + q * toMinor(String(t.price), 2),
      buyer: s.buyer + fee(t, 'buyer'),
      seller: s.seller + fee(t, 'seller'),
    });
  }
  return [...sums].map(([key, s]) => ({ key, ...s })).sort((a, b) => a.key.localeCompare(b.key));
}

async function kept() {
  const rows = await rowsOf<Record<string, string | number | boolean>>(sql`select to_char(day, 'YYYY-MM-DD') as day,
    product, state, is_confidential, trades, volume::text, value::text, buyer_commission::text,
    seller_commission::text from trade_days where trades <> 0 or volume <> 0 or value <> 0
      or buyer_commission <> 0 or seller_commission <> 0`);
  return rows
    .map((r) => ({
      key: [r.day, r.product, r.state, r.is_confidential].join('|'),
      trades: Number(r.trades),
      volume: toMinor(String(r.volume), 1),
      value: toMinor(String(r.value), 3),
      buyer: toMinor(String(r.buyer_commission), 2),
      seller: toMinor(String(r.seller_commission), 2),
    }))
    .sort((a, b) => a.key.localeCompare(b.key));
}

beforeAll(async () => {
  h = await createHarness();
  const superToken = await seedSuperAdmin(h);
  await seedRates(h, superToken, {
    buyer: { commission_amount: '0.25', state_gst: '9', central_gst: '9' },
    seller: { commission_amount: '0.40', state_gst: '6', central_gst: '6' },
  });
  m = await seedMarket(h, { superToken });
  for (const quantity of ['1500.5', '733.3'])
    await seedApprovedTrade(
      h,
      { ...m, offer: await seedOffer(h, m.seller), ask: await seedOffer(h, m.buyer) },
      { quantity },
    );
}, 240_000);
afterAll(async () => h?.close());

describe('the trades’ daily summary', () => {
  it('holds the trades approved through the API, with their fees', async () => {
    const rows = await expected();
    expect(rows.reduce((n, r) => n + r.trades, 0)).toBe(2);
    expect(rows.some((r) => r.buyer > 0n && r.seller > 0n)).toBe(true);
    expect(await kept()).toEqual(rows);
  });

  it('follows trades inserted, moved to other days, changed, closed and deleted', async () => {
    // 200 trades over 40 days on the market's pair, some confidential, a third without fees (NA).
    await h.db.execute(sql`insert into bids (offer_id, ask_id, seller_company_id, buyer_company_id, product,
        placed_by, quantity, price, valid_until, status, locked, is_negotiator_buyer_approved, is_confidential,
        trade_reference, approved_at, buyer_commission_amount, buyer_state_gst, buyer_central_gst,
        seller_commission_amount, seller_state_gst, seller_central_gst, created_at, updated_at)
      select ${m.offer.id}, ${m.ask.id}, ${m.seller.company.id}, ${m.buyer.company.id}, l.product, 'Buyer',
        10.5 + i % 7, 50.25 + i % 5, now() - interval '1 hour', 'Approved', true, true, i % 9 = 0,
        'TR-2025-' || lpad(i::text, 6, '0'), now() - (i * 4.7 || ' hours')::interval,
        case when i % 3 > 0 then 0.33 end, case when i % 3 > 0 then 9 end, case when i % 3 > 0 then 9 end,
        0.45, 6, case when i % 5 > 0 then 6 end,
        now() - (i * 4.7 + 1 || ' hours')::interval, now() - (i * 4.7 || ' hours')::interval
      from generate_series(1, 200) as i, listings l where l.id = ${m.offer.id}`);
    expect(await kept()).toEqual(await expected());

    const ids = sql`(select id from bids where trade_reference like 'TR-2025-%' order by id`;
    await h.db.execute(sql`update bids set approved_at = approved_at - interval '3 days'
      where id in ${ids} limit 30)`);
    await h.db.execute(sql`update bids set quantity = quantity + 1, buyer_state_gst = 12
      where id in ${ids} offset 30 limit 20)`);
    await h.db.execute(
      sql`update bids set is_confidential = not is_confidential where id in ${ids} offset 50 limit 10)`,
    );
    await h.db.execute(sql`update bids set status = 'Rejected', trade_reference = null
      where id in ${ids} offset 60 limit 10)`);
    await h.db.execute(sql`delete from bids where id in ${ids} offset 70 limit 10)`);
    // What the summary does not count changes nothing (a sale order, a comment).
    await h.db.execute(sql`update bids set comment = 'noted' where id in ${ids} offset 80 limit 10)`);
    expect(await kept()).toEqual(await expected());
  });
});
