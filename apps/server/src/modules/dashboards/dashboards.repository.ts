// The dashboard's own statement: commission over time. Its bid lists and card counts are the bid lists' statements
// (bids.lists.repository.ts), so a card's count and its list's total are the same SQL.
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { fixedStatement } from '../../db/statements.js';
import { tradeDays } from '../bids/trade-days.table.js';

/**
 * Each IST day's fees of the trades approved since `$since` (an IST midnight), oldest day first, from the trades'
 * daily summary (trade-days.table.ts): a few rows a day, where summing the trades themselves read every trade of
 * the window (150,000 over 90 days at market scale). Each trade's fee is the base quantity × rate rounded to paise,
 * each GST a percentage of that base rounded to paise (`feeTotal`), summed when the trade was approved; a side
 * whose fee is NA adds nothing. Days whose trades all went (a deleted trade) are left out, as they were.
 */
export function commissionQuery(tx: Tx) {
  const since = sql`(${sql.placeholder('since')}::timestamptz at time zone 'Asia/Kolkata')::date`;
  const [buyer, seller] = [sql`sum(${tradeDays.buyer_commission})`, sql`sum(${tradeDays.seller_commission})`];
  return tx
    .select({
      date: sql<string>`to_char(${tradeDays.day}, 'YYYY-MM-DD')`,
      buyer_commission: sql<string>`${buyer}::numeric(14, 2)::text`,
      seller_commission: sql<string>`${seller}::numeric(14, 2)::text`,
      total_commission: sql<string>`(${buyer} + ${seller})::numeric(14, 2)::text`,
    })
    .from(tradeDays)
    .where(sql`${tradeDays.day} >= ${since}`)
    .groupBy(tradeDays.day)
    .having(sql`sum(${tradeDays.trades}) > 0`)
    .orderBy(tradeDays.day);
}
const commissionStatement = fixedStatement(commissionQuery);

export async function commissionByDay(tx: Tx, since: Date) {
  return commissionStatement(tx).execute({ since: since.toISOString() });
}
