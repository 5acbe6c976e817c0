// The trend's figures (getPriceTrend): open asks and offers per state from the open listings' sums, and the last
// trades per state from the trades' days and the partial days at either end. Each one SQL aggregate over a summary
// the database keeps (analysis.table.ts, trade-days.table.ts); confidential bids never count (DESIGN.md §4).
import { indianDateOf } from '@spirit/domain/invoices/invoices.rules';
import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { bids } from '../bids/bids.table.js';
import { tradeDays } from '../bids/trade-days.table.js';
import { figure, p, rate, total, type Args } from './analysis.figures.js';
import { openListingSums } from './analysis.table.js';

type OpenShape = { product: boolean };
/**
 * Open asks and offers per state (the trend's Buyer and Seller columns), from the open listings' sums
 * (analysis.table.ts `open_listing_sums`): the rows of the periods not yet ended, a few per state and product,
 * instead of every open listing of the market (170,000 at market scale).
 */
export function openListingsByStateQuery(tx: Tx, shape: OpenShape) {
  const s = openListingSums;
  const ask = sql`${s.side} = 'Ask'`;
  const offer = sql`${s.side} = 'Offer'`;
  return tx
    .select({
      state: s.state,
      buyer_quantity: total(s.quantity, ask),
      buyer_rate: rate(s.value, s.quantity, ask),
      seller_quantity: total(s.quantity, offer),
      seller_rate: rate(s.value, s.quantity, offer),
    })
    .from(s)
    .where(
      sql`${s.to_period} >= ${p('period')} and ${s.listings} > 0${shape.product ? sql` and ${s.product} = ${p('product')}` : sql``}`,
    )
    .groupBy(s.state);
}
export const openListingsByStateArgs = (opts: { period: string; product?: string | undefined }): Args<OpenShape> => ({
  shape: { product: !!opts.product },
  values: { period: opts.period, product: opts.product },
});
export const readOpenListingsByState = figure(openListingsByStateQuery, openListingsByStateArgs);

const DAY_MS = 86_400_000;
const IST_MS = 330 * 60_000;
/** The first instant of the IST day holding `at`. */
const istDayStart = (at: Date) => new Date(Math.floor((at.getTime() + IST_MS) / DAY_MS) * DAY_MS - IST_MS);

type TradesShape = { days: boolean; partial: string; product: boolean };
/**
 * Approved trades per state of their offer in [from, to) (the trend's Last Trade column). The whole IST days inside
 * the range are read from the trades' daily summary (trade-days.table.ts), the parts of a day at either end from the
 * trades themselves (`bids_traded_at_idx`): 30 days are ~30 × a few summary rows and two partial days of trades,
 * not every trade of the month (53,000 at market scale). A trade's offer state is the bid's own copy (migration
 * 0036: a live bid's listing cannot change state, so it is the state the summary took at approval), not a probe of
 * the offer for each of a partial day's ~1,400 trades. `partial`: how many partial ranges (`1` or `2`).
 */
export function tradesByStateQuery(tx: Tx, shape: TradesShape) {
  const product = (column: SQLWrapper) => (shape.product ? sql` and ${column} = ${p('product')}` : sql``);
  const days = shape.days
    ? sql`select ${tradeDays.state} as state, ${tradeDays.volume} as quantity, ${tradeDays.value} as value
        from ${tradeDays} where ${tradeDays.day} >= ${p('days_from')}::date and ${tradeDays.day} < ${p('days_to')}::date
          and ${tradeDays.trades} > 0 and not ${tradeDays.is_confidential}${product(tradeDays.product)}`
    : undefined;
  const partial = Array.from(
    { length: Number(shape.partial) },
    (_, i) => sql`select ${bids.seller_state} as state, ${bids.quantity} as quantity,
        ${bids.quantity} * ${bids.price} as value
      from ${bids}
      where ${bids.status} = 'Approved' and not ${bids.is_confidential}
        and ${bids.approved_at} >= ${p(`at_from${i}`)} and ${bids.approved_at} < ${p(`at_to${i}`)}${product(bids.product)}`,
  );
  const parts = sql.join(
    [...(days ? [days] : []), ...partial].map((q) => sql`(${q})`),
    sql` union all `,
  );
  const t = sql.raw('t');
  return tx
    .select({
      state: sql<string>`${t}.state`,
      trade_volume: sql<string | null>`(sum(${t}.quantity))::text`,
      trade_avg_rate: sql<string | null>`(round(sum(${t}.value) / nullif(sum(${t}.quantity), 0), 2))::text`,
    })
    .from(sql`(${parts}) as ${t}`)
    .groupBy(sql`1`);
}
export function tradesByStateArgs(opts: { from: Date; to: Date; product?: string | undefined }): Args<TradesShape> {
  const firstWhole = new Date(istDayStart(opts.from).getTime() + (istDayStart(opts.from) < opts.from ? DAY_MS : 0));
  const lastWhole = istDayStart(opts.to);
  const whole = firstWhole < lastWhole;
  const ends: { from: Date; to: Date }[] = whole
    ? [
        { from: opts.from, to: firstWhole },
        { from: lastWhole, to: opts.to },
      ].filter((r) => r.from < r.to)
    : [{ from: opts.from, to: opts.to }];
  const values: Record<string, unknown> = { product: opts.product };
  if (whole) Object.assign(values, { days_from: indianDateOf(firstWhole), days_to: indianDateOf(lastWhole) });
  ends.forEach((r, i) =>
    Object.assign(values, { [`at_from${i}`]: r.from.toISOString(), [`at_to${i}`]: r.to.toISOString() }),
  );
  return { shape: { days: whole, partial: String(ends.length), product: !!opts.product }, values };
}
export const readTradesByState = figure(tradesByStateQuery, tradesByStateArgs);
