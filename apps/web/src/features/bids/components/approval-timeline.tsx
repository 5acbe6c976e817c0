// The approval chain as a timeline (issue 21, item 10): the Negotiators agree the terms, each side's Authorizer and
// then Approver sign, the trade is issued. Each step says whether it is done (with when), waited for now, still
// ahead or where the bid was rejected, in words as well as in its mark.
import { TIER_LABELS, flagKey, type BidSide, type BidTier } from '@spirit/domain/bids/bids.constants';
import type { BidDetail } from '@spirit/domain/bids/bids.schemas';
import { formatDateTime } from '../../../ui/format';
import { sideWord } from './bid-turn';

type StepState = 'done' | 'current' | 'ahead' | 'rejected' | 'stopped';
type Step = { key: string; label: string; state: StepState; at?: string };

const TYPE: Record<BidSide, 'Buyer' | 'Seller'> = { buyer: 'Buyer', seller: 'Seller' };
const STATE_WORDS: Record<StepState, string> = {
  done: 'Done',
  current: 'Waiting now',
  ahead: 'To come',
  rejected: 'Rejected here',
  stopped: 'Not reached',
};

export function timelineSteps(bid: BidDetail): Step[] {
  const entry = (status: string, side?: BidSide) =>
    [...bid.negotiations].reverse().find((e) => e.status === status && (!side || e.company_type === TYPE[side]));
  const closed = bid.status !== 'New' && bid.status !== 'OnGoing';
  const idle: StepState = closed ? 'stopped' : 'ahead';
  const rejectedAt = (tier: BidTier, side: BidSide) => entry(`${TIER_LABELS[tier]}: Rejected`, side);
  const waits = (tier: BidTier, side: BidSide) => bid.waiting_for.some((w) => w.tier === tier && w.side === side);

  const negotiatorRejected = bid.negotiations.find((e) => e.status === 'Negotiator: Rejected');
  const steps: Step[] = [
    {
      key: 'terms',
      label: 'Both Negotiators agree the terms',
      state: bid.is_deal_locked
        ? 'done'
        : negotiatorRejected
          ? 'rejected'
          : bid.waiting_for.some((w) => w.tier === 'negotiator')
            ? 'current'
            : idle,
      at: bid.is_deal_locked ? entry('Accepted')?.created_on : negotiatorRejected?.created_on,
    },
  ];
  for (const side of ['buyer', 'seller'] as const)
    for (const tier of ['authorizer', 'approver'] as const) {
      const done = bid[flagKey(tier, side)] === true;
      const rejected = rejectedAt(tier, side);
      steps.push({
        key: `${side}-${tier}`,
        label: `${sideWord(side, bid.viewer_side)} ${TIER_LABELS[tier]} approves`.replace(/^./, (c) => c.toUpperCase()),
        state: done ? 'done' : rejected ? 'rejected' : waits(tier, side) ? 'current' : idle,
        at: done ? entry(`${TIER_LABELS[tier]}: Approved`, side)?.created_on : rejected?.created_on,
      });
    }
  steps.push({
    key: 'trade',
    label: bid.trade_reference_number
      ? `Trade reference ${bid.trade_reference_number} issued`
      : 'Trade reference issued',
    state: bid.status === 'Approved' ? 'done' : idle,
    at: bid.status === 'Approved' ? bid.modified_on : undefined,
  });
  return steps;
}

export function ApprovalTimeline({ bid }: { bid: BidDetail }) {
  return (
    <ol className="bid-timeline" aria-label="Approval chain">
      {timelineSteps(bid).map((step) => (
        <li key={step.key} className={`bid-step-${step.state}`}>
          <span className="bid-timeline-mark" aria-hidden="true" />
          <span className="bid-timeline-label">{step.label}</span>
          <span className="bid-timeline-state">
            {STATE_WORDS[step.state]}
            {step.at ? ` · ${formatDateTime(step.at)}` : ''}
          </span>
        </li>
      ))}
    </ol>
  );
}
