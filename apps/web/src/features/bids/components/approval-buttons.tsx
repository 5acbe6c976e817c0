// A row's Approve (green) and Reject (red) as labelled buttons (issue 21, item 13): on the inbox and on a listing's
// pending tabs, where 16 px icons of one colour were mistaken for each other. The pair is kept on one line, so on a
// phone Reject never wraps alone; the accessible names say which bid.
import type { BidListRecord } from '@spirit/domain/bids/bids.schemas';
import { Button } from '../../../ui/button';

type Props = {
  bid: Pick<BidListRecord, 'id'>;
  /** Without it the button is left out (the caller may not do that now). */
  onApprove?: (() => void) | undefined;
  onReject?: (() => void) | undefined;
  busy?: boolean;
};

export function ApprovalButtons({ bid, onApprove, onReject, busy = false }: Props) {
  if (!onApprove && !onReject) return null;
  return (
    <span className="approval-buttons">
      {onApprove ? (
        <Button
          label="Approve"
          aria-label={`Approve bid ${bid.id}`}
          className="p-button-sm p-button-success-strong"
          disabled={busy}
          onClick={onApprove}
        />
      ) : null}
      {onReject ? (
        <Button
          label="Reject"
          aria-label={`Reject bid ${bid.id}`}
          className="p-button-sm p-button-danger p-button-danger-strong"
          disabled={busy}
          onClick={onReject}
        />
      ) : null}
    </span>
  );
}
