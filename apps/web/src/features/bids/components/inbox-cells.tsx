// The inbox's own cells (/bidapproval, "Waiting for me"; issue 21, item 1): the caller's step on each bid and the
// time left to take it, with the bid's total value. A clock ticking each half minute keeps "time left" true between
// the list's 15-second reads, which change nothing when no bid moved.
import { TIER_LABELS } from '@spirit/domain/bids/bids.constants';
import { amountOf } from '@spirit/domain/listings/listings.rules';
import type { BidListRecord } from '@spirit/domain/bids/bids.schemas';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { formatMoney, formatQuantity } from '../../../ui/format';
import { DateTimeCell } from './bid-cells';
import { isUrgent, stepOf, STEP_TEXT, timeLeft } from './bid-turn';

/** Now, re-read every `everyMs`. */
export function useNow(everyMs = 30_000) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** "Approve (Approver)": what the caller is to do on the bid. */
export function StepCell({ bid, now }: { bid: BidListRecord; now: number }) {
  const tier = stepOf(bid, now);
  if (!tier) return <span className="muted">Nothing for you now</span>;
  return (
    <span className="bid-step">
      <strong>{STEP_TEXT[tier]}</strong>
      <span className="bid-step-tier">as {TIER_LABELS[tier]}</span>
    </span>
  );
}

/** "2 h 05 min left" above the moment itself; under an hour in the warning colour. */
export function TimeLeftCell({ bid, now }: { bid: BidListRecord; now: number }) {
  return (
    <span className="bid-time-left">
      <span className={isUrgent(bid.valid_until, now) ? 'bid-urgent' : undefined}>
        {timeLeft(bid.valid_until, now)}
      </span>
      <DateTimeCell value={bid.valid_until} />
    </span>
  );
}

/** Quantity × price, to the paisa. */
export const totalValueOf = (bid: Pick<BidListRecord, 'quantity' | 'price'>) =>
  formatMoney(amountOf({ quantity: bid.quantity, perLitre: bid.price }));

/** Figures one above the other in one cell: the approval lists fit 1280 px with their labelled buttons. */
export const Stack = ({ children }: { children: ReactNode }) => <span className="bid-stack">{children}</span>;

/** "1,000.0 B/L" above "at ₹62.50/L". */
export function TermsCell({ bid }: { bid: Pick<BidListRecord, 'quantity' | 'price'> }) {
  return (
    <Stack>
      <span>{formatQuantity(bid.quantity, 1)}</span>
      <span className="muted">at {formatMoney(bid.price)}/L</span>
    </Stack>
  );
}

/** The total value above the landed ₹/L at the bid's terms (the server's `final_price`, when the list carries it). */
export function ValueCell({ bid }: { bid: Pick<BidListRecord, 'quantity' | 'price' | 'final_price'> }) {
  return (
    <Stack>
      <span>{totalValueOf(bid)}</span>
      {bid.final_price !== null ? <span className="muted">landed {formatMoney(bid.final_price)}/L</span> : null}
    </Stack>
  );
}
