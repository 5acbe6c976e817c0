// "Buyer and Seller approval status for Negotiator, Authenticator and Authorizer" (spec 001 §2): one row per tier
// (Negotiator, Authorizer — the spec's Authenticator —, Approver), each side Pending, Approved or Rejected, read
// from the six flags (true approved) and the history (a "{Tier}: Rejected" entry of that side).
import {
  BID_MESSAGES,
  BID_TIERS,
  flagKey,
  TIER_LABELS,
  type BidSide,
  type BidTier,
} from '@spirit/domain/bids/bids.constants';
import type { BidDetail } from '@spirit/domain/bids/bids.schemas';

export type ApprovalState = 'Pending' | 'Approved' | 'Rejected';
export type ApprovalRow = { tier: BidTier; label: string; buyer: ApprovalState; seller: ApprovalState };

type Source = Pick<BidDetail, 'negotiations'> & Partial<Record<ReturnType<typeof flagKey>, true | null>>;

export function approvalRows(bid: Source): ApprovalRow[] {
  const state = (tier: BidTier, side: BidSide): ApprovalState => {
    const type = side === 'buyer' ? 'Buyer' : 'Seller';
    const rejected = `${TIER_LABELS[tier]}: Rejected`;
    if (bid.negotiations.some((e) => e.status === rejected && e.company_type === type)) return 'Rejected';
    return bid[flagKey(tier, side)] === true ? BID_MESSAGES.approvalDone : BID_MESSAGES.approvalPending;
  };
  return BID_TIERS.map((tier) => ({
    tier,
    label: TIER_LABELS[tier],
    buyer: state(tier, 'buyer'),
    seller: state(tier, 'seller'),
  }));
}

function Cell({ value }: { value: ApprovalState }) {
  return <span className={`approval approval-${value}`}>{value}</span>;
}

export function ApprovalStatusTable({ bid }: { bid: Source }) {
  return (
    <div className="table-scroll" role="region" aria-label="Approval status" tabIndex={0}>
      <table className="bid-history approval-status">
        <caption className="visually-hidden">Approval status</caption>
        <thead>
          <tr>
            <th scope="col">Tier</th>
            <th scope="col">Buyer</th>
            <th scope="col">Seller</th>
          </tr>
        </thead>
        <tbody>
          {approvalRows(bid).map((row) => (
            <tr key={row.tier}>
              <th scope="row">{row.label}</th>
              <td>
                <Cell value={row.buyer} />
              </td>
              <td>
                <Cell value={row.seller} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
