// A counter from the Placed Bids dialog or the bid page: new quantity, price and validity — the bid's deadline kept
// unless another is chosen, the resulting expiry shown — (on the page the buyer also states the fees, and either
// side the comment), the captcha, Negotiate and Refresh (spec 001 §2). The bid's fees start as they are, so a counter from
// the dialog keeps them. Negotiate is disabled once the bid has lapsed; the `version` shown is sent, so a bid changed
// meanwhile is refused ("This bid changed since you opened it") and the screen shows its new state.
import type { BidDetail } from '@spirit/domain/bids/bids.schemas';
import { BID_MESSAGES } from '@spirit/domain/bids/bids.constants';
import type { ReactNode } from 'react';
import { ApiError } from '../../../app/api-client';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { SubmitButton } from '../../../ui/submit-button';
import { useToast } from '../../../ui/toast';
import { useNegotiateBid } from '../api/negotiate-bid';
import { BID_FEE_FIELDS, KEEP_DEADLINE, termsBody, type TermsValues } from './bid-terms';
import { TermsFields } from './terms-fields';
import { useTermsForm } from './use-terms-form';

type Props = {
  bid: BidDetail;
  canCounter: boolean;
  onRefresh: () => void;
  refreshing: boolean;
  /** The bid page: the fees and comment are fields too. */
  fees?: boolean;
  /** Shown under the fields, from what they hold now (the bid page's final price). */
  summary?: (values: TermsValues) => ReactNode;
};

/** The bid's terms as the form's inputs hold them; the validity keeps the deadline the bid has. */
export const termsOfBid = (bid: BidDetail): Partial<TermsValues> => ({
  quantity: bid.quantity,
  price: bid.price,
  hours: KEEP_DEADLINE,
  is_bid_confidential: bid.is_bid_confidential,
  ...Object.fromEntries(BID_FEE_FIELDS.map((f) => [f, bid[f] ?? ''])),
});

export function NegotiateForm({ bid, canCounter, onRefresh, refreshing, fees = false, summary }: Props) {
  const toast = useToast();
  const negotiate = useNegotiateBid();
  // The bid's fees are the buyer's delivery fees: only the buyer's Negotiator states them; a seller's counter sends
  // them as they are (issue 21, item 3: never ask one side for the other side's fields).
  const ownFees = fees && bid.viewer_side === 'buyer';
  const terms = useTermsForm([bid.offer_available_quantity, bid.ask_available_quantity], termsOfBid(bid), {
    fees: ownFees,
    comment: fees,
    keep: true,
  });
  const { premium, failure } = terms;
  const { handleSubmit } = terms.form;
  const lapsed = bid.is_bid_lapsed;

  const onSubmit = handleSubmit(async (values) => {
    if (!canCounter || lapsed) return;
    try {
      const { message } = await negotiate.mutateAsync({
        ...termsBody(values, Date.now(), premium),
        bid_id: bid.id,
        version: bid.version,
      });
      terms.sent();
      toast.success(message || BID_MESSAGES.countered);
    } catch (error) {
      terms.failed(error);
      if (error instanceof ApiError && error.code === 'bid.stale') onRefresh();
    }
  });

  const blocked = !canCounter || lapsed || !terms.ready;
  return (
    <form className="bid-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      {failure ? <Alert severity="error">{failure}</Alert> : null}
      {lapsed ? <Alert severity="warn">This bid has lapsed and can no longer change.</Alert> : null}
      <TermsFields
        idPrefix={`negotiate-${bid.id}`}
        terms={terms}
        disabled={negotiate.isPending || lapsed || !canCounter}
        confidentialFixed
        deadline={bid.valid_until}
      />
      {summary ? summary(terms.form.watch()) : null}
      <div className="form-actions">
        <Button label="Refresh" className="p-button-outlined" loading={refreshing} onClick={onRefresh} />
        <SubmitButton label="Negotiate" blocked={blocked} busy={negotiate.isPending} />
      </div>
    </form>
  );
}
