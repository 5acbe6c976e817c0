// Issue 25 part 2: the live stream over a real HTTP connection. Tickets are single-use, short-lived and their user's;
// each event reaches exactly the users who may read what it is about (two companies watching one market: a bid
// between A and B reaches A and B, never C); a resume with Last-Event-ID loses nothing and repeats nothing.
// "Never" is asserted without waiting: every stream also receives a later market event, and streams deliver in order.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSuperAdmin } from '../../test/fixtures.js';
import { seedListing, seedTrader, type Trader } from '../../test/team-fixtures.js';
import { seedApprovedTrade, seedMarket, seedOpenBid, type Market } from '../../test/bid-fixtures.js';
import { createHarness, type Harness } from '../../test/harness.js';
import { STREAM_RESET } from '@spirit/domain/events/events.constants';
import { bids } from '../bids/bids.table.js';
import { publish } from './events.service.js';
import { REPLAY_MAX } from './events.stream.js';
import { openSse, type SseEvent, type SseStream } from '../../test/sse-client.js';

let h: Harness;
let base: string;
let superToken: string;
let m: Market;
let c: Trader;
const open: SseStream[] = [];

beforeAll(async () => {
  h = await createHarness();
  base = await h.app.listen({ port: 0, host: '127.0.0.1' });
  superToken = await seedSuperAdmin(h);
  m = await seedMarket(h, { superToken });
  c = await seedTrader(h, { superToken, type: 'Buyer' });
}, 180_000);
afterAll(async () => {
  for (const s of open) s.close();
  await h.close();
});

async function ticketOf(token: string): Promise<string> {
  const res = await h.api('getEventTicket', {}, token);
  expect(res.statusCode).toBe(200);
  return (res.body as { data: { ticket: string } }).data.ticket;
}

async function stream(token: string, opts: { lastEventId?: string; query?: string } = {}) {
  const s = await openSse(`${base}/api/events?ticket=${await ticketOf(token)}${opts.query ?? ''}`, opts);
  expect(s.status).toBe(200);
  open.push(s);
  return s;
}

/** Commits are numbered and fanned out now (the database's notification would do it a moment later). */
const settle = () => h.app.deps.events.flush();

const json = (e: SseEvent) =>
  JSON.parse(e.data) as { seq: number; type: string; bid_id: number | null; listing_id: number | null };
const ofBid = (id: number) => (e: SseEvent) => json(e).bid_id === id;
const ofListing = (id: number) => (e: SseEvent) => json(e).listing_id === id && e.event.startsWith('listing.');

describe('stream tickets', () => {
  it('a ticket opens one stream: reused, expired, unknown, of an ended session or of another user: refused', async () => {
    const token = m.seller.negotiator.token!;
    const ticket = await ticketOf(token);
    const first = await openSse(`${base}/api/events?ticket=${ticket}`);
    open.push(first);
    expect(first.status).toBe(200);
    const again = await openSse(`${base}/api/events?ticket=${ticket}`);
    expect([again.status, again.refusal?.code]).toEqual([401, 'events.ticket_used']);
    expect(again.refusal?.error).toMatch(/already been used/);

    const unknown = await openSse(`${base}/api/events?ticket=not-a-ticket`);
    expect([unknown.status, unknown.refusal?.code]).toEqual([401, 'events.ticket_unknown']);
    const none = await openSse(`${base}/api/events`);
    expect(none.status).toBe(400);

    const late = await ticketOf(token);
    h.clock.offsetMs += 61_000;
    try {
      const expired = await openSse(`${base}/api/events?ticket=${late}`);
      expect([expired.status, expired.refusal?.code]).toEqual([401, 'events.ticket_expired']);
    } finally {
      h.clock.offsetMs -= 61_000;
    }

    const other = await openSse(`${base}/api/events?ticket=${await ticketOf(token)}`, {
      headers: { authorization: `Bearer ${m.buyer.negotiator.token}` },
    });
    expect([other.status, other.refusal?.code]).toEqual([403, 'events.ticket_other_user']);

    const leaving = await h.login(m.seller.negotiator.email, m.seller.negotiator.password);
    const leavingTicket = await ticketOf(leaving);
    expect((await h.call('logout', {}, leaving)).statusCode).toBe(200);
    const ended = await openSse(`${base}/api/events?ticket=${leavingTicket}`);
    expect([ended.status, ended.refusal?.code]).toEqual([401, 'events.session_ended']);
    // Without a session, no ticket.
    expect((await h.call('getEventTicket', {}, leaving)).statusCode).toBe(401);
  });

  it('the stream is text/event-stream, unbuffered by proxies', async () => {
    const res = await fetch(`${base}/api/events?ticket=${await ticketOf(m.buyer.adminToken)}`);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    expect(res.headers.get('cache-control')).toMatch(/no-cache/);
    expect(res.headers.get('content-encoding')).toBeNull();
    await res.body?.cancel();
  });

  it('a revoked session ends its stream at the next heartbeat', async () => {
    const token = await h.login(m.buyer.negotiator.email, m.buyer.negotiator.password);
    const s = await stream(token);
    expect((await h.call('logout', {}, token)).statusCode).toBe(200);
    await h.app.eventStreams.heartbeat();
    await s.ended;
  });
});

describe('who hears what', () => {
  it('a bid between A and B reaches A and B, never C; a market listing reaches every trading company', async () => {
    const seller = await stream(m.seller.negotiator.token!);
    const sellerAdmin = await stream(m.seller.adminToken);
    const buyer = await stream(m.buyer.authorizer.token!);
    const third = await stream(c.negotiator.token!);
    const platform = await stream(superToken);

    const bid = await seedOpenBid(h, m);
    const countered = await h.call(
      'negotiateBid',
      { bid_id: bid.id, version: bid.version, price: 60, quantity: 1000, captcha: await h.captcha() },
      m.seller.negotiator.token!,
    );
    expect(countered.statusCode).toBe(200);
    const marker = await seedListing(h, c);
    await settle();

    for (const s of [seller, sellerAdmin, buyer]) {
      await s.until(ofListing(marker.id));
      expect(s.received.filter(ofBid(bid.id)).map((e) => e.event)).toEqual(['bid.placed', 'bid.countered']);
    }
    await third.until(ofListing(marker.id));
    expect(third.received.filter((e) => e.event.startsWith('bid.'))).toEqual([]);
    const placed = seller.received.find(ofBid(bid.id))!;
    expect(json(placed)).toMatchObject({ type: 'bid.placed', bid_id: bid.id, listing_id: null });
    expect(placed.id).toBe(String(json(placed).seq));
    // Ids and states only: no company id or name.
    for (const e of seller.received) expect(e.data).not.toMatch(/compan|name/i);

    // The SuperAdmin reads approved trades only: the trade's last approval reaches them, the bids before do not.
    const trade = await seedApprovedTrade(h, await seedMarket(h, { superToken, seller: m.seller, buyer: m.buyer }));
    await settle();
    const traded = await platform.until((e) => e.event === 'bid.traded' && json(e).bid_id === trade.id);
    expect(platform.received.slice(0, platform.received.indexOf(traded)).map((e) => e.event)).toEqual([]);
    await third.until(ofListing(marker.id));
    expect(third.received.some(ofBid(trade.id))).toBe(false);
  });
});

describe('resuming', () => {
  it('with Last-Event-ID (header or query): what was missed, in order, then live events, none twice', async () => {
    const first = await stream(m.seller.negotiator.token!);
    const bid = await seedOpenBid(h, await seedMarket(h, { superToken, seller: m.seller, buyer: m.buyer }));
    await settle();
    const last = await first.until(ofBid(bid.id));
    first.close();

    // Missed while disconnected: a counter and a new listing.
    const countered = await h.call(
      'negotiateBid',
      { bid_id: bid.id, version: bid.version, price: 59, quantity: 1000, captcha: await h.captcha() },
      m.seller.negotiator.token!,
    );
    expect(countered.statusCode).toBe(200);
    const missed = await seedListing(h, c);
    await settle();

    for (const opts of [{ lastEventId: last.id! }, { query: `&last_event_id=${last.id}` }]) {
      const again = await stream(m.seller.negotiator.token!, opts);
      await again.until(ofListing(missed.id));
      const live = await seedListing(h, c);
      await settle();
      await again.until(ofListing(live.id));
      const seqs = again.received.map((e) => json(e).seq);
      expect(seqs[0]).toBeGreaterThan(Number(last.id));
      expect(new Set(seqs).size).toBe(seqs.length);
      expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
      const mine = again.received.filter((e) => ofBid(bid.id)(e) || ofListing(missed.id)(e) || ofListing(live.id)(e));
      expect(mine.map((e) => e.event)).toEqual(['bid.countered', 'listing.created', 'listing.created']);
      again.close();
    }
  });

  it('a gap larger than the replay bound: a reset (refetch everything), then live events', async () => {
    await settle();
    const from = h.app.deps.events.position();
    const burst = Array.from({ length: REPLAY_MAX + 10 }, (_, i) => ({
      type: 'listing.changed' as const,
      listingId: 900_000 + i,
      companyIds: null,
    }));
    await h.db.transaction((tx) => publish(tx, burst));
    await settle();
    const s = await stream(m.buyer.negotiator.token!, { lastEventId: String(from) });
    const reset = await s.until((e) => e.event === STREAM_RESET);
    expect(Number(reset.id)).toBe(h.app.deps.events.position());
    const live = await seedListing(h, c);
    await settle();
    await s.until(ofListing(live.id));
    expect(s.received.at(-1)!.event).toBe('listing.created');
  });
});

describe('unchanged polls (ETag)', () => {
  const call = (method: string, body: unknown, token: string, tag?: string) =>
    h.app.inject({
      method: 'POST',
      url: `/api/${method}`,
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        ...(tag ? { 'if-none-match': tag } : {}),
      },
      payload: JSON.stringify(body),
    });
  const poll = (bidId: number, token: string, tag?: string) => call('getBidById', { bid_id: bidId }, token, tag);

  /** A tag that a repeat answers 304 (a notification of an earlier write may still move the generation once). */
  async function settledTag(bidId: number, token: string) {
    let tag = (await poll(bidId, token)).headers.etag as string;
    for (let i = 0; i < 5; i++) {
      const again = await poll(bidId, token, tag);
      if (again.statusCode === 304) return tag;
      tag = again.headers.etag as string;
    }
    throw new Error('the change generation never settled');
  }

  it('answers 304 without reading; a write, another caller, another body, a lapse or a forged tag: a full answer', async () => {
    const market = await seedMarket(h, { superToken, seller: m.seller, buyer: m.buyer });
    const bid = await seedOpenBid(h, market);
    const other = await seedOpenBid(h, await seedMarket(h, { superToken, seller: m.seller, buyer: m.buyer }));
    const token = m.seller.negotiator.token!;
    const tag = await settledTag(bid.id, token);
    expect(tag).toMatch(/^"[\d.]+\.[\w-]+"$/);

    const before = h.app.deps.database.queries.count;
    const unchanged = await poll(bid.id, token, tag);
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(h.app.deps.database.queries.count - before).toBeLessThanOrEqual(1);

    // Another caller (even of the same company), another bid, a tag with its instant moved: answered in full.
    expect((await poll(bid.id, m.seller.authorizer.token!, tag)).statusCode).toBe(200);
    expect((await poll(other.id, token, tag)).statusCode).toBe(200);
    const [gen, , mac] = [tag.slice(1, -1).split('.').slice(0, 2).join('.'), 0, tag.slice(1, -1).split('.').at(-1)];
    expect((await poll(bid.id, token, `"${gen}.${Date.now() + 10 ** 9}.${mac}"`)).statusCode).toBe(200);

    // Past its validity the open bid reads Lapsed, before any write: the tag has lapsed with it.
    await h.db
      .update(bids)
      .set({ valid_until: new Date(h.deps.now().getTime() + 60_000) })
      .where(eq(bids.id, bid.id));
    const closing = await settledTag(bid.id, token);
    h.clock.offsetMs += 120_000;
    try {
      const lapsed = await poll(bid.id, token, closing);
      expect(lapsed.statusCode).toBe(200);
      expect(lapsed.json().data.status).toBe('Lapsed');
    } finally {
      h.clock.offsetMs -= 120_000;
    }

    // A counter changes the bid: the old tag is refused.
    const fresh = await settledTag(bid.id, token);
    const countered = await h.call(
      'negotiateBid',
      { bid_id: bid.id, version: bid.version, price: 58, quantity: 1000, captcha: await h.captcha() },
      token,
    );
    expect(countered.statusCode).toBe(200);
    const changed = await poll(bid.id, token, fresh);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.price).toMatch(/^58/);
  });

  it('the polled lists and counts too: 304 while unchanged, a full answer after a write or past a minute', async () => {
    const market = await seedMarket(h, { superToken, seller: m.seller, buyer: m.buyer });
    const bid = await seedOpenBid(h, market);
    const token = m.seller.negotiator.token!;
    const polled: [string, unknown][] = [
      ['getAllBids', { page: 1, page_size: 10 }],
      ['getAwaitingBidCount', {}],
      ['getAllOffers', { page: 1, page_size: 10 }],
      ['getDashboardData', {}],
      ['getDashboardAllOpenBids', { page: 1, page_size: 10 }],
    ];
    const settled = async (method: string, body: unknown) => {
      let tag = (await call(method, body, token)).headers.etag as string;
      for (let i = 0; i < 5; i++) {
        const again = await call(method, body, token, tag);
        if (again.statusCode === 304) return tag;
        tag = again.headers.etag as string;
      }
      throw new Error(`${method}: the change generation never settled`);
    };
    const tags = new Map<string, string>();
    for (const [method, body] of polled) {
      const res = await call(method, body, token);
      expect(res.statusCode, `${method} ${res.body}`).toBe(200);
      tags.set(method, await settled(method, body));
      expect((await call(method, body, token, tags.get(method))).statusCode, method).toBe(304);
    }
    // A minute on, each is read again (a bid elsewhere may have lapsed into or out of the page by then).
    h.clock.offsetMs += 61_000;
    try {
      for (const [method, body] of polled)
        expect((await call(method, body, token, tags.get(method))).statusCode, method).toBe(200);
    } finally {
      h.clock.offsetMs -= 61_000;
    }
    // A counter changes the bid: every list's old tag is refused.
    for (const [method, body] of polled) tags.set(method, await settled(method, body));
    const countered = await h.call(
      'negotiateBid',
      { bid_id: bid.id, version: bid.version, price: 57, quantity: 1000, captcha: await h.captcha() },
      token,
    );
    expect(countered.statusCode).toBe(200);
    for (const [method, body] of polled)
      expect((await call(method, body, token, tags.get(method))).statusCode, method).toBe(200);
  });
});
