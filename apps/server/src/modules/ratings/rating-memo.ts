// A distillery's ratings as a company's list shows them — the company's latest review (Your Rating, Source) and the
// Industry Rating — kept in the process's record memo (lib/record-memo.ts) under the ratings epoch they were read at
// (migration 0041: raised in the statement of every change of the ratings). A list reads the epoch with its page and
// each row's rated distillery, instead of probing both rating indexes for every row, and takes the ratings from the
// memo; the pairs it does not hold are read in one statement by the same indexed lookups. A key names the epoch, so
// a new rating makes new keys and no rating is ever stale: nothing to forget on writes, in this process or another.
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { alwaysGeneric, fixedStatement } from '../../db/statements.js';
import type { RecordMemo } from '../../lib/record-memo.js';
import { asYourReview, industryRatingText, yourReviewText, type YourReview } from './ratings.repository.js';
import { currentRatingsEpoch } from './ratings.table.js';

/** A distillery's ratings for one company: its latest review (stars and source) and the industry's mean. */
export type DistilleryRatings = { your_review: YourReview; industry_rating: number | null };

const distillery = sql`d.id`;

/**
 * The ratings of the distilleries `$ids` for the company `$company`: each by the ratings' index of the company's
 * latest review and the kept industry rating's key (ratings.repository.ts), with the epoch they were read at.
 */
export const ratingsQuery = (tx: Tx) =>
  tx
    .select({
      id: sql<number>`${distillery}`,
      your_review: yourReviewText(distillery, sql.placeholder('company')),
      industry_rating: industryRatingText(distillery),
      epoch: currentRatingsEpoch,
    })
    .from(sql`unnest(${sql.placeholder('ids')}::int[]) as d(id)`);
const ratingsStatement = fixedStatement(ratingsQuery, alwaysGeneric);

const keyOf = (epoch: number, company: number, id: number) => `rating|${epoch}|${company}|${id}`;
/** Kept as one text: the review's text (`yourReviewText`), a bar, the industry rating's text; empty for none. */
const kept = (your: string | null, industry: string | null) => `${your ?? ''}|${industry ?? ''}`;
const fromKept = (text: string): DistilleryRatings => {
  const bar = text.indexOf('|');
  const industry = text.slice(bar + 1);
  return {
    your_review: bar > 0 ? asYourReview(text.slice(0, bar)) : null,
    industry_rating: industry ? Number(industry) : null,
  };
};

/**
 * The ratings of the distilleries `ids` for `company` as at `epoch` (the ratings epoch a page was read at), or as
 * read now when the memo does not hold them at that epoch — at most as new as the moment they are asked for, never
 * older than the page.
 */
export async function keptRatings(
  tx: Tx,
  memo: RecordMemo,
  opts: { epoch: number; company: number },
  ids: Iterable<number>,
): Promise<Map<number, DistilleryRatings>> {
  const ratings = new Map<number, DistilleryRatings>();
  const missing = new Set<number>();
  for (const id of ids) {
    if (ratings.has(id) || missing.has(id)) continue;
    const text = memo.get(keyOf(opts.epoch, opts.company, id));
    if (text === undefined) missing.add(id);
    else ratings.set(id, fromKept(text));
  }
  if (missing.size > 0) {
    const rows = await ratingsStatement(tx).execute({ ids: [...missing], company: opts.company });
    for (const row of rows) {
      const text = kept(row.your_review, row.industry_rating);
      ratings.set(row.id, fromKept(text));
      // Kept under the epoch it was read at: the page's unless a rating came between the two statements.
      memo.set(keyOf(row.epoch, opts.company, row.id), text);
    }
  }
  return ratings;
}
