// The bid page's working part (spec 001 §2 "Bid / negotiation page"; issue 21, items 10 and 14): the status line
// with only the actions the caller can take now (`allowed_actions`) at the top, then the item, the terms and fees —
// the counter form when it is the caller's turn to answer, or when they choose to revise their own terms —, the
// approval chain as a timeline and per tier, and the comments and history (folded on a phone). Accept, Approve and
// Reject go through the one-time code (`useStepUpAction`); the final approval is confirmed with the trade reference.
import type { BidDetail } from '@spirit/domain/bids/bids.schemas';
import type { LandedBreakdown } from '@spirit/domain/listings/listings.schemas';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { formatMoney } from '../../../ui/format';
import { Facts, NA } from '../../../ui/item-facts';
import { PHONE_QUERY, useMediaQuery } from '../../../ui/use-media-query';
import { useBidById } from '../api/get-bid-by-id';
import { useOwnCompanyDetails } from '../api/get-company-details';
import { ApprovalStatusTable } from './approval-status';
import { ApprovalTimeline } from './approval-timeline';
import { BidFacts } from './bid-dialog';
import { BidHistoryTable } from './bid-history-table';
import { FinalPriceOutput, finalPriceFact } from './bid-item-card';
import type { FeeValues } from './bid-price';
import { BID_FEE_FIELDS } from './bid-terms';
import { BidStatusBar } from './bid-status-bar';
import { BillingDialog } from './billing-dialog';
import { FEE_LABELS } from './fee-fields';
import { NegotiateForm } from './negotiate-form';
import { RejectionCommentDialog } from './rejection-comment-dialog';
import { useStepUpAction } from './use-step-up-action';

type FinalOf = (price: string, fees: FeeValues) => LandedBreakdown | null;
type Props = { bid: BidDetail; finalOf: FinalOf; onRefresh: () => void; itemCard?: ReactNode };

export const isClosedBid = (bid: Pick<BidDetail, 'status' | 'is_bid_lapsed'>) =>
  bid.is_bid_lapsed || (bid.status !== 'New' && bid.status !== 'OnGoing');

/** The terms as they stand, for a party who may not counter now. */
function ReadOnlyTerms({ bid, breakdown }: { bid: BidDetail; breakdown: LandedBreakdown | null }) {
  const premium = useOwnCompanyDetails().data?.is_bid_confidential === true;
  const fees = BID_FEE_FIELDS.map((f) => ({ label: FEE_LABELS[f], value: formatMoney(bid[f], NA) }));
  return (
    <>
      <Facts facts={[...fees, finalPriceFact(breakdown, 'Final Price at these terms')]} />
      {premium ? (
        <div className="checkbox-field">
          <input id="bid-confidential" type="checkbox" checked={bid.is_bid_confidential} disabled readOnly />
          <label htmlFor="bid-confidential">Confidential Bid</label>
        </div>
      ) : null}
    </>
  );
}

export function BidWorkspace({ bid, finalOf, onRefresh, itemCard }: Props) {
  const query = useBidById(bid.id);
  const [rejecting, setRejecting] = useState(false);
  const [revising, setRevising] = useState(false);
  const [billing, setBilling] = useState(false);
  const step = useStepUpAction({ negotiator: bid.actor?.tier === 'negotiator', onDone: () => setRejecting(false) });
  const allowed = new Set(bid.allowed_actions);
  const refresh = () => {
    void query.refetch();
    onRefresh();
  };
  const breakdown = finalOf(bid.price, bid);
  const act = (is_approved: boolean, comment = '') =>
    step.run({ bid_id: bid.id, is_approved, comment, version: bid.version });
  // Only what the caller can do now (`allowed_actions`): answer the terms, approve, or — while the caller's own
  // terms are on the table — revise or withdraw them.
  const answering = allowed.has('accept');
  const ownTerms = allowed.has('counter') && !answering;
  const counterForm = allowed.has('counter') && (answering || revising);
  let actions: ReactNode = null;
  if (answering || allowed.has('approve'))
    actions = (
      <>
        <Button
          label={answering ? 'Accept' : 'Approve'}
          className="p-button-success-strong"
          loading={step.busy}
          onClick={() => act(true)}
        />
        {allowed.has('reject') ? (
          <Button
            label="Reject"
            className="p-button-danger p-button-danger-strong"
            disabled={step.busy}
            onClick={() => setRejecting(true)}
          />
        ) : null}
      </>
    );
  else if (ownTerms)
    actions = (
      <>
        <Button
          label={revising ? 'Keep my terms' : 'Revise terms'}
          className="p-button-outlined"
          onClick={() => setRevising((v) => !v)}
        />
        {allowed.has('reject') ? (
          <Button
            label="Withdraw bid"
            className="p-button-outlined p-button-danger"
            disabled={step.busy}
            onClick={() => setRejecting(true)}
          />
        ) : null}
      </>
    );
  return (
    <>
      <BidStatusBar bid={bid} actions={actions} />
      {itemCard}
      <section className="card" aria-labelledby="bid-terms-title">
        <h2 id="bid-terms-title" className="card-title">
          Bid Terms
        </h2>
        <BidFacts bid={bid} />
        {query.isRefetchError ? (
          <Alert severity="error">The latest state could not be read; showing the last.</Alert>
        ) : null}
        {counterForm ? (
          <>
            {bid.viewer_side === 'buyer' ? null : <BuyerFees bid={bid} />}
            <NegotiateForm
              key={bid.version}
              bid={bid}
              canCounter
              fees
              onRefresh={refresh}
              refreshing={query.isFetching}
              summary={(values) => <FinalPriceOutput breakdown={finalOf(values.price, values)} />}
            />
          </>
        ) : (
          <>
            <ReadOnlyTerms bid={bid} breakdown={breakdown} />
            <div className="form-actions">
              <Button label="Refresh" className="p-button-outlined" loading={query.isFetching} onClick={refresh} />
            </div>
          </>
        )}
        <div className="form-actions bid-page-actions">
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
        <ApprovalTimeline bid={bid} />
        <ApprovalStatusTable bid={bid} />
      </section>
      <HistoryCard bid={bid} />
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

/** The buyer's delivery fees as the bid states them, for the seller, who counters on price and quantity only. */
function BuyerFees({ bid }: { bid: BidDetail }) {
  const fees = BID_FEE_FIELDS.map((f) => ({ label: FEE_LABELS[f], value: formatMoney(bid[f], NA) }));
  return (
    <>
      <p className="muted">The buyer’s delivery fees, stated by the buyer and kept as they are:</p>
      <Facts facts={fees} />
    </>
  );
}

/**
 * The comments and history: open on a wide screen, folded on a phone (the page's actions come first there), and
 * folded or opened again when the window crosses the breakpoint; in between the reader opens and closes it.
 */
export function HistoryCard({ bid }: { bid: BidDetail }) {
  const phone = useMediaQuery(PHONE_QUERY);
  const [open, setOpen] = useState(!phone);
  const [wasPhone, setWasPhone] = useState(phone);
  if (wasPhone !== phone) {
    setWasPhone(phone);
    setOpen(!phone);
  }
  return (
    <section className="card" aria-labelledby="history-title">
      <details
        className="bid-history-details"
        open={open}
        onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}
      >
        <summary>
          <h2 id="history-title" className="card-title">
            Comments and History
          </h2>
        </summary>
        {bid.comment ? (
          <Alert severity="warn">
            <strong>Rejection Comment:</strong> {bid.comment}
          </Alert>
        ) : null}
        <BidHistoryTable entries={bid.negotiations} />
      </details>
    </section>
  );
}
