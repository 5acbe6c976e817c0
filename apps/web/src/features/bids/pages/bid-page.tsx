// /biditem/{id}/{orderid} (spec 001 §2 "Bid / negotiation page"; DESIGN.md §4: `id` is the counterparty listing,
// `orderid` the bid): the listing's item info with the final price, the bid's terms and fees (the counter form when
// `allowed_actions` allows a counter), the approval status per tier, the history with its comments, Approve and
// Reject through the one-time code, and the Price Breakup Details. The bid is re-read every 15 s.
import { bidOfferFees } from '@spirit/domain/bids/bids.price';
import type { BidDetail } from '@spirit/domain/bids/bids.schemas';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { routeId } from '../../../ui/route-id';
import { ErrorState, LoadingState, QueryError } from '../../../ui/status-states';
import { useBidById } from '../api/get-bid-by-id';
import { useInventoryById } from '../api/get-inventory-by-id';
import { BidItemCard, itemFinalPrice } from '../components/bid-item-card';
import { bidFinalPrice, type FeeValues } from '../components/bid-price';
import { BidWorkspace } from '../components/bid-workspace';
import '../components/bid-page.css';

export const BIDS_BACK = { to: '/currentbids', label: 'Back to My Bids' };
const NOT_FOUND = 'Bid not found';

/** The counterparty listing of the URL must be one of the bid's two listings. */
export const belongsTo = (bid: Pick<BidDetail, 'offer_id' | 'ask_id'>, listingId: number) =>
  bid.offer_id === listingId || bid.ask_id === listingId;

function BidView({ bid, listingId }: { bid: BidDetail; listingId: number }) {
  // The pair's two listings (the counterparty's is the item; the caller's own is readable too).
  const offer = useInventoryById(bid.offer_id);
  const ask = useInventoryById(bid.ask_id);
  const item = listingId === bid.offer_id ? offer : ask;
  // The offer's sales tax and export pass fee: the bid's own copies when it has them, else the offer listing's.
  const offerFees = bidOfferFees(bid, offer.data);
  const finalOf = (price: string, fees: FeeValues) => bidFinalPrice({ price, fees, offer: offerFees });
  const refresh = () => {
    void offer.refetch();
    void ask.refetch();
  };
  // The counterparty as the bid names it: masked until the trade, then in full (the server decides).
  const theirs = bid.viewer_side === 'seller' ? 'buyer' : 'seller';
  const company = {
    name: theirs === 'buyer' ? bid.buyer_company_name : bid.seller_company_name,
    reveal: (theirs === 'buyer' ? bid.buyer_company_id : bid.seller_company_id) !== null,
  };
  const itemCard = (
    <BidItemCard
      item={item.data}
      loading={item.isPending}
      error={item.error}
      onRetry={() => void item.refetch()}
      fallback={`${bid.product} from ${bid.state}`}
      breakdown={item.data ? itemFinalPrice({ item: item.data, offer: offer.data, ask: ask.data }) : null}
      overrides={{ company, locked: bid.is_deal_locked }}
    />
  );
  return <BidWorkspace bid={bid} finalOf={finalOf} onRefresh={refresh} itemCard={itemCard} />;
}

export function BidPage() {
  const params = useParams();
  const listingId = routeId(params.id);
  const bidId = routeId(params.orderid);
  const valid = typeof listingId === 'number' && typeof bidId === 'number';
  const query = useBidById(valid ? bidId : null);
  let content: ReactNode;
  if (!valid) content = <ErrorState message={NOT_FOUND} back={BIDS_BACK} />;
  else if (query.isPending) content = <LoadingState />;
  else if (query.isError)
    content = <QueryError error={query.error} onRetry={() => void query.refetch()} back={BIDS_BACK} />;
  else if (!belongsTo(query.data, listingId)) content = <ErrorState message={NOT_FOUND} back={BIDS_BACK} />;
  else content = <BidView bid={query.data} listingId={listingId} />;
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{valid && query.data ? `Bid ${query.data.id}` : 'Bid'}</h1>
      {content}
    </section>
  );
}
