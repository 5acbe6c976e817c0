// The bid dialogs of the listing page (spec 001 §2): Placed Bids' Negotiate / View Details (terms to counter while
// the bid is open, Approve, Reject and Close) and the pending tabs' "Bid Details" (read only). Both show the
// available quantities, a rejection comment and the history, and re-read the bid every 15 s while open. Which
// buttons show is the server's `allowed_actions` (the domain's `allowedActions` for the caller's side and tier).
import type { BidDetail } from '@spirit/domain/bids/bids.schemas';
import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { formatDateTime, formatMoney, formatQuantity } from '../../../ui/format';
import { MaskedName } from '../../../ui/masked-name';
import { ErrorState, LoadingState } from '../../../ui/status-states';
import { useBidById } from '../api/get-bid-by-id';
import { BidStatusTag } from './bid-cells';
import { BidHistoryTable } from './bid-history-table';
import { NegotiateForm } from './negotiate-form';
import { RejectionCommentDialog } from './rejection-comment-dialog';
import { useStepUpAction } from './use-step-up-action';
import './bid-page.css';

export type BidDialogMode = 'negotiate' | 'view' | 'details';

const TITLES: Record<BidDialogMode, string> = { negotiate: 'Negotiate', view: 'View Details', details: 'Bid Details' };

/**
 * Both companies, the available quantities, the terms, the status and the trade reference of a bid. The server sends
 * a company's id exactly when its name may be shown (the caller's own, and the counterparty's once Approved).
 */
export function BidFacts({ bid }: { bid: BidDetail }) {
  return (
    <dl className="bid-facts">
      <div>
        <dt>Seller</dt>
        <dd>
          <MaskedName name={bid.seller_company_name} reveal={bid.seller_company_id !== null} />
        </dd>
      </div>
      <div>
        <dt>Buyer</dt>
        <dd>
          <MaskedName name={bid.buyer_company_name} reveal={bid.buyer_company_id !== null} />
        </dd>
      </div>
      <div>
        <dt>Seller Available Quantity</dt>
        <dd>{formatQuantity(bid.offer_available_quantity, 1)}</dd>
      </div>
      <div>
        <dt>Buyer Available Quantity</dt>
        <dd>{formatQuantity(bid.ask_available_quantity, 1)}</dd>
      </div>
      <div>
        <dt>Quantity</dt>
        <dd>{formatQuantity(bid.quantity, 1)}</dd>
      </div>
      <div>
        <dt>Price</dt>
        <dd>{formatMoney(bid.price)}</dd>
      </div>
      <div>
        <dt>Valid Upto</dt>
        <dd>{formatDateTime(bid.valid_until)}</dd>
      </div>
      <div>
        <dt>Status</dt>
        <dd>
          <BidStatusTag bid={bid} />
        </dd>
      </div>
      {bid.trade_reference_number ? (
        <div>
          <dt>Trade Reference</dt>
          <dd>{bid.trade_reference_number}</dd>
        </div>
      ) : null}
    </dl>
  );
}

function BidDialogBody({ bidId, mode, onClose }: { bidId: number; mode: BidDialogMode; onClose: () => void }) {
  const query = useBidById(bidId);
  const [rejecting, setRejecting] = useState(false);
  const bid = query.data;
  const step = useStepUpAction({ negotiator: bid?.actor?.tier === 'negotiator', onDone: () => setRejecting(false) });

  if (query.isPending) return <LoadingState />;
  if (query.isError || !bid)
    return <ErrorState message="This bid could not be loaded." onRetry={() => void query.refetch()} />;

  const allowed = new Set(mode === 'details' ? [] : bid.allowed_actions);
  const approve = allowed.has('accept') || allowed.has('approve');
  const reject = allowed.has('reject');
  const refresh = () => void query.refetch();
  return (
    <>
      <BidFacts bid={bid} />
      {bid.comment && mode !== 'negotiate' ? (
        <Alert severity="warn">
          <strong>Rejection Comment:</strong> {bid.comment}
        </Alert>
      ) : null}
      {query.isRefetchError ? (
        <Alert severity="error">The latest state could not be read; showing the last.</Alert>
      ) : null}
      {mode === 'negotiate' ? (
        <NegotiateForm
          key={bid.version}
          bid={bid}
          canCounter={allowed.has('counter')}
          onRefresh={refresh}
          refreshing={query.isFetching}
        />
      ) : null}
      <h3 className="bid-section-title">History</h3>
      <BidHistoryTable entries={bid.negotiations} />
      <div className="form-actions bid-dialog-actions">
        {approve ? (
          <Button
            label={allowed.has('accept') ? 'Accept' : 'Approve'}
            className="p-button-success-strong"
            loading={step.busy}
            onClick={() => step.run({ bid_id: bid.id, is_approved: true, comment: '', version: bid.version })}
          />
        ) : null}
        {reject ? (
          <Button
            label="Reject"
            className="p-button-danger p-button-danger-strong"
            disabled={step.busy}
            onClick={() => setRejecting(true)}
          />
        ) : null}
        <Button label="Close" className="p-button-outlined" onClick={onClose} />
      </div>
      <RejectionCommentDialog
        visible={rejecting}
        busy={step.busy}
        onCancel={() => setRejecting(false)}
        onSave={(comment) => step.run({ bid_id: bid.id, is_approved: false, comment, version: bid.version })}
      />
      {step.panel}
    </>
  );
}

/** Open while `bidId` is set. */
export function BidDialog({
  bidId,
  mode,
  onClose,
}: {
  bidId: number | null;
  mode: BidDialogMode;
  onClose: () => void;
}) {
  return (
    <Dialog
      header={TITLES[mode]}
      visible={bidId !== null}
      onHide={onClose}
      className="bid-dialog bid-dialog-wide"
      draggable={false}
    >
      {bidId !== null ? <BidDialogBody key={bidId} bidId={bidId} mode={mode} onClose={onClose} /> : null}
    </Dialog>
  );
}
