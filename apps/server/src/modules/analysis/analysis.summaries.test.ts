// The analysis' summaries (migration 0030, analysis.table.ts) against the rows they sum: bids placed, accepted,
// approved, rejected and lapsed through the API, then bids and listings inserted, moved, changed and deleted by SQL
// as an import or a correction would, and a company's approval withdrawn and given back. After each step every
// summary row equals what the test sums itself, in integer decilitres and paise, from the rows it reads back — not
// with the triggers' SQL. The funnel is compared slot by slot (the bid's id modulo 8, migration 0032): each slot must
// be the true sum of its own bids.
import { toMinor } from '@spirit/domain/fees/fees.rules';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSuperAdmin } from '../../test/fixtures.js';
import { seedAsk, seedOffer } from '../../test/team-fixtures.js';
import {
  insertTradesOn,
  seedApprovedTrade,
  seedLockedBid,
  seedMarket,
  seedOpenBid,
  type Market,
} from '../../test/bid-fixtures.js';
import { createHarness, type Harness } from '../../test/harness.js';
import { lapseExpired } from '../bids/bids.lapse.js';
import { readTopCompanies } from './analysis.repository.js';

let h: Harness;
let m: Market;
const IST_MS = 330 * 60_000;

type Row = Record<string, string | number | boolean | Date | null>;
const rowsOf = async (query: ReturnType<typeof sql>) =>
  ((await h.db.execute(query)) as unknown as { rows: Row[] }).rows;
const istDay = (at: unknown) => new Date(new Date(at as string | Date).getTime() + IST_MS).toISOString().slice(0, 10);

type Sums = Map<string, { n: number; quantity: bigint; value: bigint }>;
function add(sums: Sums, key: unknown[], quantity = '0', price = '0') {
  const k = key.join('|');
  const s = sums.get(k) ?? { n: 0, quantity: 0n, value: 0n };
  const q = toMinor(String(quantity), 1);
  sums.set(k, { n: s.n + 1, quantity: s.quantity + q, value: s.value + q * toMinor(String(price), 2) });
}
const sorted = (sums: Sums) => [...sums].map(([key, s]) => ({ key, ...s })).sort((a, b) => a.key.localeCompare(b.key));

/** The top companies of [from, to) summed here from the trades themselves: each counts for both its parties. */
function topOf(trades: Row[], from: Date, to: Date) {
  const sums = new Map<number, { trades: number; volume: bigint }>();
  for (const t of trades) {
    const at = new Date(t.approved_at as string | Date);
    if (at < from || at >= to) continue;
    for (const company of [Number(t.seller_company_id), Number(t.buyer_company_id)]) {
      const c = sums.get(company) ?? { trades: 0, volume: 0n };
      sums.set(company, { trades: c.trades + 1, volume: c.volume + toMinor(String(t.quantity), 1) });
    }
  }
  return [...sums]
    .sort(([a, x], [b, y]) => (x.volume === y.volume ? a - b : x.volume > y.volume ? -1 : 1))
    .map(([company_id, c]) => ({ company_id, trades: c.trades, volume: c.volume }));
}

/** What the three summaries should hold, summed here from the bids, listings and companies read back. */
async function expected() {
  const funnel: Sums = new Map();
  const companies: Sums = new Map();
  const months: Sums = new Map();
  const quarters: Sums = new Map();
  const open: Sums = new Map();
  for (const b of await rowsOf(sql`select * from bids where not is_confidential`)) {
    add(funnel, [istDay(b.created_at), b.status, b.locked, Number(b.id) % 8]);
    if (b.status !== 'Approved' || !b.approved_at) continue;
    for (const company of [b.seller_company_id, b.buyer_company_id]) {
      add(companies, [istDay(b.approved_at), company, b.product], String(b.quantity), String(b.price));
      const month = `${istDay(b.approved_at).slice(0, 7)}-01`;
      add(months, [month, company, b.product], String(b.quantity), String(b.price));
      add(months, [month, company, ''], String(b.quantity), String(b.price)); // all products (migration 0038)
      const quarter = `${month.slice(0, 5)}${String(Math.floor((Number(month.slice(5, 7)) - 1) / 3) * 3 + 1).padStart(2, '0')}-01`;
      add(quarters, [quarter, company, b.product], String(b.quantity), String(b.price));
      add(quarters, [quarter, company, ''], String(b.quantity), String(b.price));
    }
  }
  for (const l of await rowsOf(sql`select l.*, c.status as company_status from listings l
      join companies c on c.id = l.company_id`))
    if (l.status === 'Open' && Number(l.available_quantity) > 0 && l.company_status === 'Approved')
      add(open, [l.to_period, l.product, l.state, l.side], String(l.available_quantity), String(l.price));
  return {
    funnel: sorted(funnel).map(({ key, n }) => ({ key, n })),
    companies: sorted(companies),
    months: sorted(months),
    quarters: sorted(quarters),
    open: sorted(open),
  };
}

/** What the summaries hold (rows whose sums went back to nothing left out). */
async function kept() {
  const funnel = await rowsOf(sql`select to_char(day, 'YYYY-MM-DD') as day, status, locked, slot, bids
    from bid_funnel_days where bids <> 0`);
  const companies = await rowsOf(sql`select to_char(day, 'YYYY-MM-DD') as day, company_id, product, trades,
    volume::text, value::text from company_trade_days where trades <> 0 or volume <> 0 or value <> 0`);
  const months = await rowsOf(sql`select to_char(month, 'YYYY-MM-DD') as month, company_id, product, trades,
    volume::text, value::text from company_trade_months where trades <> 0 or volume <> 0 or value <> 0`);
  const quarters = await rowsOf(sql`select to_char(quarter, 'YYYY-MM-DD') as quarter, company_id, product, trades,
    volume::text, value::text from company_trade_quarters where trades <> 0 or volume <> 0 or value <> 0`);
  const open = await rowsOf(sql`select to_period, product, state, side, listings, quantity::text, value::text
    from open_listing_sums where listings <> 0 or quantity <> 0 or value <> 0`);
  const sums = (r: Row, key: unknown[], n: unknown) => ({
    key: key.join('|'),
    n: Number(n),
    quantity: toMinor(String(r.volume ?? r.quantity), 1),
    value: toMinor(String(r.value), 3),
  });
  const byKey = <T extends { key: string }>(rows: T[]) => rows.sort((a, b) => a.key.localeCompare(b.key));
  return {
    funnel: byKey(funnel.map((r) => ({ key: [r.day, r.status, r.locked, r.slot].join('|'), n: Number(r.bids) }))),
    companies: byKey(companies.map((r) => sums(r, [r.day, r.company_id, r.product], r.trades))),
    months: byKey(months.map((r) => sums(r, [r.month, r.company_id, r.product], r.trades))),
    quarters: byKey(quarters.map((r) => sums(r, [r.quarter, r.company_id, r.product], r.trades))),
    open: byKey(open.map((r) => sums(r, [r.to_period, r.product, r.state, r.side], r.listings))),
  };
}

beforeAll(async () => {
  h = await createHarness();
  const superToken = await seedSuperAdmin(h);
  m = await seedMarket(h, { superToken });
  const pair = async () => ({ ...m, offer: await seedOffer(h, m.seller), ask: await seedAsk(h, m.buyer) });
  for (const quantity of ['1500.5', '733.3']) await seedApprovedTrade(h, await pair(), { quantity });
  await seedLockedBid(h, await pair());
  await seedOpenBid(h, await pair());
  const rejected = await seedOpenBid(h, await pair());
  const res = await h.call(
    'bidAction',
    { bid_id: rejected.id, is_approved: false, comment: 'Too low', version: rejected.version },
    m.seller.negotiator.token,
  );
  expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
  await seedOpenBid(h, await pair(), { hours: -1 });
  await lapseExpired(h.deps);
}, 240_000);
afterAll(async () => h?.close());

describe('the analysis’ summaries', () => {
  it('hold the bids and listings of trades made through the API', async () => {
    const rows = await expected();
    expect(rows.funnel.reduce((n, r) => n + r.n, 0)).toBe(6);
    expect(rows.companies.reduce((n, r) => n + r.n, 0)).toBe(4);
    expect(rows.open.length).toBeGreaterThan(0);
    expect(await kept()).toEqual(rows);
  });

  it('follow bids inserted, moved to other days, changed, closed and deleted', async () => {
    // 300 bids over 60 days on the market's pair: a third approved, the rest rejected or lapsed, some confidential.
    await h.db.execute(sql`insert into bids (offer_id, ask_id, seller_company_id, buyer_company_id, product,
        placed_by, quantity, price, valid_until, status, locked, is_negotiator_buyer_approved, is_confidential,
        trade_reference, approved_at, created_at, updated_at)
      select ${m.offer.id}, ${m.ask.id}, ${m.seller.company.id}, ${m.buyer.company.id}, l.product, 'Buyer',
        10.5 + i % 7, 50.25 + i % 5, now() - interval '1 hour',
        case when i % 3 = 0 then 'Approved' when i % 3 = 1 then 'Rejected' else 'Lapsed' end, i % 3 = 0, true,
        i % 11 = 0, case when i % 3 = 0 then 'TR-2025-' || lpad(i::text, 6, '0') end,
        case when i % 3 = 0 then now() - (i * 4.7 || ' hours')::interval end,
        now() - (i * 4.7 + 30 || ' hours')::interval, now() - (i * 4.7 || ' hours')::interval
      from generate_series(1, 300) as i, listings l where l.id = ${m.offer.id}`);
    expect(await kept()).toEqual(await expected());

    const ids = sql`(select id from bids where created_at < now() - interval '1 day' order by id`;
    await h.db.execute(sql`update bids set approved_at = approved_at - interval '33 days',
      created_at = created_at - interval '2 days' where id in ${ids} limit 40)`);
    await h.db.execute(sql`update bids set quantity = quantity + 1, price = price + 0.5
      where id in ${ids} offset 40 limit 30)`);
    await h.db.execute(
      sql`update bids set is_confidential = not is_confidential where id in ${ids} offset 70 limit 20)`,
    );
    await h.db.execute(sql`update bids set status = 'Rejected', trade_reference = null, locked = false
      where id in ${ids} offset 90 limit 20)`);
    await h.db.execute(sql`delete from bids where id in ${ids} offset 110 limit 20)`);
    // What no summary counts changes nothing (a comment).
    await h.db.execute(sql`update bids set comment = 'noted' where id in ${ids} offset 130 limit 20)`);
    expect(await kept()).toEqual(await expected());
  });

  it('follow listings inserted, sold, closed, changed and deleted, and a company’s approval', async () => {
    const cols = sql.raw(`side, company_id, distillery_id, state, product, from_period, to_period, original_quantity,
      available_quantity, price, export_pass_fee, sales_tax, status`);
    await h.db.execute(sql`insert into listings (${cols}) select ${cols} from listings, generate_series(1, 40)
      where id in (${m.offer.id}, ${m.ask.id})`);
    expect(await kept()).toEqual(await expected());

    const ids = sql`(select id from listings where id not in (select offer_id from bids union select ask_id from bids)
      order by id`;
    await h.db.execute(sql`update listings set available_quantity = 0 where id in ${ids} limit 10)`);
    await h.db.execute(sql`update listings set status = 'Closed' where id in ${ids} offset 10 limit 10)`);
    await h.db.execute(sql`update listings set price = price + 1.25, available_quantity = available_quantity / 2,
      to_period = to_char(now() + interval '400 days', 'YYYY-MM') where id in ${ids} offset 20 limit 10)`);
    await h.db.execute(sql`delete from listings where id in ${ids} offset 30 limit 10)`);
    expect(await kept()).toEqual(await expected());

    // A company no longer approved takes its open listings out; approved again, brings them back.
    await h.db.execute(sql`update companies set status = 'Rejected' where id = ${m.buyer.company.id}`);
    expect(await kept()).toEqual(await expected());
    await h.db.execute(sql`update listings set available_quantity = available_quantity - 1
      where company_id = ${m.buyer.company.id} and available_quantity > 1`);
    await h.db.execute(sql`update companies set status = 'Approved' where id = ${m.buyer.company.id}`);
    expect(await kept()).toEqual(await expected());
  });

  it('are summed again from the rows by rebuild_summaries(), as a bulk import ends (bench/generate.mjs)', async () => {
    const before = await kept();
    await h.db.execute(sql`select rebuild_summaries()`);
    expect(await kept()).toEqual(before);
    expect(before).toEqual(await expected());
  });

  it('rank the top companies by volume as a number, not as its text', async () => {
    // Rows of a day long past, written here and rolled back: 900 litres sorts after 1000 as text.
    const day = '2021-03-01';
    const rolledBack = new Error('rolled back');
    let ranked: number[] = [];
    await h.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into company_trade_days (day, company_id, product, trades, volume, value)
          values (${day}, ${m.seller.company.id}, 'Grain ENA', 1, 900, 54000),
            (${day}, ${m.buyer.company.id}, 'Grain ENA', 1, 1000, 60000)`);
        const from = new Date(`${day}T00:00:00+05:30`);
        const top = await readTopCompanies(tx, { from, to: new Date(from.getTime() + 86_400_000), limit: 2 });
        ranked = top.map((r) => Number(r.company_id));
        throw rolledBack;
      })
      .catch((error: unknown) => {
        if (error !== rolledBack) throw error;
      });
    expect(ranked).toEqual([m.buyer.company.id, m.seller.company.id]);
  });

  it('give the top companies of ranges over whole months and their ends as the trades themselves', async () => {
    const DAY_MS = 86_400_000;
    const today = new Date(`${istDay(new Date())}T00:00:00+05:30`).getTime();
    const trades = await rowsOf(sql`select * from bids where status = 'Approved' and approved_at is not null
      and not is_confidential`);
    for (const [back, span] of [
      [0, 1],
      [10, 20],
      [75, 90],
      [400, 400],
    ] as const) {
      const from = new Date(today - back * DAY_MS);
      const to = new Date(from.getTime() + span * DAY_MS);
      const expectedTop = topOf(trades, from, to);
      const top = await readTopCompanies(h.db, { from, to, limit: 50 });
      const got = top.map((r) => ({
        company_id: Number(r.company_id),
        trades: r.trades,
        volume: toMinor(r.volume, 1),
      }));
      expect(got, `${back} days back, ${span} days`).toEqual(expectedTop);
    }
  });

  it('give the top companies of a partial period read as the whole period less the ones it leaves out', async () => {
    // Trades written (and rolled back) on days around month and quarter ends, so each range's left-out periods hold a
    // trade.
    const at = [
      ...['2025-12-31', '2026-01-20', '2026-03-01', '2026-03-04', '2026-03-20', '2026-03-29', '2026-04-15'],
      ...['2026-05-02', '2026-05-27', '2026-06-10', '2026-10-20', '2026-11-01'],
    ];
    const ranges = [
      ['2026-03-03', '2026-05-27'], // both ends: the month less the days before / from the end
      ['2026-03-05', '2026-04-01'], // the first month less its first days, no last part
      ['2026-03-21', '2026-04-03'], // both ends by their days, no whole month
      ['2026-03-02', '2026-03-30'], // within one month
      ['2026-03-01', '2026-05-01'], // whole months only
      ['2026-02-01', '2026-06-01'], // two quarters less a month at each end
      ['2025-12-31', '2026-11-02'], // three quarters, a month and a day at each end
    ] as const;
    const rolledBack = new Error('rolled back');
    const results: { range: string; got: unknown; want: unknown }[] = [];
    await h.db
      .transaction(async (tx) => {
        await insertTradesOn(tx, m, at, { prefix: 'TR-2026-9' });
        const trades = (
          (await tx.execute(sql`select * from bids where status = 'Approved'
          and approved_at is not null and not is_confidential`)) as unknown as { rows: Row[] }
        ).rows;
        for (const [fromDay, toDay] of ranges) {
          const [from, to] = [new Date(`${fromDay}T00:00:00+05:30`), new Date(`${toDay}T00:00:00+05:30`)];
          const top = await readTopCompanies(tx, { from, to, limit: 50 });
          results.push({
            range: `${fromDay}..${toDay}`,
            got: top.map((r) => ({ company_id: Number(r.company_id), trades: r.trades, volume: toMinor(r.volume, 1) })),
            want: topOf(trades, from, to),
          });
        }
        throw rolledBack;
      })
      .catch((error: unknown) => {
        if (error !== rolledBack) throw error;
      });
    expect(results).toHaveLength(ranges.length);
    for (const r of results) expect(r.got, r.range).toEqual(r.want);
    expect(results.every((r) => (r.want as unknown[]).length > 0)).toBe(true);
  });
});
