// The trades' daily summary (migration 0024, trade-days.table.ts) and its weeks and months (migration 0040) against
// the trades they sum: approved through the API, then inserted, moved to other days, changed and deleted by SQL as an
// import or a correction would, and summed again by rebuild_summaries(). After each step every (IST day, product,
// state, confidentiality) row and every (week or month, …) row equals what the test sums itself from the approved
// bids it reads back — with the domain's fee arithmetic (feeTotal), not the trigger's SQL.
import { feeTotal, toMinor } from '@spirit/domain/fees/fees.rules';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedRates } from '../../test/fee-fixtures.js';
import { seedSuperAdmin } from '../../test/fixtures.js';
import { seedOffer } from '../../test/team-fixtures.js';
import { insertTradesOn, seedApprovedTrade, seedMarket, type Market } from '../../test/bid-fixtures.js';
import { createHarness, type Harness } from '../../test/harness.js';
import { readVolume } from '../analysis/analysis.repository.js';

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

type Sums = { trades: number; volume: bigint; value: bigint };
const byKey = <T>(sums: Map<string, T>) =>
  [...sums].map(([key, s]) => ({ key, ...s })).sort((a, b) => a.key.localeCompare(b.key));

/** The Monday (IST) of an IST day `YYYY-MM-DD`. */
const mondayOf = (day: string) => {
  const at = new Date(`${day}T00:00:00Z`);
  return new Date(at.getTime() - ((at.getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10);
};

/**
 * The traded volume chart of the IST days [from, to) summed here from the trades: per bucket (its first day) and
 * state, the non-confidential trades, their litres and Σ litres × price ÷ Σ litres in paise, rounded half up.
 */
function volumeOf(trades: Trade[], from: string, to: string, bucket: 'day' | 'week' | 'month') {
  const sums = new Map<string, { trades: number; volume: bigint; value: bigint }>();
  for (const t of trades) {
    const day = new Date(new Date(t.approved_at as string | Date).getTime() + IST_MS).toISOString().slice(0, 10);
    if (t.is_confidential || day < from || day >= to) continue;
    const start = bucket === 'day' ? day : bucket === 'week' ? mondayOf(day) : `${day.slice(0, 7)}-01`;
    const key = `${start}|${t.offer_state}`;
    const s = sums.get(key) ?? { trades: 0, volume: 0n, value: 0n };
    const q = toMinor(String(t.quantity), 1);
    sums.set(key, { trades: s.trades + 1, volume: s.volume + q, value: s.value + q * toMinor(String(t.price), 2) });
  }
  return [...sums]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, s]) => {
      const paise = (2n * s.value + s.volume) / (2n * s.volume);
      const [period, state] = key.split('|');
      return { period, key: state, trades: s.trades, volume: s.volume, avg_price: paise };
    });
}

/** What the summaries should hold, summed here from the approved bids read back. */
async function expected() {
  const trades = await rowsOf<Trade>(sql`select b.*, o.state as offer_state from bids b
    join listings o on o.id = b.offer_id where b.status = 'Approved' and b.approved_at is not null`);
  const sums = new Map<string, Sums & { buyer: bigint; seller: bigint }>();
  const periods = new Map<string, Sums>();
  for (const t of trades) {
    const at = new Date(new Date(t.approved_at as string | Date).getTime() + IST_MS);
    const day = at.toISOString().slice(0, 10);
    const monday = new Date(at.getTime() - ((at.getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10);
    const q = toMinor(String(t.quantity), 1);
    const value = q * toMinor(String(t.price), 2);
    for (const period of [`week|${monday}`, `month|${day.slice(0, 7)}-01`]) {
      const key = [period, t.product, t.offer_state, t.is_confidential].join('|');
      const p = periods.get(key) ?? { trades: 0, volume: 0n, value: 0n };
      periods.set(key, { trades: p.trades + 1, volume: p.volume + q, value: p.value + value });
    }
    const key = [day, t.product, t.offer_state, t.is_confidential].join('|');
    const s = sums.get(key) ?? { trades: 0, volume: 0n, value: 0n, buyer: 0n, seller: 0n };
    sums.set(key, {
      trades: s.trades + 1,
      volume: s.volume + q,
      value: s.value + value,
      buyer: s.buyer + fee(t, 'buyer'),
      seller: s.seller + fee(t, 'seller'),
    });
  }
  return { days: byKey(sums), periods: byKey(periods) };
}

async function kept() {
  const rows = await rowsOf<Record<string, string | number | boolean>>(sql`select to_char(day, 'YYYY-MM-DD') as day,
    product, state, is_confidential, trades, volume::text, value::text, buyer_commission::text,
    seller_commission::text from trade_days where trades <> 0 or volume <> 0 or value <> 0
      or buyer_commission <> 0 or seller_commission <> 0`);
  const periods = await rowsOf<Record<string, string | number | boolean>>(sql`select unit,
    to_char(start, 'YYYY-MM-DD') as start, product, state, is_confidential, trades, volume::text, value::text
    from trade_periods where trades <> 0 or volume <> 0 or value <> 0`);
  const sums = (r: Record<string, string | number | boolean>) => ({
    trades: Number(r.trades),
    volume: toMinor(String(r.volume), 1),
    value: toMinor(String(r.value), 3),
  });
  const sorted = <T extends { key: string }>(rows: T[]) => rows.sort((a, b) => a.key.localeCompare(b.key));
  return {
    days: sorted(
      rows.map((r) => ({
        key: [r.day, r.product, r.state, r.is_confidential].join('|'),
        ...sums(r),
        buyer: toMinor(String(r.buyer_commission), 2),
        seller: toMinor(String(r.seller_commission), 2),
      })),
    ),
    periods: sorted(
      periods.map((r) => ({ key: [r.unit, r.start, r.product, r.state, r.is_confidential].join('|'), ...sums(r) })),
    ),
  };
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

describe('the trades’ daily, weekly and monthly summaries', () => {
  it('hold the trades approved through the API, with their fees', async () => {
    const rows = await expected();
    expect(rows.days.reduce((n, r) => n + r.trades, 0)).toBe(2);
    expect(rows.days.some((r) => r.buyer > 0n && r.seller > 0n)).toBe(true);
    expect(rows.periods.reduce((n, r) => n + r.trades, 0)).toBe(4); // each in its week and its month
    expect(await kept()).toEqual(rows);
  });

  it('follow trades inserted, moved to other days, changed, closed and deleted, and are summed again', async () => {
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
    const rows = await expected();
    // 40 days cross six weeks and a month's end: several periods of each unit.
    const periods = new Set(rows.periods.map((r) => r.key.split('|').slice(0, 2).join('|')));
    expect([...periods].filter((p) => p.startsWith('week|')).length).toBeGreaterThanOrEqual(6);
    expect([...periods].filter((p) => p.startsWith('month|')).length).toBeGreaterThanOrEqual(2);
    expect(await kept()).toEqual(rows);

    // As a bulk import ends (bench/generate.mjs): every summary summed again from the rows.
    await h.db.execute(sql`select rebuild_summaries()`);
    expect(await kept()).toEqual(rows);
  });

  it('give the traded volume of ranges by week and month, whole periods less or plus their ends, as the trades', async () => {
    // Trades written (and rolled back) around week and month ends of 2026 (2 March is a Monday), so the days each
    // range adds to or takes from a period hold a trade.
    const at = [
      ...['2026-02-26', '2026-03-01', '2026-03-02', '2026-03-03', '2026-03-06', '2026-03-08', '2026-03-09'],
      ...['2026-03-13', '2026-03-15', '2026-03-16', '2026-03-31', '2026-04-01', '2026-04-05', '2026-04-29'],
      '2026-05-03',
    ];
    const ranges = [
      ['2026-03-03', '2026-03-15', 'week'], // two weeks, less a Monday and less a Sunday
      ['2026-03-06', '2026-03-12', 'week'], // Friday to Wednesday: the days at both ends
      ['2026-03-02', '2026-03-16', 'week'], // whole weeks
      ['2026-02-26', '2026-04-06', 'week'],
      ['2026-03-03', '2026-04-29', 'month'], // March less two days, April less two
      ['2026-02-26', '2026-04-06', 'month'], // February's last days, March, April's first
      ['2026-03-01', '2026-03-10', 'day'],
    ] as const;
    const rolledBack = new Error('rolled back');
    const results: { range: string; got: unknown; want: ReturnType<typeof volumeOf> }[] = [];
    await h.db
      .transaction(async (tx) => {
        await insertTradesOn(tx, m, at, { prefix: 'TR-2026-8', confidentialEvery: 5 });
        const trades = (
          (await tx.execute(sql`select b.*, o.state as offer_state from bids b
            join listings o on o.id = b.offer_id where b.status = 'Approved' and b.approved_at is not null`)) as unknown as {
            rows: Trade[];
          }
        ).rows;
        for (const [fromDay, toDay, bucket] of ranges) {
          const [from, to] = [new Date(`${fromDay}T00:00:00+05:30`), new Date(`${toDay}T00:00:00+05:30`)];
          const rows = await readVolume(tx, { from, to, bucket, groupBy: 'state' });
          results.push({
            range: `${fromDay}..${toDay} by ${bucket}`,
            got: rows.map((r) => ({
              ...r,
              volume: toMinor(r.volume, 1),
              avg_price: toMinor(r.avg_price, 2),
            })),
            want: volumeOf(trades, fromDay, toDay, bucket),
          });
        }
        throw rolledBack;
      })
      .catch((error: unknown) => {
        if (error !== rolledBack) throw error;
      });
    expect(results).toHaveLength(ranges.length);
    for (const r of results) expect(r.got, r.range).toEqual(r.want);
    expect(results.every((r) => r.want.length > 0)).toBe(true);
  });
});
