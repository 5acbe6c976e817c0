// How a bid's figures read in the bid lists and dialogs.
import type { BidListRecord } from '@spirit/domain/bids/bids.schemas';
import type { DataColumn } from '../../../ui/data-list';
import { formatNumber } from '../../../ui/format';

/** "3.5 of 5", "Not rated". */
export function Rating({ label, value }: { label: string; value: number | null }) {
  if (value === null) return <span className="muted">Not rated</span>;
  const shown = formatNumber(value, { maxDecimals: 1 });
  return <span aria-label={`${label} ${shown} of 5`}>{shown} / 5</span>;
}

export function Source({ source }: { source: BidListRecord['source'] }) {
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
