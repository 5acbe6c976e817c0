// "One code for a queue" (issue 21, item 19; DESIGN.md §4 "Step-up"): an approver selects several bids in the inbox
// and approves them together. One one-time code opens the session's approval window (or the window this browser
// opened is still running), then each bid is sent as its own `bidAction` — its own locked, audited transition on
// the server — one after the other. Each row's outcome is reported: a bid refused (changed meanwhile, lapsed, no
// longer at the caller's turn) neither undoes nor stops the others. Should the window close part-way, the bids not
// yet sent ask for a new code.
import type { BidActionInput, BidListRecord } from '@spirit/domain/bids/bids.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import { ApiError, errorText } from '../../../app/api-client';
import { useToast } from '../../../ui/toast';
import { useBidAction } from '../api/bid-action';
import { APPROVAL_WINDOW_KEY, approvalWindowOpen } from '../api/verify-otp';
import { LazyStepUpPanel } from './lazy-step-up-panel';

export type QueueOutcome = { id: number; ok: boolean; text: string };
type Queued = Pick<BidListRecord, 'id' | 'version'>;

const approvalOf = (bid: Queued): BidActionInput => ({
  bid_id: bid.id,
  is_approved: true,
  comment: '',
  version: bid.version,
});

/** "2 approved, 1 refused". */
export function queueSummary(outcomes: readonly QueueOutcome[]) {
  const approved = outcomes.filter((o) => o.ok).length;
  const refused = outcomes.length - approved;
  return [`${approved} approved`, ...(refused ? [`${refused} refused`] : [])].join(', ');
}

export function useApprovalQueue(opts: { onDone?: (outcomes: QueueOutcome[]) => void } = {}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const action = useBidAction();
  const [waiting, setWaiting] = useState<Queued[] | null>(null);
  const [running, setRunning] = useState(false);
  const [outcomes, setOutcomes] = useState<QueueOutcome[]>([]);

  const sendAll = async (bids: Queued[]) => {
    setWaiting(null);
    setRunning(true);
    const done: QueueOutcome[] = [];
    let left: Queued[] = [];
    for (const [index, bid] of bids.entries()) {
      try {
        const { data } = await action.mutateAsync(approvalOf(bid));
        const traded = data.status === 'Approved' && data.trade_reference_number;
        done.push({ id: bid.id, ok: true, text: traded ? `Traded — ${data.trade_reference_number}` : 'Approved' });
      } catch (error) {
        if (error instanceof ApiError && error.code === 'bid.step_up_required') {
          // The window closed part-way: the rest wait for a new code, nothing is refused for it.
          queryClient.setQueryData(APPROVAL_WINDOW_KEY, null);
          left = bids.slice(index);
          break;
        }
        done.push({ id: bid.id, ok: false, text: errorText(error) });
      }
      setOutcomes([...done]);
    }
    setRunning(false);
    if (done.length) {
      const failed = done.some((o) => !o.ok);
      toast[failed ? 'failure' : 'success'](`Bids: ${queueSummary(done)}`);
      opts.onDone?.(done);
    }
    if (left.length) setWaiting(left);
  };

  /** Approves `bids`, asking for a code first unless the window is open. */
  const approve = (bids: Queued[]) => {
    if (!bids.length || running) return;
    setOutcomes([]);
    if (approvalWindowOpen(queryClient)) void sendAll(bids);
    else setWaiting(bids);
  };

  const panel = (
    <Dialog
      header="Confirm with a one-time code"
      visible={waiting !== null}
      onHide={() => setWaiting(null)}
      className="bid-dialog"
      draggable={false}
    >
      {waiting ? (
        <>
          <p>
            One code approves the {waiting.length === 1 ? 'bid' : `${waiting.length} bids`} you chose, each on its own.
          </p>
          <LazyStepUpPanel onVerified={() => void sendAll(waiting)} onCancel={() => setWaiting(null)} />
        </>
      ) : null}
    </Dialog>
  );
  return { approve, running, outcomes, panel };
}
