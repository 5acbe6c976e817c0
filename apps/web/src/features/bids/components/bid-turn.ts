// Whose move a bid waits for, in words (issue 21, item 10): the domain's `whoseTurn` over the bid's state, read from
// the caller's side (`viewer_side`), and what the caller may do now (the server's `allowed_actions`). The inbox's
// "Your step" and the bid page's status line both say it from here, so the two never disagree.
import { TIER_LABELS, type BidSide, type BidTier, type UserBidAction } from '@spirit/domain/bids/bids.constants';
import { pickFlags, whoseTurn } from '@spirit/domain/bids/bids.rules';
import type { BidListRecord } from '@spirit/domain/bids/bids.schemas';

type TurnSource = Pick<BidListRecord, 'status' | 'is_deal_locked' | 'valid_until' | 'viewer_side'> &
  Partial<Pick<BidListRecord, 'is_negotiator_buyer_approved'>> &
  Parameters<typeof pickFlags>[0];

const stateOf = (bid: TurnSource) => ({
  status: bid.status,
  locked: bid.is_deal_locked,
  flags: pickFlags(bid),
  valid_until: bid.valid_until,
});

/** Who the bid waits for now (each side's next tier); empty once it is closed or lapsed. */
export const waitingFor = (bid: TurnSource, now: number) => whoseTurn(stateOf(bid), now);

/** "your company's", "the seller's". */
export const sideWord = (side: BidSide, viewer: BidSide | null) =>
  side === viewer ? 'your company’s' : side === 'buyer' ? 'the buyer’s' : 'the seller’s';

/** "the seller’s Authorizer", "your company’s Approver". */
export const whoWord = (who: { side: BidSide; tier: BidTier }, viewer: BidSide | null) =>
  `${sideWord(who.side, viewer)} ${TIER_LABELS[who.tier]}`;

/** "A and B", "A, B and C". */
const joined = (parts: string[]) =>
  parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;

/** The caller's own step on a bid of the inbox: the tier of theirs the bid waits for, if any. */
export function stepOf(bid: TurnSource, now: number): BidTier | null {
  if (!bid.viewer_side) return null;
  return waitingFor(bid, now).find((w) => w.side === bid.viewer_side)?.tier ?? null;
}

/** What the inbox says the caller is to do. */
export const STEP_TEXT: Record<BidTier, string> = {
  negotiator: 'Answer: accept or counter',
  authorizer: 'Authorize',
  approver: 'Approve',
};

export type StatusTone = 'turn' | 'waiting' | 'traded' | 'closed';
export type StatusLine = { tone: StatusTone; text: string; detail?: string };

type StatusSource = TurnSource &
  Pick<BidListRecord, 'is_bid_lapsed' | 'trade_reference_number'> & {
    allowed_actions: readonly UserBidAction[];
    negotiations: readonly { status: string; company_type: string }[];
  };

/**
 * The bid page's status line: what happened (traded, rejected, lapsed) or whose move it is, and what the caller may
 * do now. "Your turn" only when an action of the caller answers the bid (accept, approve); a Negotiator whose own
 * terms are on the table is told who answers them, and that they may still revise or withdraw.
 */
export function statusLine(bid: StatusSource, now: number): StatusLine {
  if (bid.status === 'Approved')
    return { tone: 'traded', text: `Traded — ${bid.trade_reference_number ?? 'reference pending'}` };
  if (bid.status === 'Rejected') {
    const entry = bid.negotiations.find((e) => e.status.endsWith('Rejected'));
    const by = entry
      ? ` by ${entry.company_type === 'Buyer' ? 'the buyer’s' : 'the seller’s'} ${entry.status.split(':')[0]}`
      : '';
    return { tone: 'closed', text: `Rejected${by}` };
  }
  if (bid.is_bid_lapsed || bid.status === 'Lapsed')
    return { tone: 'closed', text: 'Lapsed: its validity passed before the deal was approved' };
  const allowed = new Set(bid.allowed_actions);
  const viewer = bid.viewer_side;
  const others = waitingFor(bid, now).filter(
    (w) => !(w.side === viewer && (allowed.has('accept') || allowed.has('approve'))),
  );
  const waiting = others.length ? `Waiting for ${joined(others.map((w) => whoWord(w, viewer)))}` : '';
  if (allowed.has('accept'))
    return { tone: 'turn', text: 'Your turn: accept or counter', detail: waiting || undefined };
  if (allowed.has('approve')) {
    const tier = TIER_LABELS[stepOf(bid, now) ?? 'authorizer'];
    return { tone: 'turn', text: `Your turn: approve or reject as ${tier}`, detail: waiting || undefined };
  }
  if (allowed.has('counter'))
    return {
      tone: 'waiting',
      text: waiting || 'Waiting for the other side',
      detail: 'Your terms are on the table: you may still revise or withdraw them.',
    };
  return { tone: 'waiting', text: waiting || 'Waiting for the other side' };
}

/** "2 h 05 min left", "45 min left", "Lapsed". */
export function timeLeft(validUntil: string, now: number): string {
  const minutes = Math.floor((Date.parse(validUntil) - now) / 60_000);
  if (!(minutes > 0)) return 'Lapsed';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours ? `${hours} h ${String(rest).padStart(2, '0')} min left` : `${rest} min left`;
}

/** Less than an hour to act. */
export const isUrgent = (validUntil: string, now: number) => Date.parse(validUntil) - now < 3_600_000;
