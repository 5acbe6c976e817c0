// The demo market's ratings (issue 22 part 7): every company Admin has rated the other type's distilleries through
// the /ratings form weeks ago, with all three sources; the SuperAdmin entered a few rows for a company; and both
// parties of every Approved trade reviewed it since, one of them twice (the latest wins). All through the ratings
// service, so the rows obey its rules; the lists show Your rating, Industry rating and Source on first start.
import { RATING_SOURCES } from '@spirit/domain/ratings/ratings.constants';
import type { RatingRowForm } from '@spirit/domain/ratings/ratings.schemas';
import { asc, eq } from 'drizzle-orm';
import type { Actor } from '../lib/actor.js';
import { bids } from '../modules/bids/bids.table.js';
import { distilleries } from '../modules/distilleries/distilleries.table.js';
import { tradeFacts } from '../modules/ratings/ratings.repository.js';
import { review } from '../modules/ratings/ratings.service.js';
import { findUserByEmail } from '../modules/users/users.repository.js';
import type { DEMO_COMPANIES } from './demo.js';
import type { Deps } from '../types.js';

type Demo = { companies: typeof DEMO_COMPANIES; companyIds: Map<string, number>; superAdmin: Actor };

const DAY = 86_400_000;

export async function seedRatings(deps: Deps, demo: Demo) {
  const now = deps.now();
  const at = (daysAgo: number): Deps => ({ ...deps, now: () => new Date(now.getTime() - daysAgo * DAY) });
  const plants = new Map<number, number[]>();
  for (const id of demo.companyIds.values()) {
    const rows = await deps.db
      .select({ id: distilleries.id })
      .from(distilleries)
      .where(eq(distilleries.company_id, id))
      .orderBy(asc(distilleries.id));
    plants.set(
      id,
      rows.map((r) => r.id),
    );
  }

  /** A company's user by the local part of the demo address (admin, negotiator, …). */
  async function person(c: (typeof DEMO_COMPANIES)[number], local: string, role: Actor['roles'][number]) {
    const email = local === 'admin' ? c.email : `${local}@${c.email.slice(c.email.indexOf('@') + 1)}`;
    const user = (await findUserByEmail(deps.db, email))!;
    const actor: Actor = {
      sessionId: 0,
      userId: user.id,
      name: user.name,
      email: user.email,
      companyId: demo.companyIds.get(c.name)!,
      companyName: c.name,
      companyType: c.type,
      roles: [role],
    };
    return actor;
  }

  // The /ratings form, six weeks back: each Admin rates the first two distilleries of every company of the other
  // type from its own first distillery; stars and sources vary by pair so every band and source appears.
  let n = 0;
  for (const [i, rater] of demo.companies.entries()) {
    const rows: RatingRowForm[] = [];
    for (const [j, rated] of demo.companies.entries()) {
      if (rated.type === rater.type) continue;
      for (const to of plants.get(demo.companyIds.get(rated.name)!)!.slice(0, 2)) {
        rows.push({
          rating: 1 + ((i * 3 + j * 2 + n) % 5),
          source: RATING_SOURCES[(i + j + n) % 3]!,
          from_distillery_id: plants.get(demo.companyIds.get(rater.name)!)![0]!,
          to_distillery_id: to,
        });
        n += 1;
      }
    }
    await review(at(42 - i), await person(rater, 'admin', 'Admin'), rows);
  }

  // The SuperAdmin entered a buyer's supplier audit three weeks back (recorded as entered by the SuperAdmin).
  const buyer = demo.companies.find((c) => c.type === 'Buyer')!;
  const sellers = demo.companies.filter((c) => c.type === 'Seller');
  await review(
    at(21),
    demo.superAdmin,
    sellers.map((s, k) => ({
      from_company_id: demo.companyIds.get(buyer.name)!,
      from_distillery_id: plants.get(demo.companyIds.get(buyer.name)!)![1]!,
      to_distillery_id: plants.get(demo.companyIds.get(s.name)!)![0]!,
      rating: 5 - k,
      source: RATING_SOURCES[(k + 1) % 3]!,
    })),
  );

  // Every Approved trade: each side's Negotiator reviews the other side's distillery; the buyer changes its mind.
  const trades = await deps.db.select().from(bids).where(eq(bids.status, 'Approved')).orderBy(asc(bids.id));
  for (const [k, trade] of trades.entries()) {
    const [buyerCo, sellerCo] = [trade.buyer_company_id, trade.seller_company_id].map((id) =>
      demo.companies.find((c) => demo.companyIds.get(c.name) === id)!,
    );
    const [facts] = await tradeFacts(deps.db, [trade.id]);
    const buyerNegotiator = await person(buyerCo!, 'negotiator', 'Negotiator');
    const sellerNegotiator = await person(sellerCo!, 'negotiator', 'Negotiator');
    const toSeller = facts!.seller_distillery_id;
    await review(at(3), buyerNegotiator, [{ bid_id: trade.id, rating: 3, source: 'New', to_distillery_id: toSeller }]);
    await review(at(1), buyerNegotiator, [
      { bid_id: trade.id, rating: 4 + (k % 2), source: 'Approved', to_distillery_id: toSeller },
    ]);
    await review(at(2), sellerNegotiator, [
      { bid_id: trade.id, rating: 2 + (k % 3), source: 'Rejected', to_distillery_id: facts!.buyer_distillery_id },
    ]);
  }
}
