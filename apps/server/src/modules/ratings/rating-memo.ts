// A distillery's ratings as a company's list shows them — the company's latest review (Your Rating, Source) and the
// Industry Rating — kept in the process's record memo (lib/record-memo.ts) under the ratings epoch they were read at
// (migration 0041: raised in the statement of every change of the ratings). A list reads the epoch with its page and
// each row's rated distillery, instead of probing both rating indexes for every row, and takes the ratings from the
// memo; the pairs it does not hold are read in one statement by the same indexed lookups. A key names the epoch, so
// a new rating makes new keys and no rating is ever stale: nothing to forget on writes, in this process or another.
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { alwaysGeneric, fixedStatement } from '../../db/statements.js';
import { epochTexts, type RecordMemo } from '../../lib/record-memo.js';
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
 * read now when the memo does not hold them at that epoch (lib/record-memo.ts `epochTexts`).
 */
export async function keptRatings(
  tx: Tx,
  memo: RecordMemo,
  opts: { epoch: number; company: number },
  ids: Iterable<number>,
): Promise<Map<number, DistilleryRatings>> {
  const texts = await epochTexts(memo, { kind: `rating|${opts.company}`, epoch: opts.epoch }, ids, async (missing) =>
    (await ratingsStatement(tx).execute({ ids: missing, company: opts.company })).map((r) => ({
      id: r.id,
      epoch: r.epoch,
      text: kept(r.your_review, r.industry_rating),
    })),
  );
  const ratings = new Map<number, DistilleryRatings>();
  for (const [id, text] of texts) ratings.set(id, fromKept(text));
  return ratings;
}
