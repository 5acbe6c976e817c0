// The review on a trade's Bid Detail page: the caller's side rates the other side's distillery. Mounted by the route
// table into the bids feature's page, so neither feature imports the other.
import type { BidDetail } from '@spirit/domain/bids/bids.schemas';
import { useSession } from '../../../app/session';
import { RatingReview } from './rating-review';

export function TradeReview({ bid }: { bid: BidDetail }) {
  const companyId = useSession()?.user.company_id ?? null;
  const other =
    companyId !== null && companyId === bid.buyer_company_id
      ? { id: bid.from_distillery_id, name: bid.from_distillery_name }
      : companyId !== null && companyId === bid.seller_company_id
        ? { id: bid.to_distillery_id, name: bid.to_distillery_name }
        : null;
  // The SuperAdmin reads the trade but is neither side: it rates from /ratings, for a company.
  if (!other || other.id === null)
    return <p className="muted">Each side of the trade rates the other side’s distillery here.</p>;
  return <RatingReview bidId={bid.id} toDistilleryId={other.id} toDistilleryName={other.name} />;
}
