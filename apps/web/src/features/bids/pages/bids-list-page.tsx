// Bids List (/bidslist, the menu's "Current Bids"; spec 001 §2 "Bids List (current bids)"): the market's open bids
// of every company, both names masked, confidential bids hidden, with My Bids' filters and columns but no action.
import { BidListScreen } from '../components/bid-list-screen';

export function BidsListPage() {
  return (
    <section className="page page-wide" aria-labelledby="page-title">
      <h1 id="page-title">Bids List</h1>
      <div className="card">
        <BidListScreen label="Current bids on the market" scope={{ is_market: true }} withAction={false} />
      </div>
    </section>
  );
}
