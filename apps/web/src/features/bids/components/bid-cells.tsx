// How a bid's figures read in the bid lists and dialogs.
import type { BidListRecord } from '@spirit/domain/bids/bids.schemas';
import type { DataColumn } from '../../../ui/data-list';
import { formatDateTime, formatMoney, formatNumber } from '../../../ui/format';
import { MaskedName } from '../../../ui/masked-name';
import './bid-lists.css';

/** "3.5 of 5", "Not rated". */
export function Rating({ label, value }: { label: string; value: number | null }) {
  if (value === null) return <span className="muted">Not rated</span>;
  const shown = formatNumber(value, { maxDecimals: 1 });
  return <span aria-label={`${label} ${shown} of 5`}>{shown} / 5</span>;
}

/** A row's Source; none on the lists that read no ratings (the tracked trades), which show no such column. */
export function Source({ source }: { source: BidListRecord['source'] }) {
  if (source === null) return null;
  return <span className={`source source-${source}`}>{source}</span>;
}

/** The status a user reads: an open bid past its validity is Lapsed (the server reports it as such already). */
export function BidStatusTag({ bid }: { bid: Pick<BidListRecord, 'status' | 'is_bid_lapsed' | 'is_deal_locked'> }) {
  const status = bid.is_bid_lapsed ? 'Lapsed' : bid.status;
  const locked = bid.is_deal_locked && (status === 'New' || status === 'OnGoing');
  return (
    <span className={`bid-status bid-status-${status}`}>
      {status}
      {locked ? ' (locked)' : ''}
    </span>
  );
}

/** Source, Your Rating, Industry Rating and Status: the columns every bid list of the listing page shows. */
export const standingColumns: DataColumn<BidListRecord>[] = [
  { key: 'source', header: 'Source', body: (r) => <Source source={r.source} /> },
  { key: 'yours', header: 'Your Rating', body: (r) => <Rating label="Your rating" value={r.your_rating} /> },
  {
    key: 'industry',
    header: 'Industry Rating',
    body: (r) => <Rating label="Industry rating" value={r.industry_rating} />,
  },
  { key: 'status', header: 'Status', body: (r) => <BidStatusTag bid={r} /> },
];

/**
 * The listing a row's Available Quantity and Ask Price speak of, one definition on every screen: for a party (the
 * server's `viewer_side`, on the market's list too) the counterparty's listing (a buyer's is the offer), for anyone
 * else the listing the bid was placed on.
 */
export function listingOf(bid: Pick<BidListRecord, 'bid_placed_by' | 'viewer_side'>): 'offer' | 'ask' {
  if (bid.viewer_side) return bid.viewer_side === 'buyer' ? 'offer' : 'ask';
  return bid.bid_placed_by === 'Buyer' ? 'offer' : 'ask';
}

/** "Ask Price": what that listing asks per litre now. */
export const askPriceOf = (bid: BidListRecord) =>
  formatMoney(listingOf(bid) === 'offer' ? bid.offer_price : bid.ask_price);

/** The other side's company for a party: masked by the server until the trade is Approved, then named. */
export function Counterparty({ bid }: { bid: BidListRecord }) {
  const name = bid.viewer_side === 'buyer' ? bid.seller_company_name : bid.buyer_company_name;
  return <MaskedName name={name} reveal={bid.status === 'Approved'} />;
}

/** Both companies of a market row, one per line: masked, but for the caller's own company (its own bids). */
export function BothParties({ bid }: { bid: BidListRecord }) {
  return (
    <span className="bid-parties">
      <span>
        <span className="bid-party-side">Buyer</span>{' '}
        <MaskedName name={bid.buyer_company_name} reveal={bid.viewer_side === 'buyer'} />
      </span>
      <span>
        <span className="bid-party-side">Seller</span>{' '}
        <MaskedName name={bid.seller_company_name} reveal={bid.viewer_side === 'seller'} />
      </span>
    </span>
  );
}

/** A moment as date and time, breaking only between the two ("24-11-2026" above "14:30"). */
export function DateTimeCell({ value }: { value: string }) {
  const [date, time] = formatDateTime(value).split(' ');
  // One element: a phone-width card lays a cell's children out as grid items.
  return (
    <span>
      <span className="bid-nowrap">{date}</span> <span className="bid-nowrap">{time}</span>
    </span>
  );
}
