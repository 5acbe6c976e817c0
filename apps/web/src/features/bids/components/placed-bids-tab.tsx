// Tab 2 of the listing page, "Placed Bids" (spec 001 §2): the listing's bids with the spec's columns (Ask Price is
// the counterparty's listing's), re-read every 30 s (spec 001 §9).
// An open bid opens to Negotiate, a closed one (Rejected, Approved, Lapsed) to View Details.
import type { BidListRecord } from '@spirit/domain/bids/bids.schemas';
import type { OfferDetail } from '@spirit/domain/listings/listings.schemas';
import { useState } from 'react';
import { useSession } from '../../../app/session';
import { DataList, type DataColumn } from '../../../ui/data-list';
import { formatMoney, formatQuantity } from '../../../ui/format';
import { RowActionButton } from '../../../ui/row-action';
import { useListState } from '../../../ui/use-list-state';
import { useAllBids } from '../api/get-all-bids';
import { askPriceOf, standingColumns } from './bid-cells';
import { BidDialog, type BidDialogMode } from './bid-dialog';

export const PLACED_BIDS_REFRESH_MS = 30_000;

const isClosed = (bid: BidListRecord) => bid.is_bid_lapsed || !['New', 'OnGoing'].includes(bid.status);

export function placedColumns(opts: {
  companyType: string | null | undefined;
  open: (bid: BidListRecord, mode: BidDialogMode) => void;
}): DataColumn<BidListRecord>[] {
  return [
    { key: 'state', header: 'State', body: (r) => r.state },
    { key: 'quantity', header: 'Quantity', body: (r) => formatQuantity(r.quantity, 1), className: 'numeric-cell' },
    { key: 'price', header: 'Price', body: (r) => formatMoney(r.price), className: 'numeric-cell' },
    {
      key: 'ask_qty',
      header: 'Ask Quantity',
      body: (r) => formatQuantity(r.ask_available_quantity, 1),
      className: 'numeric-cell',
    },
    {
      key: 'offer_qty',
      header: 'Offered Quantity',
      body: (r) => formatQuantity(r.offer_available_quantity, 1),
      className: 'numeric-cell',
    },
    // The counterparty's listing's price: an ask's for a seller, an offer's for a buyer.
    { key: 'ask_price', header: 'Ask Price', body: (r) => askPriceOf(r), className: 'numeric-cell' },
    ...standingColumns,
    {
      key: 'placed_by',
      header: 'Placed By',
      body: (r) => (r.bid_placed_by === opts.companyType ? 'You' : r.bid_placed_by),
    },
    {
      key: 'action',
      header: 'Action',
      className: 'actions-cell',
      body: (r) =>
        isClosed(r) ? (
          <RowActionButton icon="pi-eye" label={`View Details of bid ${r.id}`} onClick={() => opts.open(r, 'view')} />
        ) : (
          <RowActionButton
            icon="pi-comments"
            label={`Negotiate bid ${r.id}`}
            onClick={() => opts.open(r, 'negotiate')}
          />
        ),
    },
  ];
}

export function PlacedBidsTab({ listing }: { listing: Pick<OfferDetail, 'id' | 'product'> }) {
  const companyType = useSession()?.user.company_type;
  const list = useListState();
  const result = useAllBids({ ...list.query, offer_id: listing.id }, PLACED_BIDS_REFRESH_MS);
  const [opened, setOpened] = useState<{ id: number; mode: BidDialogMode } | null>(null);
  return (
    <div className="bid-list">
      <DataList
        label={`Bids placed on this ${listing.product} listing`}
        list={list}
        result={result}
        columns={placedColumns({ companyType, open: (bid, mode) => setOpened({ id: bid.id, mode }) })}
        rowKey="id"
      />
      <BidDialog bidId={opened?.id ?? null} mode={opened?.mode ?? 'view'} onClose={() => setOpened(null)} />
    </div>
  );
}
