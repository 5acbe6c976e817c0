// The bid page's working part (spec 001 §2 "Bid / negotiation page"): the terms and fees — the counter form when
// `allowed_actions` allows a counter, read only otherwise —, the approval status per tier, the comments and history,
// and Approve / Reject through the one-time code (`useStepUpAction`), Price Breakup Details and Refresh. A closed
// bid keeps Approve and Reject on screen, disabled.
import type { BidDetail } from '@spirit/domain/bids/bids.schemas';
import type { LandedBreakdown } from '@spirit/domain/listings/listings.schemas';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { formatMoney } from '../../../ui/format';
import { Facts, NA } from '../../../ui/item-facts';
import { useBidById } from '../api/get-bid-by-id';
import { useOwnCompanyDetails } from '../api/get-company-details';
import { ApprovalStatusTable } from './approval-status';
import { BidFacts } from './bid-dialog';
import { BidHistoryTable } from './bid-history-table';
import { FinalPriceOutput, finalPriceFact } from './bid-item-card';
import type { FeeValues } from './bid-price';
import { BID_FEE_FIELDS } from './bid-terms';
import { BillingDialog } from './billing-dialog';
import { FEE_LABELS } from './fee-fields';
import { NegotiateForm } from './negotiate-form';
import { RejectionCommentDialog } from './rejection-comment-dialog';
import { useStepUpAction } from './use-step-up-action';

type FinalOf = (price: string, fees: FeeValues) => LandedBreakdown | null;
type Props = { bid: BidDetail; finalOf: FinalOf; onRefresh: () => void };

export const isClosedBid = (bid: Pick<BidDetail, 'status' | 'is_bid_lapsed'>) =>
  bid.is_bid_lapsed || (bid.status !== 'New' && bid.status !== 'OnGoing');

/** The terms as they stand, for a party who may not counter now. */
function ReadOnlyTerms({ bid, breakdown }: { bid: BidDetail; breakdown: LandedBreakdown | null }) {
  const premium = useOwnCompanyDetails().data?.is_bid_confidential === true;
  const fees = BID_FEE_FIELDS.map((f) => ({ label: FEE_LABELS[f], value: formatMoney(bid[f], NA) }));
  return (
    <>
      <Facts facts={[...fees, finalPriceFact(breakdown)]} />
      {premium ? (
        <div className="checkbox-field">
          <input id="bid-confidential" type="checkbox" checked={bid.is_bid_confidential} disabled readOnly />
          <label htmlFor="bid-confidential">Confidential Bid</label>
        </div>
      ) : null}
    </>
  );
}

export function BidWorkspace({ bid, finalOf, onRefresh }: Props) {
  const query = useBidById(bid.id);
  const [rejecting, setRejecting] = useState(false);
  const [billing, setBilling] = useState(false);
  const step = useStepUpAction({ negotiator: bid.actor?.tier === 'negotiator', onDone: () => setRejecting(false) });
  const allowed = new Set(bid.allowed_actions);
  const closed = isClosedBid(bid);
  const refresh = () => {
    void query.refetch();
    onRefresh();
  };
  const breakdown = finalOf(bid.price, bid);
  const act = (is_approved: boolean, comment = '') =>
    step.run({ bid_id: bid.id, is_approved, comment, version: bid.version });
  return (
    <>
      <section className="card" aria-labelledby="bid-terms-title">
        <h2 id="bid-terms-title" className="card-title">
          Bid Terms
        </h2>
        <BidFacts bid={bid} />
        {query.isRefetchError ? (
          <Alert severity="error">The latest state could not be read; showing the last.</Alert>
        ) : null}
        {allowed.has('counter') ? (
          <NegotiateForm
            key={bid.version}
            bid={bid}
            canCounter
            fees
            onRefresh={refresh}
            refreshing={query.isFetching}
            summary={(values) => <FinalPriceOutput breakdown={finalOf(values.price, values)} />}
          />
        ) : (
          <>
            <ReadOnlyTerms bid={bid} breakdown={breakdown} />
            <div className="form-actions">
              <Button label="Refresh" className="p-button-outlined" loading={query.isFetching} onClick={refresh} />
            </div>
          </>
        )}
        <div className="form-actions bid-page-actions">
          {allowed.has('accept') || allowed.has('approve') || closed ? (
            <Button label="Approve" loading={step.busy} disabled={closed} onClick={() => act(true)} />
          ) : null}
          {allowed.has('reject') || closed ? (
            <Button
              label="Reject"
              className="p-button-danger p-button-danger-strong"
              disabled={closed || step.busy}
              onClick={() => setRejecting(true)}
            />
          ) : null}
          <Button label="Billing Details" className="p-button-outlined" onClick={() => setBilling(true)} />
          <Link to="/currentbids" className="p-button p-component p-button-text link-as-button">
            Back to My Bids
          </Link>
        </div>
      </section>
      <section className="card" aria-labelledby="approval-title">
        <h2 id="approval-title" className="card-title">
          Approval Status
        </h2>
        <ApprovalStatusTable bid={bid} />
      </section>
      <section className="card" aria-labelledby="history-title">
        <h2 id="history-title" className="card-title">
          Comments and History
        </h2>
        {bid.comment ? (
          <Alert severity="warn">
            <strong>Rejection Comment:</strong> {bid.comment}
          </Alert>
        ) : null}
        <BidHistoryTable entries={bid.negotiations} />
      </section>
      <RejectionCommentDialog
        visible={rejecting}
        busy={step.busy}
        onCancel={() => setRejecting(false)}
        onSave={(comment) => act(false, comment)}
      />
      <BillingDialog bid={bid} breakdown={breakdown} visible={billing} onClose={() => setBilling(false)} />
      {step.panel}
    </>
  );
}
