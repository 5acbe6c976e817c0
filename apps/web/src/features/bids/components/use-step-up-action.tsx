// Accept, approve and reject go through `bidAction`, which needs the approval window of the session (DESIGN.md §4
// "Step-up"). While the window this browser opened is still running the action is sent at once; otherwise (or when
// the server says the window is gone) the one-time-code panel opens and the action is sent once the code checks.
import { BID_MESSAGES } from '@spirit/domain/bids/bids.constants';
import type { BidActionInput } from '@spirit/domain/bids/bids.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import { ApiError, errorText } from '../../../app/api-client';
import { useToast } from '../../../ui/toast';
import { useBidAction } from '../api/bid-action';
import { APPROVAL_WINDOW_KEY, approvalWindowOpen } from '../api/verify-otp';
import { LazyStepUpPanel } from './lazy-step-up-panel';
import { TradedDialog, type Traded } from './traded-dialog';

const successText = (body: BidActionInput, tierIsNegotiator: boolean) =>
  !body.is_approved ? BID_MESSAGES.rejected : tierIsNegotiator ? BID_MESSAGES.accepted : BID_MESSAGES.approved;

export function useStepUpAction(opts: { negotiator: boolean; onDone?: () => void }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const action = useBidAction();
  const [pending, setPending] = useState<BidActionInput | null>(null);
  const [traded, setTraded] = useState<Traded | null>(null);

  const send = async (body: BidActionInput) => {
    try {
      const { message, data } = await action.mutateAsync(body);
      setPending(null);
      // The sixth approval: the trade itself is confirmed, with its reference, not a passing toast.
      if (data.status === 'Approved' && data.trade_reference_number)
        setTraded({ id: data.id, reference: data.trade_reference_number });
      else toast.success(message || successText(body, opts.negotiator));
      opts.onDone?.();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'bid.step_up_required') {
        queryClient.setQueryData(APPROVAL_WINDOW_KEY, null);
        setPending(body);
        return;
      }
      setPending(null);
      toast.failure(errorText(error));
    }
  };

  const run = (body: BidActionInput) => (approvalWindowOpen(queryClient) ? void send(body) : setPending(body));

  const panel = (
    <>
      <Dialog
        header="Confirm with a one-time code"
        visible={pending !== null}
        onHide={() => setPending(null)}
        className="bid-dialog"
        draggable={false}
      >
        {pending ? <LazyStepUpPanel onVerified={() => void send(pending)} onCancel={() => setPending(null)} /> : null}
      </Dialog>
      <TradedDialog traded={traded} onClose={() => setTraded(null)} />
    </>
  );
  return { run, busy: action.isPending, panel };
}
