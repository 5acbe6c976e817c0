// A trade's reference where a bid is listed (issue 21, item 4): once the bid is Approved, its `TR-…` number links
// to the trade's page (/biddetail/{id}, built by the after-trade issue); before, a dash.
import type { BidListRecord } from '@spirit/domain/bids/bids.schemas';
import { Link } from 'react-router';

export const tradePath = (bid: Pick<BidListRecord, 'id'>) => `/biddetail/${bid.id}`;

export function TradeRefCell({ bid }: { bid: Pick<BidListRecord, 'id' | 'trade_reference_number'> }) {
  if (!bid.trade_reference_number)
    return (
      <span className="muted" aria-label="No trade yet">
        –
      </span>
    );
  // May break after its year ("TR-2026-" above "000042"), so the column stays narrow.
  const [head, number] = splitReference(bid.trade_reference_number);
  return (
    <Link to={tradePath(bid)} className="bid-trade-ref">
      {head}
      <wbr />
      {number}
    </Link>
  );
}

/** "TR-2026-000042" → ["TR-2026-", "000042"]. */
function splitReference(reference: string): [string, string] {
  const cut = reference.lastIndexOf('-') + 1;
  return [reference.slice(0, cut), reference.slice(cut)];
}
