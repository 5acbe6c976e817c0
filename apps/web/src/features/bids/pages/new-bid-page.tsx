// /biditem/{id} (spec 001 §2 "Bid / negotiation page", from the Item List's and Item Info's Bid links): the
// counterparty listing's item info, the placer's own listing to bid from (DESIGN.md §4), and the bid form — quantity,
// price, validity, the fees, comment, the confidential box for Premium Client companies and the captcha — placing
// through createBid, then on to the new bid's page.
import type { Listing } from '@spirit/domain/listings/listings.schemas';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useSession } from '../../../app/session';
import { Alert } from '../../../ui/alert';
import type { ItemDetail } from '../../../ui/item-facts';
import { routeId } from '../../../ui/route-id';
import { ErrorState, LoadingState, QueryError } from '../../../ui/status-states';
import { useInventoryById } from '../api/get-inventory-by-id';
import { useOwnListings } from '../api/get-own-listings';
import { BidItemCard, FinalPriceOutput, itemFinalPrice } from '../components/bid-item-card';
import { bidFinalPrice } from '../components/bid-price';
import { BID_FEE_FIELDS } from '../components/bid-terms';
import { ListingPicker, NoListing, pickableListings } from '../components/listing-picker';
import { PlaceBidForm } from '../components/place-bid-dialog';
import '../components/bid-page.css';

export const ITEMS_BACK = { to: '/items', label: 'Back to Item List' };

/** Which listing pays which fees: the offer states its sales tax and export pass fee, the ask its delivery fees. */
function sides(item: ItemDetail, mine: Listing | undefined) {
  return item.side === 'Offer' ? { offer: item, ask: mine } : { offer: mine, ask: item };
}

/** The caller's listings this item may pair with, and the one chosen (the first until another is). */
function useOwnPick(item: ItemDetail, enabled: boolean) {
  const own = useOwnListings(item.type_of_spirit, enabled);
  const listings = own.data ? pickableListings(own.data.records, item) : [];
  const [picked, setPicked] = useState<number | null>(null);
  return { own, listings, mine: listings.find((l) => l.id === picked) ?? listings[0], setPicked };
}

function Placement({ item, pick }: { item: ItemDetail; pick: ReturnType<typeof useOwnPick> }) {
  const navigate = useNavigate();
  const { own, listings, mine, setPicked } = pick;

  if (own.isPending) return <LoadingState />;
  if (own.isError) return <ErrorState message="Your listings could not be read." onRetry={() => void own.refetch()} />;
  if (!mine) return <NoListing item={item} records={own.data.records} />;
  const { offer, ask } = sides(item, mine);
  const init = Object.fromEntries(BID_FEE_FIELDS.map((f) => [f, ask?.[f] ?? '']));
  return (
    <>
      <ListingPicker item={item} listings={listings} chosen={mine.id} onChoose={setPicked} />
      <PlaceBidForm
        key={mine.id}
        listing={mine}
        target={{
          id: item.id,
          product: item.type_of_spirit,
          state: item.state_name,
          available_quantity: item.quantity_available,
          offer_price: item.price_per_liter,
        }}
        fees
        init={init}
        summary={(values) => (
          <FinalPriceOutput breakdown={bidFinalPrice({ price: values.price, fees: values, offer: offer ?? {} })} />
        )}
        onPlaced={(bidId) => void navigate(`/biditem/${item.id}/${bidId}`)}
      />
    </>
  );
}

function BidOn({ item }: { item: ItemDetail }) {
  const roles = useSession()?.user.roles ?? [];
  const pick = useOwnPick(item, !item.is_own && roles.includes('Negotiator'));
  let form: ReactNode;
  if (item.is_own)
    form = (
      <Alert severity="info">
        This is your company’s own listing: bids on it are under{' '}
        <Link to={`/offeredit/${item.id}?tab=tab2`}>its Placed Bids</Link>.
      </Alert>
    );
  else if (!roles.includes('Negotiator'))
    form = (
      <Alert severity="info">
        Only a Negotiator places bids. Your company’s bids are under <Link to="/currentbids">My Bids</Link>.
      </Alert>
    );
  else form = <Placement item={item} pick={pick} />;
  // The asking price landed with the pair's fees: the item's and the chosen own listing's (as on the bid's page).
  const { offer, ask } = sides(item, pick.mine);
  const breakdown = itemFinalPrice({ item, offer: offer ?? {}, ask: ask ?? {} });
  return (
    <>
      <BidItemCard item={item} loading={false} breakdown={breakdown} />
      <section className="card" aria-labelledby="place-bid-title">
        <h2 id="place-bid-title" className="card-title">
          Place a Bid
        </h2>
        {form}
      </section>
    </>
  );
}

export function NewBidPage() {
  const id = routeId(useParams().id);
  const query = useInventoryById(id);
  let content: ReactNode;
  if (id === undefined || id === null) content = <ErrorState message="Item not found" back={ITEMS_BACK} />;
  else if (query.isPending) content = <LoadingState />;
  else if (query.isError)
    content = <QueryError error={query.error} onRetry={() => void query.refetch()} back={ITEMS_BACK} />;
  else content = <BidOn item={query.data} />;
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">Bid</h1>
      {content}
    </section>
  );
}
