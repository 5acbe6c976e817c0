// "Bid open": where the caller's company already has an open bid on a listing, the row leads to that bid instead of
// offering a second one (issue 21 item 17) — on the market (/items) and on a listing's Possible tab alike.
import { Link } from 'react-router';
import './listings.css';

/** `listingId` is the counterparty's listing (the bid page's item); `what` names it: "Grain ENA from Karnataka". */
export function BidOpenLink({ listingId, bidId, what }: { listingId: number; bidId: number; what: string }) {
  return (
    <Link
      to={`/biditem/${listingId}/${bidId}`}
      className="bid-open-link"
      aria-label={`Bid open: view your bid for ${what}`}
    >
      <i className="pi pi-comments" aria-hidden="true" /> Bid open
    </Link>
  );
}
