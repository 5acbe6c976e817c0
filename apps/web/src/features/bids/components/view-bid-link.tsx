// "View Bid" (spec 001 §2 "My Bids list"): a party's link from a bid list to the bid page (`bidPagePath`).
import type { BidListRecord } from '@spirit/domain/bids/bids.schemas';
import { bidPagePath } from '../../../ui/bid-links';
import { RowActionLink } from '../../../ui/row-action';

type Bid = Pick<BidListRecord, 'id' | 'offer_id' | 'ask_id'>;

/** Nothing for a user of no trading company (the market has no counterparty to open the page from). */
export function ViewBidLink({ bid, companyType }: { bid: Bid; companyType: string | null | undefined }) {
  if (companyType !== 'Buyer' && companyType !== 'Seller') return null;
  return <RowActionLink to={bidPagePath(bid, companyType)} icon="pi-external-link" label={`View Bid ${bid.id}`} />;
}
