// My Bids (/currentbids; spec 001 §2 "My Bids list"): the company's bids in every status, filtered by spirit types,
// states and status; a row opens Negotiate (a Negotiator's open bid), View Details or Bid Details.
import { BidListScreen } from '../components/bid-list-screen';

export function MyBidsPage() {
  return (
    <section className="page page-wide" aria-labelledby="page-title">
      <h1 id="page-title">My Bids</h1>
      <div className="card">
        <BidListScreen label="Your company’s bids" scope={{}} withStatus />
      </div>
    </section>
  );
}
