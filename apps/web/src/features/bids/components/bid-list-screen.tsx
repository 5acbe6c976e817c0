// What the bid list pages share (spec 001 §2 "My Bids list", "Bids List"): the filters, a server-paged searchable
// table re-read every 15 s, the spec's columns (Bid ID, Spirit Name, State, Available Quantity, Quantity (B/L), Ask
// Price, Price) with the companies in one column (a party's counterparty; the market's buyer and seller), and a row
// action opening the bid's dialog. Complete at 1280 px without sideways scrolling; cards at phone width.
import type { BidListRecord } from '@spirit/domain/bids/bids.schemas';
import { useState, type ReactNode } from 'react';
import { useSession } from '../../../app/session';
import { DataList, type DataColumn } from '../../../ui/data-list';
import { formatMoney, formatQuantity } from '../../../ui/format';
import { RowActionButton } from '../../../ui/row-action';
import { useListState } from '../../../ui/use-list-state';
import { useAllBids, type BidsQuery } from '../api/get-all-bids';
import { askPriceOf, BidStatusTag, BothParties, Counterparty, DateTimeCell, listingOf } from './bid-cells';
import type { BidDialogMode } from './bid-dialog';
import { BidFilters, bidFilterQuery, readBidFilter } from './bid-filters';
import { LazyBidDialog } from './lazy-bid-dialog';
import { TradeRefCell } from './trade-ref';
import { ViewBidLink } from './view-bid-link';

export const BID_LISTS_REFRESH_MS = 15_000;

const isOpen = (bid: BidListRecord) => !bid.is_bid_lapsed && (bid.status === 'New' || bid.status === 'OnGoing');

/**
 * The dialog a row opens: a Negotiator's open, unlocked bid to Negotiate; another open bid to View Details (its
 * Approve and Reject are the server's `allowed_actions`); a closed bid to the read-only Bid Details.
 */
export function dialogFor(bid: BidListRecord, negotiator: boolean): BidDialogMode {
  if (!isOpen(bid)) return 'details';
  return negotiator && !bid.is_deal_locked ? 'negotiate' : 'view';
}

const ACTION_TEXT: Record<BidDialogMode, { icon: string; verb: string }> = {
  negotiate: { icon: 'pi-comments', verb: 'Negotiate bid' },
  view: { icon: 'pi-eye', verb: 'View Details of bid' },
  details: { icon: 'pi-eye', verb: 'Bid Details of bid' },
};

/** "Available Quantity" is what the listing the bid concerns still holds (`listingOf`). */
const available = (bid: BidListRecord) =>
  listingOf(bid) === 'offer' ? bid.offer_available_quantity : bid.ask_available_quantity;

/** The lists: My Bids (with its Trade Ref) and the market's Bids List; the inbox is `InboxList`. */
export type BidListVariant = 'mine' | 'market';

export type BidListOptions = {
  /** The table's accessible name. */
  label: string;
  /** The list's own part of the getAllBids body (`is_market`, `awaiting_me`, `awaiting_tier`). */
  scope: Pick<BidsQuery, 'is_market'>;
  /** Controls of the page's own beside the search box (Bid Approval's tier). */
  toolbar?: ReactNode;
  withStatus?: boolean;
  /** Without it the list has no action column (the market's Bids List). */
  withAction?: boolean;
  variant?: BidListVariant;
};

export function bidListColumns(opts: {
  variant: BidListVariant;
  companyType: string | null | undefined;
  open?: (bid: BidListRecord) => void;
  mode: (bid: BidListRecord) => BidDialogMode;
}): DataColumn<BidListRecord>[] {
  const { variant } = opts;
  const id: DataColumn<BidListRecord> = { key: 'id', header: 'Bid ID', body: (r) => r.id, className: 'numeric-cell' };
  const start: DataColumn<BidListRecord>[] = [
    id,
    { key: 'product', header: 'Spirit Name', body: (r) => r.product },
    { key: 'state', header: 'State', body: (r) => r.state },
    variant === 'market'
      ? { key: 'parties', header: 'Buyer / Seller', body: (r) => <BothParties bid={r} /> }
      : { key: 'counterparty', header: 'Counterparty', body: (r) => <Counterparty bid={r} /> },
  ];
  const quantity: DataColumn<BidListRecord> = {
    key: 'quantity',
    header: 'Quantity (B/L)',
    body: (r) => formatQuantity(r.quantity, 1),
    className: 'numeric-cell',
  };
  const price: DataColumn<BidListRecord> = {
    key: 'price',
    header: 'Price',
    body: (r) => formatMoney(r.price),
    className: 'numeric-cell',
  };
  const columns: DataColumn<BidListRecord>[] = [
    ...start,
    {
      key: 'available',
      header: 'Available Quantity',
      body: (r) => formatQuantity(available(r), 1),
      className: 'numeric-cell',
    },
    quantity,
    { key: 'ask_price', header: 'Ask Price', body: (r) => askPriceOf(r), className: 'numeric-cell' },
    price,
    { key: 'valid', header: 'Valid Until', body: (r) => <DateTimeCell value={r.valid_until} /> },
    { key: 'status', header: 'Status', body: (r) => <BidStatusTag bid={r} /> },
    ...(variant === 'mine'
      ? [{ key: 'trade', header: 'Trade Ref', body: (r: BidListRecord) => <TradeRefCell bid={r} /> }]
      : []),
  ];
  const open = opts.open;
  if (!open) return columns;
  return [
    ...columns,
    {
      key: 'action',
      header: 'Action',
      className: 'actions-cell',
      body: (r) => {
        const text = ACTION_TEXT[opts.mode(r)];
        return (
          <>
            <RowActionButton icon={text.icon} label={`${text.verb} ${r.id}`} onClick={() => open(r)} />
            <ViewBidLink bid={r} companyType={opts.companyType} />
          </>
        );
      },
    },
  ];
}

/** The filters and the table of one bid list, with the dialog its rows open. */
export function BidListScreen({
  label,
  scope,
  toolbar,
  withStatus = false,
  withAction = true,
  variant = scope.is_market ? 'market' : 'mine',
}: BidListOptions) {
  const user = useSession()?.user;
  const negotiator = !!user?.roles.includes('Negotiator');
  const list = useListState();
  const filter = readBidFilter(list);
  const result = useAllBids({ ...list.query, ...bidFilterQuery(filter), ...scope }, BID_LISTS_REFRESH_MS);
  const market = !!scope.is_market;
  // The market never lists confidential bids (the server leaves them out; a stray one is not shown either).
  const shown =
    market && result.data
      ? { ...result, data: { ...result.data, records: result.data.records.filter((r) => !r.is_bid_confidential) } }
      : result;
  const [opened, setOpened] = useState<{ id: number; mode: BidDialogMode } | null>(null);
  const mode = (bid: BidListRecord) => dialogFor(bid, negotiator);
  return (
    <div className="bid-list">
      <BidFilters list={list} withStatus={withStatus} />
      <DataList
        label={label}
        list={list}
        result={shown}
        columns={bidListColumns({
          variant,
          companyType: user?.company_type,
          mode,
          open: withAction ? (bid) => setOpened({ id: bid.id, mode: mode(bid) }) : undefined,
        })}
        rowKey="id"
        toolbar={toolbar}
        search={{ label: 'Search bids', placeholder: 'Search by product, state or trade reference', clearable: true }}
      />
      {withAction ? (
        <LazyBidDialog bidId={opened?.id ?? null} mode={opened?.mode ?? 'details'} onClose={() => setOpened(null)} />
      ) : null}
    </div>
  );
}
