// /biditem without a listing (spec 001 §2): bids start from a listing of the market.
import { Link } from 'react-router';

export function BidStartPage() {
  return (
    <section className="page narrow-page" aria-labelledby="page-title">
      <h1 id="page-title">Bid</h1>
      <div className="card">
        <p>A bid is placed on a listing of the market. Choose one from the Item List and press its Bid link.</p>
        <div className="form-actions">
          <Link to="/items" className="p-button p-component link-as-button">
            <i className="pi pi-list" aria-hidden="true" />
            <span>Go to Item List</span>
          </Link>
        </div>
      </div>
    </section>
  );
}
