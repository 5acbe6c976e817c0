// Bid Approval (/bidapproval): the spec's screen is empty (spec 001 §2); here it lists the bids waiting for the
// caller's own tier on its side (`awaiting_me`: a Negotiator's turn to answer, an Authorizer's or Approver's
// approval), each opening the dialog where the caller acts.
import { BidListScreen } from '../components/bid-list-screen';

export function BidApprovalPage() {
  return (
    <section className="page page-wide" aria-labelledby="page-title">
      <h1 id="page-title">Bid Approval</h1>
      <div className="card">
        <BidListScreen label="Bids waiting for you" scope={{ awaiting_me: true }} />
      </div>
    </section>
  );
}
