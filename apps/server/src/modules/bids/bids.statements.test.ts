// Issue 24 part 2: the statements a whole trade sends, call by call (place → three counters → accept → four
// approvals), counted at the driver. A change that adds a round trip to the trade path fails here; the budgets are
// what the path sends today, so each one is a ceiling to lower, never to raise without a reason.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedSuperAdmin } from '../../test/fixtures.js';
import { openApprovalWindow, seedMarket, validUntil, type BidData, type Market } from '../../test/bid-fixtures.js';
import { createHarness, type Harness } from '../../test/harness.js';
import { seedAsk, seedOffer } from '../../test/team-fixtures.js';

let h: Harness;
let m: Market;

beforeAll(async () => {
  h = await createHarness();
  m = await seedMarket(h, { superToken: await seedSuperAdmin(h) });
  for (const side of [m.buyer, m.seller])
    for (const user of [side.negotiator, side.authorizer, side.approver]) await openApprovalWindow(h, user);
}, 180_000);
afterAll(async () => h?.close());

/** One whole trade between `offer` and `ask`: each call's label and the statements it sent. */
async function trade(offerId: number, askId: number) {
  const sent: [string, number][] = [];
  const counted = async (label: string, method: string, body: Record<string, unknown>, token: string | null) => {
    const before = h.deps.database.queries.count;
    const res = await h.call<BidData>(method, body, token);
    expect(res.statusCode, `${label}: ${JSON.stringify(res.body)}`).toBe(200);
    sent.push([label, h.deps.database.queries.count - before]);
    return res.body.data;
  };
  const captcha = () => h.captcha();
  let bid = await counted(
    'createBid',
    'createBid',
    {
      quantity: '1000',
      price: '61.50',
      valid_until: validUntil(h, 8),
      my_offer_id: askId,
      offer_id: offerId,
      captcha: await captcha(),
    },
    m.buyer.negotiator.token,
  );
  for (const [i, who] of [m.seller, m.buyer, m.seller].entries())
    bid = await counted(
      `negotiateBid ${i + 1}`,
      'negotiateBid',
      { bid_id: bid.id, version: bid.version, quantity: '1000', price: String(62 - i * 0.1), captcha: await captcha() },
      who.negotiator.token,
    );
  bid = await counted(
    'accept',
    'bidAction',
    { bid_id: bid.id, is_approved: true, version: bid.version },
    m.buyer.negotiator.token,
  );
  for (const user of [m.buyer.authorizer, m.seller.authorizer, m.buyer.approver, m.seller.approver])
    bid = await counted(
      `approve (${user.email.split('@')[0]})`,
      'bidAction',
      { bid_id: bid.id, is_approved: true, version: bid.version },
      user.token,
    );
  expect(bid.status).toBe('Approved');
  return sent;
}

it('a trade’s nine calls each send a bounded number of statements', async () => {
  // The caller's session (on their first call); for a placement or a counter, the captcha claimed (with the purge of expired ones). A placement: the pair's open
  // bid and both listings locked, the caller's mapping read, the bid written, its history, audit and event rows in
  // one statement, then the answer's bid and history. A transition: the bid locked with its listings, the caller's
  // tiers and their approval window in one statement; the bid written; its rows; the answer. The sixth approval adds
  // the companies share-locked, both listings locked in one statement and written in another, their audit and event
  // rows, the candidate fee rates, the trade number and at the end the two invoices (their companies read, the
  // serials taken, the rows written, then their audit entries in one statement).
  const budget: Record<string, number> = { createBid: 8, negotiateBid: 6, accept: 5, approve: 5, final: 11 };
  // On PostgreSQL, each call's transaction adds its BEGIN and COMMIT, which node-postgres sends as statements.
  const transaction = h.deps.database.kind === 'postgres' ? 2 : 0;
  const within = (sent: [string, number][], extra: (i: number) => number) => {
    const kind = (label: string, i: number) => (i === sent.length - 1 ? 'final' : label.split(' ')[0]!);
    for (const [i, [label, n]] of sent.entries())
      expect(n, `${label}: ${n} statements`).toBeLessThanOrEqual(budget[kind(label, i)]! + transaction + extra(i));
  };
  // A process that has not yet answered for these parties: a call may also read their names, their distilleries'
  // names and the caller's company's ratings into its memo (up to three statements), which later answers find kept.
  within(await trade((await seedOffer(h, m.seller)).id, (await seedAsk(h, m.buyer)).id), () => 3);
  // A running server's trade: the parties' names and ratings kept.
  within(await trade(m.offer.id, m.ask.id), () => 0);
});
