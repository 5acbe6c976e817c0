// The demo market's bids (issue 9 part 9): one or more in every status, between the demo companies, made through
// the bid services the way their people would, so every demo Negotiator, Authorizer and Approver finds something
// waiting. Approvals go through the real step-up: each acting user gets a session, a code (captured instead of
// mailed) and the window it opens; the sessions are revoked at the end. Only the captcha is waived, as a person
// would have solved it.
import type { Role } from '@spirit/domain/auth/auth.constants';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Actor } from '../lib/actor.js';
import { revokeSession } from '../modules/auth/auth.repository.js';
import { openSession } from '../modules/auth/session.js';
import { lapseExpired } from '../modules/bids/bids.lapse.js';
import * as bids from '../modules/bids/bids.service.js';
import * as stepUp from '../modules/bids/bids.step-up.js';
import { distilleries } from '../modules/distilleries/distilleries.table.js';
import { listings } from '../modules/listings/listings.table.js';
import type { Mail } from '../modules/mail/mail.templates.js';
import { users } from '../modules/users/users.table.js';
import type { DEMO_COMPANIES, DEMO_STAFF } from './demo.js';
import { seedSaleOrders, type DemoTrade } from './sale-orders.js';
import { SCRIPTS } from './bid-scripts.js';
import type { Deps } from '../types.js';

type Local = (typeof DEMO_STAFF)[number]['local'];
type Bid = Awaited<ReturnType<typeof bids.place>>;

const ROLE_OF: Record<Local, Role> = {
  negotiator: 'Negotiator',
  authorizer: 'Authorizer',
  approver: 'Approver',
  negotiator2: 'Negotiator',
};

export async function seedBids(
  deps: Deps,
  demo: { companies: typeof DEMO_COMPANIES; companyIds: Map<string, number> },
) {
  const { companyIds } = demo;
  const codes: Mail[] = [];
  // The captcha a person would have solved is waived; codes are captured instead of mailed.
  const quiet: Deps = {
    ...deps,
    captcha: { ...deps.captcha, verify: async () => {} },
    mailer: { send: async (mail) => void codes.push(mail), flush: async () => {} },
  };
  const sessions: number[] = [];
  const people = new Map<string, Actor>();
  const windows = new Set<string>();

  async function person(company: string, local: Local): Promise<Actor> {
    const key = `${company}/${local}`;
    const known = people.get(key);
    if (known) return known;
    const c = demo.companies.find((d) => d.name === company)!;
    const email = `${local}@${c.email.slice(c.email.indexOf('@') + 1)}`;
    const [user] = await deps.db.select().from(users).where(eq(users.email, email));
    const { sessionId } = await deps.db.transaction((tx) => openSession(tx, deps, user!.id, null));
    sessions.push(sessionId);
    const actor: Actor = {
      sessionId,
      userId: user!.id,
      name: user!.name,
      email: user!.email,
      companyId: companyIds.get(company)!,
      companyName: company,
      companyType: c.type,
      roles: [ROLE_OF[local]],
    };
    people.set(key, actor);
    return actor;
  }

  /**
   * The step-up as a person does it: a code by mail, then verifyOTP, once per person. Dated two minutes back, past
   * the resend wait: a demo user who approves something in the market's first minute gets a code at once.
   */
  async function stepped(actor: Actor) {
    if (windows.has(actor.email)) return actor;
    const before: Deps = { ...quiet, now: () => new Date(now.getTime() - 2 * 60_000) };
    await stepUp.generate(before, actor);
    const code = /code is ([0-9]{6})/.exec(codes.at(-1)!.text)![1]!;
    await stepUp.verify(before, actor, code);
    windows.add(actor.email);
    return actor;
  }

  /** A company's listing of a product at its n-th distillery. */
  async function listingOf(company: string, product: string, n: number) {
    const plants = await deps.db
      .select({ id: distilleries.id })
      .from(distilleries)
      .where(eq(distilleries.company_id, companyIds.get(company)!))
      .orderBy(asc(distilleries.id));
    const [row] = await deps.db
      .select()
      .from(listings)
      .where(
        and(
          eq(listings.company_id, companyIds.get(company)!),
          eq(listings.product, product),
          inArray(listings.distillery_id, [plants[n]!.id]),
        ),
      );
    return row!;
  }

  const now = deps.now();
  const trades: DemoTrade[] = [];
  for (const [i, s] of SCRIPTS.entries()) {
    // A past trade runs on a clock set back by its days (each step still a moment after the one before).
    const past: Deps = s.daysAgo
      ? { ...quiet, now: () => new Date(quiet.now().getTime() - s.daysAgo! * 86_400_000) }
      : quiet;
    const offer = await listingOf(s.seller, s.product, s.at[0]);
    const ask = await listingOf(s.buyer, s.product, s.at[1]);
    const sellerNeg = await person(s.seller, s.at[0] === 2 ? 'negotiator2' : 'negotiator');
    const buyerNeg = await person(s.buyer, s.at[1] === 2 ? 'negotiator2' : 'negotiator');
    const [placer, answerer] = s.bySeller ? [sellerNeg, buyerNeg] : [buyerNeg, sellerNeg];
    // A lapsed bid was placed six hours ago for four.
    const at = s.script === 'lapsed' ? new Date(now.getTime() - 6 * 3_600_000) : past.now();
    const price = (Number(offer.price) * (0.97 + (i % 4) * 0.01)).toFixed(2);
    let bid: Bid = await bids.place({ ...quiet, now: () => at }, placer, {
      quantity: 1_000 + (i % 5) * 500,
      price: Number(price),
      valid_until: new Date(at.getTime() + (s.script === 'lapsed' ? 4 : 24 + (i % 3) * 12) * 3_600_000),
      comment: 'Opening terms',
      my_offer_id: s.bySeller ? offer.id : ask.id,
      counterparty_listing_id: s.bySeller ? ask.id : offer.id,
      captcha: '',
    });
    if (s.script === 'new' || s.script === 'lapsed') continue;
    if (s.script === 'countered') {
      await bids.negotiate(quiet, answerer, {
        bid_id: bid.id,
        version: bid.version,
        quantity: Number(bid.quantity),
        price: Number((Number(price) * 1.02).toFixed(2)),
        // One of the offered validities from the moment of the counter (the seed may have run a while by then).
        valid_until: new Date(quiet.now().getTime() + 36 * 3_600_000),
        comment: 'We can meet you a little higher',
        captcha: '',
      });
      continue;
    }
    if (s.script === 'rejected') {
      await bids.act(quiet, await stepped(answerer), {
        bid_id: bid.id,
        version: bid.version,
        is_approved: false,
        comment: 'Price too far from ours this month',
      });
      continue;
    }
    bid = await bids.act(past, await stepped(answerer), {
      bid_id: bid.id,
      version: bid.version,
      is_approved: true,
      comment: '',
    });
    if (s.script === 'locked') continue;
    const chain: [string, Local][] = [
      [s.buyer, 'authorizer'],
      [s.seller, 'authorizer'],
      ...(s.script === 'approved'
        ? ([
            [s.buyer, 'approver'],
            [s.seller, 'approver'],
          ] as [string, Local][])
        : []),
    ];
    for (const [company, local] of chain) {
      const actor = await stepped(await person(company, local));
      bid = await bids.act(past, actor, { bid_id: bid.id, version: bid.version, is_approved: true, comment: '' });
    }
    if (s.script === 'approved')
      trades.push({
        bidId: bid.id,
        tradeReference: bid.trade_reference_number!,
        product: s.product,
        seller: sellerNeg,
      });
  }
  await seedSaleOrders(deps, trades);
  await lapseExpired(deps);
  for (const id of sessions) await revokeSession(deps.db, id, deps.now());
}
