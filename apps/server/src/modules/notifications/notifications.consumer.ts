// The notifications consumer (issue 25 part 3): a durable consumer of the event outbox that turns bid events into
// notification rows, in the transaction that moves its place (events.outbox.ts), so each event is told exactly once.
// Who hears is the pure rule's answer (`bidEventTargets`) resolved through the mappings of the bid's two
// distilleries; the user who acted never hears of their own act. Listing events feed the price alerts.
import { BID_SIDES, type BidSide, type BidStatus } from '@spirit/domain/bids/bids.constants';
import type { BidState } from '@spirit/domain/bids/bids.rules';
import { BID_EVENT_TYPES } from '@spirit/domain/events/events.constants';
import type { NotificationType } from '@spirit/domain/notifications/notifications.constants';
import {
  bidEventTargets,
  channelsFor,
  notificationText,
  type NotificationFacts,
  type Target,
} from '@spirit/domain/notifications/notifications.rules';
import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { Deps } from '../../types.js';
import { alertNotifications } from '../alerts/alerts.matching.js';
import { findBid, type BidRow } from '../bids/bids.repository.js';
import { listings } from '../listings/listings.table.js';
import { stateOf } from '../bids/bids.view.js';
import type { Consumer, StoredEvent } from '../events/events.outbox.js';
import {
  companyAdmins,
  insertNotifications,
  mappedUsers,
  reachableUsers,
  savedPreferences,
  type NotificationRow,
} from './notifications.repository.js';

/** One notification for one user, before their settings are applied. */
export type Pending = {
  userId: number;
  type: NotificationType;
  bidId: number | null;
  listingId: number | null;
  facts: NotificationFacts;
};

const BID_TYPES = new Set<string>(BID_EVENT_TYPES);

/** The recipient's counterparty listing: a buyer's is the offer, a seller's the ask (the bid page's first id). */
export const counterpartyListing = (bid: Pick<BidRow, 'offer_id' | 'ask_id'>, side: BidSide) =>
  side === 'buyer' ? bid.offer_id : bid.ask_id;

export const bidFacts = (bid: BidRow): NotificationFacts => ({
  product: bid.product,
  quantity: bid.quantity,
  price: bid.price,
  bid_id: bid.id,
  trade_reference: bid.trade_reference,
  valid_until: bid.valid_until,
});

/** The users `targets` name on a bid: its distilleries' mapped users by tier, its companies' Admins. */
export async function usersOf(tx: Tx, bid: BidRow, targets: Target[]): Promise<{ userId: number; side: BidSide }[]> {
  if (!targets.length) return [];
  const pair = await tx
    .select({ id: listings.id, distillery_id: listings.distillery_id })
    .from(listings)
    .where(inArray(listings.id, [bid.offer_id, bid.ask_id]));
  const distilleryOf = (side: BidSide) =>
    pair.find((l) => l.id === (side === 'seller' ? bid.offer_id : bid.ask_id))?.distillery_id;
  const mapped = await mappedUsers(
    tx,
    pair.map((l) => l.distillery_id),
  );
  const companyOf = (side: BidSide) => (side === 'seller' ? bid.seller_company_id : bid.buyer_company_id);
  const admins = new Map<BidSide, number[]>();
  for (const side of BID_SIDES)
    if (targets.some((t) => t.side === side && t.tier === 'admin'))
      admins.set(side, await companyAdmins(tx, companyOf(side)));
  const found: { userId: number; side: BidSide }[] = [];
  for (const t of targets) {
    if (t.tier === 'admin') {
      for (const userId of admins.get(t.side) ?? []) found.push({ userId, side: t.side });
      continue;
    }
    const distillery = distilleryOf(t.side);
    const users = distillery === undefined ? undefined : mapped.get(distillery);
    if (users) found.push({ userId: users[t.tier], side: t.side });
  }
  return found;
}

/** The notifications one bid event makes. */
async function forBidEvent(tx: Tx, event: StoredEvent, now: Date): Promise<Pending[]> {
  const side = event.data.side as BidSide | undefined;
  if (!event.bid_id || !side) return [];
  const bid = await findBid(tx, event.bid_id);
  if (!bid) return [];
  // Whose turn it was when the event was written (its `state`), not now: this may run after later approvals.
  const at = event.data.state as Omit<BidState, 'status'> | undefined;
  const state: BidState = at ? { ...at, status: event.data.status as BidStatus } : stateOf(bid);
  const told = bidEventTargets({ type: event.type, side, bid: state, now });
  if (!told) return [];
  const recipients = await usersOf(tx, bid, told.targets);
  return recipients.map(({ userId, side: theirs }) => ({
    userId,
    type: told.type,
    bidId: bid.id,
    listingId: counterpartyListing(bid, theirs),
    facts: bidFacts(bid),
  }));
}

/**
 * Writes `pending` as rows, each user's settings applied: one row per user, type and bid or listing (a user mapped
 * at two tiers, or Admin and mapped, hears once); none for `except` (the actor), for users who can no longer sign
 * in, or for a type the user turned off in both channels.
 */
export async function writeNotifications(tx: Tx, pending: Pending[], opts: { except?: number | null; now: Date }) {
  const seen = new Set<string>();
  const unique = pending.filter((p) => {
    const key = `${p.userId}|${p.type}|${p.bidId}|${p.listingId}`;
    if (p.userId === opts.except || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const ids = [...new Set(unique.map((p) => p.userId))];
  // One after the other: `tx` is one connection, which takes one statement at a time (node-postgres queues a second
  // meanwhile, and says it will refuse to from pg 9).
  const reachable = await reachableUsers(tx, ids);
  const saved = await savedPreferences(tx, ids);
  const rows: NotificationRow[] = [];
  for (const p of unique) {
    if (!reachable.has(p.userId)) continue;
    const channels = channelsFor(p.type, saved.get(p.userId) ?? {});
    if (!channels.in_app && !channels.mail) continue;
    rows.push({
      user_id: p.userId,
      type: p.type,
      bid_id: p.bidId,
      listing_id: p.listingId,
      ...notificationText(p.type, p.facts),
      in_app: channels.in_app,
      mail: channels.mail,
      created_at: opts.now,
    });
  }
  await insertNotifications(tx, rows);
  return rows.length;
}

export function notificationsConsumer(deps: Deps): Consumer {
  return {
    name: 'notifications',
    handle: async (tx, batch) => {
      const now = deps.now();
      for (const event of batch.filter((e) => BID_TYPES.has(e.type))) {
        const pending = await forBidEvent(tx, event, now);
        if (pending.length) await writeNotifications(tx, pending, { except: event.actor_user_id, now });
      }
      // Listing events are matched against the price alerts as one set (the actor is left out there).
      const alerted = await alertNotifications(tx, batch, now);
      if (alerted.length) await writeNotifications(tx, alerted, { now });
    },
  };
}
