// Issue 25 part 3: notifications reach the users the bid's mappings name at the tier concerned, never the user who
// acted nor another company; settings are respected in the app and by mail; mail goes out as one digest per user.
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSuperAdmin, userRow } from '../../test/fixtures.js';
import { seedTrader, type Trader } from '../../test/team-fixtures.js';
import {
  approveBid,
  openApprovalWindow,
  seedMarket,
  seedOpenBid,
  type BidData,
  type Market,
} from '../../test/bid-fixtures.js';
import { createHarness, type Harness } from '../../test/harness.js';
import { sendDigests, warnLapsing } from './notifications.jobs.js';
import { notifications } from './notifications.table.js';

let h: Harness;
let superToken: string;
let m: Market;
let bystander: Trader;
let adminIds: { seller: number; buyer: number };

beforeAll(async () => {
  h = await createHarness();
  superToken = await seedSuperAdmin(h);
  m = await seedMarket(h, { superToken });
  bystander = await seedTrader(h, { superToken, type: 'Seller' });
  adminIds = {
    seller: (await userRow(h, m.seller.company.email))!.id,
    buyer: (await userRow(h, m.buyer.company.email))!.id,
  };
}, 240_000);
afterAll(async () => h.close());

/** Every row written for a bid since the test began, as [user, type]. */
async function told(bidId: number) {
  await h.deps.events.flush();
  const rows = await h.db
    .select()
    .from(notifications)
    .where(eq(notifications.bid_id, bidId))
    .orderBy(asc(notifications.id));
  return rows;
}
const pairs = (rows: { user_id: number; type: string }[]) => rows.map((r) => [r.user_id, r.type]);
const ok = <T>(res: { statusCode: number; body: { data: T } }, what: string) => {
  if (res.statusCode !== 200) throw new Error(`${what}: ${JSON.stringify(res.body)}`);
  return res.body.data;
};
const counter = async (t: Trader, bid: BidData, price: number) =>
  ok(
    await h.call<BidData>(
      'negotiateBid',
      { bid_id: bid.id, version: bid.version, price, quantity: 1000, captcha: await h.captcha() },
      t.negotiator.token,
    ),
    'negotiateBid',
  );
const act = async (user: { email: string; token: string | null }, bid: BidData, is_approved: boolean) => {
  await openApprovalWindow(h, user);
  return ok(
    await h.call<BidData>(
      'bidAction',
      { bid_id: bid.id, is_approved, version: bid.version, ...(is_approved ? {} : { comment: 'No' }) },
      user.token,
    ),
    'bidAction',
  );
};
const names = () =>
  [m.seller, m.buyer, bystander].flatMap((t) => [t.company.body.name, t.company.body.registered_name]);

describe('who hears of a bid', () => {
  it('a bid on my listing, a counter, my turn, trade approved: the right users, never the actor or a bystander', async () => {
    let bid = await seedOpenBid(h, m);
    expect(pairs(await told(bid.id))).toEqual([[m.seller.negotiator.id, 'bid_placed']]);

    bid = await counter(m.seller, bid, 60);
    expect(pairs((await told(bid.id)).slice(1))).toEqual([[m.buyer.negotiator.id, 'bid_countered']]);

    // The buyer accepts the seller's terms: the deal locks and both Authorizers are due.
    bid = await act(m.buyer.negotiator, bid, true);
    expect(pairs((await told(bid.id)).slice(2)).sort()).toEqual(
      [
        [m.buyer.authorizer.id, 'your_turn'],
        [m.seller.authorizer.id, 'your_turn'],
      ].sort(),
    );

    // The buyer's Authorizer approves: the buyer's Approver is next; the seller's side heard already.
    bid = ok(await approveBid(h, m.buyer.authorizer, bid), 'approve');
    expect(pairs((await told(bid.id)).slice(4))).toEqual([[m.buyer.approver.id, 'your_turn']]);

    bid = ok(await approveBid(h, m.seller.authorizer, bid), 'approve');
    bid = ok(await approveBid(h, m.buyer.approver, bid), 'approve');
    const before = (await told(bid.id)).length;
    expect(pairs((await told(bid.id)).slice(5))).toEqual([[m.seller.approver.id, 'your_turn']]);
    bid = ok(await approveBid(h, m.seller.approver, bid), 'final approve');
    expect(bid.status).toBe('Approved');

    const traded = (await told(bid.id)).slice(before);
    expect(traded.every((r) => r.type === 'trade_approved')).toBe(true);
    const everyone = [m.seller, m.buyer].flatMap((t) => [t.negotiator.id, t.authorizer.id, t.approver.id]);
    const expected = [...everyone, adminIds.seller, adminIds.buyer].filter((id) => id !== m.seller.approver.id);
    expect(traded.map((r) => r.user_id).sort()).toEqual(expected.sort());
    expect(traded[0]!.title).toMatch(/^Trade approved: TR-\d{4}-\d{6}$/);

    const all = await told(bid.id);
    const bystanders = [bystander.negotiator.id, bystander.authorizer.id, bystander.approver.id];
    expect(all.filter((r) => bystanders.includes(r.user_id))).toEqual([]);
    // No company is named, before or after the trade.
    for (const r of all) for (const name of names()) expect(`${r.title} ${r.text}`).not.toContain(name);
  });

  it('a consumer that runs late still tells whose turn it was at each event, once', async () => {
    let bid = await seedOpenBid(h, m);
    bid = await counter(m.seller, bid, 61);
    await told(bid.id);
    // The outbox is not heard while the deal is accepted and both Authorizers approve: the consumer meets all three
    // events at once, with the bid already waiting for both Approvers.
    await h.deps.events.stop();
    try {
      bid = await act(m.buyer.negotiator, bid, true);
      bid = ok(await approveBid(h, m.buyer.authorizer, bid), 'approve');
      bid = ok(await approveBid(h, m.seller.authorizer, bid), 'approve');
    } finally {
      await h.deps.events.start();
    }
    const turns = (await told(bid.id)).filter((r) => r.type === 'your_turn');
    expect(pairs(turns).sort()).toEqual(
      [
        [m.buyer.authorizer.id, 'your_turn'],
        [m.seller.authorizer.id, 'your_turn'],
        [m.buyer.approver.id, 'your_turn'],
        [m.seller.approver.id, 'your_turn'],
      ].sort(),
    );
  });

  it('a rejection tells the other side’s users involved (Negotiator only while negotiating)', async () => {
    const market = await seedMarket(h, { superToken, seller: m.seller, buyer: m.buyer });
    const bid = await seedOpenBid(h, market);
    await act(m.seller.negotiator, bid, false);
    expect(pairs((await told(bid.id)).slice(1))).toEqual([[m.buyer.negotiator.id, 'bid_rejected']]);
  });

  it('links lead to the bid page over the recipient’s counterparty listing, through the API', async () => {
    const market = await seedMarket(h, { superToken, seller: m.seller, buyer: m.buyer });
    const bid = await seedOpenBid(h, market);
    await h.deps.events.flush();
    const list = ok(
      await h.call<{ records: { bid_id: number; link: string; read_at: string | null }[] }>(
        'getNotifications',
        { page: 1, page_size: 5 },
        m.seller.negotiator.token,
      ),
      'getNotifications',
    );
    expect(list.records[0]).toMatchObject({
      bid_id: bid.id,
      link: `/biditem/${market.ask.id}/${bid.id}`,
      read_at: null,
    });
  });
});

describe('the bell', () => {
  it('counts unread, marks one and all read; another user’s notification is not found', async () => {
    const token = m.seller.negotiator.token;
    const count = async () =>
      ok(await h.call<{ count: number }>('getUnreadNotificationCount', {}, token), 'count').count;
    const unread = await count();
    expect(unread).toBeGreaterThan(0);
    const list = ok(
      await h.call<{ records: { id: number }[]; totalRecords: number }>(
        'getNotifications',
        { page: 1, page_size: 5, sort_by: 'unread' },
        token,
      ),
      'list',
    );
    const marked = await h.call('markNotificationsRead', { id: list.records[0]!.id }, token);
    expect(marked.body.data).toEqual({ updated: 1 });
    expect(await count()).toBe(unread - 1);
    const foreign = await h.call('markNotificationsRead', { id: list.records[0]!.id }, m.buyer.negotiator.token);
    expect(foreign.statusCode).toBe(404);
    const bad = await h.call('markNotificationsRead', {}, token);
    expect(bad.statusCode).toBe(400);
    await h.call('markNotificationsRead', { all: true }, token);
    expect(await count()).toBe(0);
    const superAdmin = await h.call('getUnreadNotificationCount', {}, superToken);
    expect(superAdmin.statusCode).toBe(403);
  });
});

describe('settings and mail', () => {
  it('in app off and mail off: no row; mail off: a row and no mail', async () => {
    const token = m.seller.negotiator.token;
    const saved = await h.call(
      'updateNotificationPreferences',
      {
        preferences: [
          { type: 'bid_placed', in_app: false, mail: false },
          { type: 'bid_countered', in_app: true, mail: false },
        ],
      },
      token,
    );
    expect(saved.statusCode).toBe(200);
    const prefs = ok(
      await h.call<{ type: string; in_app: boolean; mail: boolean }[]>('getNotificationPreferences', {}, token),
      'prefs',
    );
    expect(prefs.find((p) => p.type === 'bid_placed')).toMatchObject({ in_app: false, mail: false });
    expect(prefs.find((p) => p.type === 'your_turn')).toMatchObject({ in_app: true, mail: true });

    await sendDigests(h.deps); // whatever was due before
    h.clock.offsetMs += 61_000;
    const market = await seedMarket(h, { superToken, seller: m.seller, buyer: m.buyer });
    let bid = await seedOpenBid(h, market);
    expect(await told(bid.id)).toEqual([]);
    bid = await counter(m.buyer, bid, 62);
    const rows = await told(bid.id);
    expect(pairs(rows)).toEqual([[m.seller.negotiator.id, 'bid_countered']]);
    expect(rows[0]).toMatchObject({ in_app: true, mail: false });
    const mailsBefore = (await h.mailsTo(m.seller.negotiator.email)).length;
    await sendDigests(h.deps);
    expect((await h.mailsTo(m.seller.negotiator.email)).length).toBe(mailsBefore);
    await h.call(
      'updateNotificationPreferences',
      {
        preferences: [
          { type: 'bid_placed', in_app: true, mail: true },
          { type: 'bid_countered', in_app: true, mail: true },
        ],
      },
      token,
    );
    const refused = await h.call(
      'updateNotificationPreferences',
      { preferences: [{ type: 'nope', in_app: true, mail: true }] },
      token,
    );
    expect(refused.statusCode).toBe(400);
  });

  it('a burst of five events sends one digest per user; the next run within the minute sends none', async () => {
    await sendDigests(h.deps);
    h.clock.offsetMs += 61_000;
    const market = await seedMarket(h, { superToken, seller: m.seller, buyer: m.buyer });
    let bid = await seedOpenBid(h, market); // 1: seller hears
    bid = await counter(m.seller, bid, 60); // 2: buyer hears
    bid = await counter(m.buyer, bid, 61); // 3: seller
    bid = await counter(m.seller, bid, 60.5); // 4: buyer
    bid = await counter(m.buyer, bid, 60.75); // 5: seller
    expect((await told(bid.id)).length).toBe(5);
    const before = {
      seller: (await h.mailsTo(m.seller.negotiator.email)).length,
      buyer: (await h.mailsTo(m.buyer.negotiator.email)).length,
    };
    expect(await sendDigests(h.deps)).toBe(2);
    const sellerMails = await h.mailsTo(m.seller.negotiator.email);
    const buyerMails = await h.mailsTo(m.buyer.negotiator.email);
    expect(sellerMails.length - before.seller).toBe(1);
    expect(buyerMails.length - before.buyer).toBe(1);
    expect(sellerMails[0]!.kind).toBe('notification_digest');
    expect(sellerMails[0]!.subject).toBe('Spirit Exchange: 3 updates on your trading');
    expect(sellerMails[0]!.text_body).toContain(`http://spirit.test/biditem/${market.ask.id}/${bid.id}`);
    for (const name of names()) expect(sellerMails[0]!.text_body).not.toContain(name);

    // Another event at once: it waits for the next minute.
    await counter(m.seller, bid, 60.6);
    await h.deps.events.flush();
    expect(await sendDigests(h.deps)).toBe(0);
    h.clock.offsetMs += 61_000;
    expect(await sendDigests(h.deps)).toBe(1);
  });

  it('a bid lapsing within the hour tells its Negotiators once', async () => {
    const market = await seedMarket(h, { superToken, seller: m.seller, buyer: m.buyer });
    const bid = await seedOpenBid(h, market, { hours: 0.5 });
    const far = await seedOpenBid(h, await seedMarket(h, { superToken, seller: m.seller, buyer: m.buyer }), {
      hours: 8,
    });
    const placed = (await told(bid.id)).length;
    expect(await warnLapsing(h.deps)).toBeGreaterThanOrEqual(1);
    const rows = (await told(bid.id)).slice(placed);
    expect(pairs(rows).sort()).toEqual(
      [
        [m.buyer.negotiator.id, 'bid_lapsing'],
        [m.seller.negotiator.id, 'bid_lapsing'],
      ].sort(),
    );
    expect(rows[0]!.title).toBe(`Bid #${bid.id} lapses within an hour`);
    expect(await warnLapsing(h.deps)).toBe(0);
    expect((await told(bid.id)).length).toBe(placed + 2);
    expect((await told(far.id)).filter((r) => r.type === 'bid_lapsing')).toEqual([]);
  });
});
