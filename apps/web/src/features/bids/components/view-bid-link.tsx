// "View Bid" (spec 001 §2 "My Bids list"): a party's link from a bid list to the bid page, /biditem/{counterparty
// listing}/{bid} — a buyer's counterparty listing is the offer, a seller's the ask (DESIGN.md §4 "Trading model").
import type { BidListRecord } from '@spirit/domain/bids/bids.schemas';
import { RowActionLink } from '../../../ui/row-action';

type Bid = Pick<BidListRecord, 'id' | 'offer_id' | 'ask_id'>;

export const bidPagePath = (bid: Bid, companyType: string | null | undefined) =>
  `/biditem/${companyType === 'Seller' ? bid.ask_id : bid.offer_id}/${bid.id}`;

/** Nothing for a user of no trading company (the market has no counterparty to open the page from). */
export function ViewBidLink({ bid, companyType }: { bid: Bid; companyType: string | null | undefined }) {
  if (companyType !== 'Buyer' && companyType !== 'Seller') return null;
  return <RowActionLink to={bidPagePath(bid, companyType)} icon="pi-external-link" label={`View Bid ${bid.id}`} />;
}
