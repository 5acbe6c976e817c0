// Seeders of bids and trades, through the API as the two companies' Negotiators, Authorizers and Approvers would
// act (the companies, teams and listings they trade come from fixtures.ts).
import { VALIDITY_HOURS } from '@spirit/domain/bids/bids.constants';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { bids } from '../modules/bids/bids.table.js';
import { upload } from './fixtures.js';
import { seedAsk, seedOffer, seedTrader, type Trader } from './team-fixtures.js';
import { otpCode, type Harness, type Reply } from './harness.js';

/** `valid_until` `hours` ahead of the harness's clock. */
export function validUntil(h: Harness, hours = 4) {
  return new Date(Date.now() + h.clock.offsetMs + hours * 3_600_000).toISOString();
}

type Person = { email: string; token: string | null };
const windows = new WeakMap<Harness, Map<string, number>>();

/** Opens the approval window of `user`'s session with a mailed code, unless it is open already. */
export async function openApprovalWindow(h: Harness, user: Person) {
  let open = windows.get(h);
  if (!open) windows.set(h, (open = new Map()));
  const now = Date.now() + h.clock.offsetMs;
  if ((open.get(user.token!) ?? 0) > now + 30_000) return;
  const sent = await h.call('generateUserOTP', {}, user.token);
  if (sent.statusCode !== 200) throw new Error(`generateUserOTP: ${JSON.stringify(sent.body)}`);
  const verified = await h.call<{ approval_window_until: string }>(
    'verifyOTP',
    { otp: await otpCode(h, user.email) },
    user.token,
  );
  if (verified.statusCode !== 200) throw new Error(`verifyOTP: ${JSON.stringify(verified.body)}`);
  open.set(user.token!, Date.parse(verified.body.data.approval_window_until));
}

export type Market = { seller: Trader; buyer: Trader; offer: { id: number }; ask: { id: number } };
export type BidData = { id: number; version: number; status: string; trade_reference_number: string | null };

/** A Seller and a Buyer, each with a matching listing (Molasses ENA, 10,000 L) unless given. */
export async function seedMarket(h: Harness, opts: { superToken: string; seller?: Trader; buyer?: Trader }) {
  const seller = opts.seller ?? (await seedTrader(h, { superToken: opts.superToken, type: 'Seller' }));
  const buyer = opts.buyer ?? (await seedTrader(h, { superToken: opts.superToken, type: 'Buyer' }));
  return { seller, buyer, offer: await seedOffer(h, seller), ask: await seedAsk(h, buyer) };
}

function ok<T>(res: Reply<T>, what: string): T {
  if (res.statusCode !== 200) throw new Error(`${what}: ${res.statusCode} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/**
 * A New bid placed through createBid by the buyer's (or seller's) Negotiator, valid for `hours`. The API offers 4 to
 * 48 hours in steps of 4; any other `hours` (a bid about to lapse) is placed for 4 and its validity then arranged
 * directly.
 */
export async function seedOpenBid(
  h: Harness,
  m: Market,
  opts: { by?: 'buyer' | 'seller'; quantity?: string | number; price?: string | number; hours?: number } = {},
) {
  const by = opts.by ?? 'buyer';
  const [mine, other] = by === 'buyer' ? [m.ask.id, m.offer.id] : [m.offer.id, m.ask.id];
  const offered = opts.hours === undefined || (VALIDITY_HOURS as readonly number[]).includes(opts.hours);
  const res = await h.call<BidData>(
    'createBid',
    {
      quantity: opts.quantity ?? '1000',
      price: opts.price ?? '61.50',
      valid_until: validUntil(h, offered ? opts.hours : 4),
      my_offer_id: mine,
      [by === 'buyer' ? 'offer_id' : 'ask_id']: other,
      captcha: await h.captcha(),
    },
    (by === 'buyer' ? m.buyer : m.seller).negotiator.token,
  );
  const bid = ok(res, 'createBid');
  if (!offered)
    await h.db
      .update(bids)
      .set({ valid_until: new Date(validUntil(h, opts.hours)) })
      .where(eq(bids.id, bid.id));
  return bid;
}

/** A bid whose terms both Negotiators agreed: placed by the buyer, accepted by the seller (a locked deal). */
export async function seedLockedBid(h: Harness, m: Market, opts: Parameters<typeof seedOpenBid>[2] = {}) {
  const bid = await seedOpenBid(h, m, opts);
  const acceptor = (opts.by ?? 'buyer') === 'buyer' ? m.seller.negotiator : m.buyer.negotiator;
  await openApprovalWindow(h, acceptor);
  const res = await h.call<BidData>(
    'bidAction',
    { bid_id: bid.id, is_approved: true, version: bid.version },
    acceptor.token,
  );
  return ok(res, 'accept');
}

/** One approval of a locked bid by a side's Authorizer or Approver. */
export async function approveBid(h: Harness, user: Person, bid: { id: number; version: number }) {
  await openApprovalWindow(h, user);
  return h.call<BidData>('bidAction', { bid_id: bid.id, is_approved: true, version: bid.version }, user.token);
}

/** A trade: a locked bid approved by both Authorizers and both Approvers; the last approval makes it Approved. */
export async function seedApprovedTrade(h: Harness, m: Market, opts: Parameters<typeof seedOpenBid>[2] = {}) {
  let bid = await seedLockedBid(h, m, opts);
  for (const user of [m.buyer.authorizer, m.seller.authorizer, m.buyer.approver, m.seller.approver])
    bid = ok(await approveBid(h, user, bid), 'approve');
  return bid;
}

/** A sale order uploaded by `token`'s company (`purpose=sale_order`): its `file_url`. */
export async function uploadSaleOrder(h: Harness, token: string | null, file: { name?: string; bytes?: Buffer } = {}) {
  const res = await upload(h, { ...file, name: file.name ?? 'sale-order.pdf', purpose: 'sale_order', token });
  return ok(res, 'uploadFile sale_order').file_url;
}

/**
 * Approved trades of the market's pair written by SQL at 10:00 IST on each of `days` (as an import or a correction
 * would; a test runs it in a transaction it rolls back): the i-th (from 1) of 100 + 7.5 i litres at ₹50.25 + i,
 * confidential when `confidentialEvery` divides i, its trade reference `${prefix}` and i.
 */
export async function insertTradesOn(
  tx: Tx,
  m: Market,
  days: readonly string[],
  opts: { prefix: string; confidentialEvery?: number },
) {
  const every = opts.confidentialEvery ?? 0;
  await tx.execute(sql`insert into bids (offer_id, ask_id, seller_company_id, buyer_company_id, product,
      placed_by, quantity, price, valid_until, status, locked, is_negotiator_buyer_approved, is_confidential,
      trade_reference, approved_at, created_at, updated_at)
    select ${m.offer.id}, ${m.ask.id}, ${m.seller.company.id}, ${m.buyer.company.id}, l.product, 'Buyer',
      100 + i * 7.5, 50.25 + i, d::timestamptz, 'Approved', true, true, ${every} > 0 and i % ${every} = 0,
      ${opts.prefix} || lpad(i::text, 5, '0'), d::timestamptz, d::timestamptz - interval '1 hour', d::timestamptz
    from unnest(string_to_array(${days.map((day) => `${day}T10:00:00+05:30`).join(',')}, ','))
      with ordinality as x(d, i), listings l
    where l.id = ${m.offer.id}`);
}
