// Who hears of a bid's event and what they read (issue 25 part 3). Pure: the server's consumer reads the bid and the
// mappings, asks these rules which tiers of which side to tell, and removes the user who acted. Texts never name the
// counterparty: before the trade a company is masked, so a notification says product, quantity, price and the bid.
import { BID_SIDES, BID_TIERS, otherBidSide, type BidSide, type BidTier } from '../bids/bids.constants.js';
import { whoseTurn, type BidState, type Instant } from '../bids/bids.rules.js';
import { groupIndian } from '../common/grouping.js';
import type { EventType } from '../events/events.constants.js';
import { DEFAULT_CHANNELS, type NotificationChannels, type NotificationType } from './notifications.constants.js';

/** A group of users of one side of a bid: the users its mapping names at `tier`, or the company's Admins. */
export type Target = { side: BidSide; tier: BidTier | 'admin' };

const sidesTiers = (sides: readonly BidSide[], tiers: readonly Target['tier'][]): Target[] =>
  sides.flatMap((side) => tiers.map((tier) => ({ side, tier })));

/**
 * The users a bid concerns on each side: its Negotiators, and once the deal is locked (the approval chain has work)
 * the Authorizers and Approvers too.
 */
export function involved(bid: Pick<BidState, 'locked'>, sides: readonly BidSide[] = BID_SIDES): Target[] {
  return sidesTiers(sides, bid.locked ? BID_TIERS : ['negotiator']);
}

/**
 * Who hears of a bid event, and as which notification; null for events nobody is notified of. `bid` is the bid as it
 * stands when the event is handled: a turn that has passed since is not announced (no one is sent to act on a bid
 * that moved on), and an approval announces only the acting side's next tier, so the other side is never told twice.
 */
export function bidEventTargets(input: {
  type: EventType;
  /** The side that acted (the event's `data.side`). */
  side: BidSide;
  bid: BidState;
  now: Instant;
}): { type: NotificationType; targets: Target[] } | null {
  const { side, bid, now } = input;
  const other = otherBidSide(side);
  switch (input.type) {
    case 'bid.placed':
      return { type: 'bid_placed', targets: [{ side: other, tier: 'negotiator' }] };
    case 'bid.countered':
      return { type: 'bid_countered', targets: [{ side: other, tier: 'negotiator' }] };
    case 'bid.accepted':
      return { type: 'your_turn', targets: whoseTurn(bid, now).filter((t) => t.tier !== 'negotiator') };
    case 'bid.approved':
      return { type: 'your_turn', targets: whoseTurn(bid, now).filter((t) => t.side === side) };
    case 'bid.traded':
      return { type: 'trade_approved', targets: sidesTiers(BID_SIDES, [...BID_TIERS, 'admin']) };
    case 'bid.rejected':
      return { type: 'bid_rejected', targets: involved(bid, [other]) };
    default:
      return null;
  }
}

/** What a notification says of its bid or listing: figures only, never a company. */
export type NotificationFacts = {
  product: string;
  quantity?: string | number | null;
  price?: string | number | null;
  bid_id?: number | null;
  trade_reference?: string | null;
  valid_until?: Instant | null;
  /** price_alert: the listing's side and state. */
  side?: 'Offer' | 'Ask';
  state?: string | null;
};

const litres = (q: string | number) => `${groupIndian(Number(Number(q).toFixed(1)))} L`;
const rupees = (p: string | number) => {
  const [whole = '0', paise = '00'] = Number(p).toFixed(2).split('.');
  return `₹${groupIndian(Number(whole))}.${paise}`;
};
/** `HH:mm` in India (the app shows times in Asia/Kolkata). */
export function istTime(at: Instant): string {
  const d = new Date(new Date(at).getTime() + 330 * 60_000);
  return `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
}

/** "1,000 L of Molasses ENA at ₹61.50 per litre" (parts left out when unknown). */
export function termsText(f: NotificationFacts): string {
  const qty = f.quantity != null ? `${litres(f.quantity)} of ` : '';
  const price = f.price != null ? ` at ${rupees(f.price)} per litre` : '';
  return `${qty}${f.product}${price}`;
}

/** The title and text of a notification. */
export function notificationText(type: NotificationType, f: NotificationFacts): { title: string; text: string } {
  const bid = `Bid #${f.bid_id ?? ''}`;
  const terms = termsText(f);
  switch (type) {
    case 'bid_placed':
      return { title: 'New bid on your listing', text: `${bid}: ${terms}.` };
    case 'bid_countered':
      return { title: `Counter-offer on bid #${f.bid_id}`, text: `New terms: ${terms}.` };
    case 'your_turn':
      return { title: `${bid} waits for your approval`, text: `${terms}.` };
    case 'trade_approved':
      return {
        title: `Trade approved${f.trade_reference ? `: ${f.trade_reference}` : ''}`,
        text: `${bid}: ${terms}.`,
      };
    case 'bid_rejected':
      return { title: `${bid} rejected`, text: `${terms}.` };
    case 'bid_lapsing':
      return {
        title: `${bid} lapses within an hour`,
        text: `${terms}; valid until ${f.valid_until ? istTime(f.valid_until) : ''} IST.`,
      };
    case 'price_alert': {
      const what = f.side === 'Ask' ? 'An ask' : 'An offer';
      return { title: `${what} matches your price alert`, text: `${terms}${f.state ? ` in ${f.state}` : ''}.` };
    }
  }
}

/**
 * Where a notification leads in the web app: a trade to its page, an alert to the market item, any other bid to its
 * negotiation page (`/biditem/{counterparty listing}/{bid}`). `listing_id` is the recipient's counterparty listing.
 */
export function notificationLink(n: { type: NotificationType; bid_id: number | null; listing_id: number | null }) {
  if (n.type === 'price_alert') return n.listing_id ? `/viewitem/${n.listing_id}` : null;
  if (!n.bid_id) return null;
  if (n.type === 'trade_approved') return `/biddetail/${n.bid_id}`;
  return n.listing_id ? `/biditem/${n.listing_id}/${n.bid_id}` : null;
}

/** A user's channels for a type: what they saved, else the defaults. */
export function channelsFor(
  type: NotificationType,
  saved: Partial<Record<NotificationType, NotificationChannels>>,
): NotificationChannels {
  return saved[type] ?? { ...DEFAULT_CHANNELS };
}
