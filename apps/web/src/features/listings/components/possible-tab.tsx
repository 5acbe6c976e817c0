// Tab 1 of the listing page, "Possible Buyer" / "Possible Seller" (spec 001 §2 "Possible counterparties tab"): the
// counterparties of the open listing, re-read every 30 s, with their source and ratings and the landed price per
// litre (issue 8 part 4). A buyer sees the cheapest delivered offer first, a seller the highest asked price
// (the server's order without `sort_by`, DESIGN.md §4); the Offered/Asked Rate and Landed headers re-sort. Fits
// 1280 px beside the menu (issue 21, item 7): the product is the listing's own (the table's name says it), and the
// two ratings share one column, one per line.
import type { OfferDetail, PossibleRecord } from '@spirit/domain/listings/listings.schemas';
import { DataList, type DataColumn } from '../../../ui/data-list';
import { formatRate } from '../../../ui/format';
import { useState, type ComponentType } from 'react';
import { RowActionButton, RowActionLink } from '../../../ui/row-action';
import { useListState } from '../../../ui/use-list-state';
import { useAllPossibleOffer } from '../api/get-all-possible-offer';
import { BidOpenLink } from './bid-open-link';
import { LandedPrice } from './landed-price';
import { StarRating } from './star-rating';
import type { PlaceBidDialogProps } from './listing-extensions';
import { formatLitres, formatPeriodRange } from './listing-format';

const SORT_KEYS = ['landed_price', 'offer_price'] as const;
const BUYER_ORDER = { key: 'landed_price', order: 'asc' } as const;
const SELLER_ORDER = { key: 'offer_price', order: 'desc' } as const;

/** Your rating above the industry's, each named. */
function Ratings({ row }: { row: PossibleRecord }) {
  return (
    <span className="possible-ratings">
      <span>
        <span className="possible-rating-name">Yours</span>
        <StarRating label="Your rating" value={row.your_rating} />
      </span>
      <span>
        <span className="possible-rating-name">Industry</span>
        <StarRating label="Industry rating" value={row.industry_rating} />
      </span>
    </span>
  );
}

export function possibleColumns(opts: {
  counterparty: 'Offer' | 'Ask';
  canBid: boolean;
  /** Opens the Place bid dialog for a row; without it the action leads to the bid page. */
  placeBid?: ((row: PossibleRecord) => void) | undefined;
}) {
  const word = opts.counterparty === 'Offer' ? 'Offered' : 'Asked';
  const columns: DataColumn<PossibleRecord>[] = [
    {
      key: 'period',
      header: 'Period',
      body: (r) => formatPeriodRange(r.from_period, r.to_period),
    },
    { key: 'state', header: 'State', body: (r) => r.state },
    {
      key: 'quantity',
      header: `${word} Quantity`,
      body: (r) => formatLitres(r.available_quantity),
      className: 'numeric-cell',
    },
    {
      key: 'rate',
      header: `${word} Rate`,
      sortKey: 'offer_price',
      body: (r) => formatRate(r.offer_price),
      className: 'numeric-cell',
    },
    {
      key: 'landed',
      header: 'Landed ₹/L',
      sortKey: 'landed_price',
      body: (r) => <LandedPrice breakdown={r.landed} place={`${r.product} from ${r.state}`} />,
      className: 'numeric-cell',
    },
    { key: 'source', header: 'Source', body: (r) => <span className={`source source-${r.source}`}>{r.source}</span> },
    { key: 'ratings', header: 'Ratings', body: (r) => <Ratings row={r} /> },
  ];
  if (!opts.canBid) return columns;
  const placeBid = opts.placeBid;
  return [
    ...columns,
    {
      key: 'action',
      header: 'Action',
      className: 'actions-cell',
      body: (r: PossibleRecord) => {
        // A pair with an open bid gets no second one: the row leads to that bid instead (issue 21 item 17).
        if (r.open_bid_id)
          return <BidOpenLink listingId={r.id} bidId={r.open_bid_id} what={`${r.product} from ${r.state}`} />;
        const label = `Place bid for ${r.product} from ${r.state}`;
        return placeBid ? (
          <RowActionButton icon="pi-send" label={label} onClick={() => placeBid(r)} />
        ) : (
          <RowActionLink to={`/biditem/${r.id}`} icon="pi-send" label={label} />
        );
      },
    },
  ];
}

export function PossibleTab({
  listing,
  canBid,
  PlaceBidDialog,
}: {
  listing: OfferDetail;
  canBid: boolean;
  PlaceBidDialog?: ComponentType<PlaceBidDialogProps> | undefined;
}) {
  const [target, setTarget] = useState<PossibleRecord | null>(null);
  const list = useListState({
    sortKeys: SORT_KEYS,
    defaultSort: listing.side === 'Ask' ? BUYER_ORDER : SELLER_ORDER,
  });
  const { sort_by, ...query } = list.query;
  const result = useAllPossibleOffer({
    ...query,
    offer_id: listing.id,
    // `useListState` only passes on one of SORT_KEYS.
    ...(sort_by ? { sort_by: sort_by as (typeof SORT_KEYS)[number] } : {}),
  });
  const counterparty = listing.side === 'Ask' ? 'Offer' : 'Ask';
  return (
    <>
      <DataList
        label={`Possible ${counterparty === 'Offer' ? 'sellers' : 'buyers'} for ${listing.product}`}
        list={list}
        result={result}
        columns={possibleColumns({ counterparty, canBid, placeBid: PlaceBidDialog ? setTarget : undefined })}
        rowKey="id"
      />
      {PlaceBidDialog ? <PlaceBidDialog listing={listing} target={target} onClose={() => setTarget(null)} /> : null}
    </>
  );
}
