// The dashboard's own statement: commission over time. Its bid lists and card counts are the bid lists'
// statements (bids.repository.ts), so a card's count and its list's total are the same SQL.
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { fixedStatement } from '../../db/statements.js';
import { bids } from '../bids/bids.table.js';

/**
 * A side's fee on one trade, as `feeTotal` (packages/domain fees.rules.ts) computes it: the base quantity × rate
 * rounded to paise, each GST a percentage of that base rounded to paise, summed; null (NA) when a part is missing.
 * PostgreSQL's `round` of a numeric is half away from zero, as `divRound` is for these non-negative amounts.
 */
function feeOf(side: 'buyer' | 'seller'): SQL {
  const rate = sql.raw(`"bids"."${side}_commission_amount"`);
  const sgst = sql.raw(`"bids"."${side}_state_gst"`);
  const cgst = sql.raw(`"bids"."${side}_central_gst"`);
  const base = sql`round(${bids.quantity} * ${rate}, 2)`;
  return sql`(${base} + round(${base} * ${sgst} / 100, 2) + round(${base} * ${cgst} / 100, 2))`;
}

const day = sql`to_char(${bids.approved_at} at time zone 'Asia/Kolkata', 'YYYY-MM-DD')`;

/**
 * Each IST day's fees of the trades approved since `$since`, oldest day first, in one aggregate. The last change
 * bounds the walk along `bids_status_idx` (an approved trade's last change is its approval or later); the approval
 * time decides the day.
 */
export function commissionQuery(tx: Tx) {
  const since = sql.placeholder('since');
  const [buyer, seller] = [feeOf('buyer'), feeOf('seller')];
  return tx
    .select({
      date: sql<string>`${day}`,
      buyer_commission: sql<string>`coalesce(sum(${buyer}), 0)::numeric(14, 2)::text`,
      seller_commission: sql<string>`coalesce(sum(${seller}), 0)::numeric(14, 2)::text`,
      total_commission: sql<string>`(coalesce(sum(${buyer}), 0) + coalesce(sum(${seller}), 0))::numeric(14, 2)::text`,
    })
    .from(bids)
    .where(sql`${bids.status} = 'Approved' and ${bids.updated_at} >= ${since} and ${bids.approved_at} >= ${since}`)
    .groupBy(day)
    .orderBy(day);
}
const commissionStatement = fixedStatement(commissionQuery);

export async function commissionByDay(tx: Tx, since: Date) {
  return commissionStatement(tx).execute({ since: since.toISOString() });
}
