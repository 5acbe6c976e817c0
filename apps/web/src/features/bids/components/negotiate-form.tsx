// A counter from the Placed Bids dialog: new quantity, price and validity, the captcha, Negotiate and Refresh
// (spec 001 §2). Negotiate is disabled once the bid has lapsed; the `version` shown is sent, so a bid changed
// meanwhile is refused ("This bid changed since you opened it") and the dialog shows its new state.
import type { BidDetail } from '@spirit/domain/bids/bids.schemas';
import { BID_MESSAGES } from '@spirit/domain/bids/bids.constants';
import { ApiError } from '../../../app/api-client';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { SubmitButton } from '../../../ui/submit-button';
import { useToast } from '../../../ui/toast';
import { useNegotiateBid } from '../api/negotiate-bid';
import { termsBody } from './bid-terms';
import { TermsFields } from './terms-fields';
import { useTermsForm } from './use-terms-form';

type Props = { bid: BidDetail; canCounter: boolean; onRefresh: () => void; refreshing: boolean };

export function NegotiateForm({ bid, canCounter, onRefresh, refreshing }: Props) {
  const toast = useToast();
  const negotiate = useNegotiateBid();
  const terms = useTermsForm([bid.offer_available_quantity, bid.ask_available_quantity], {
    quantity: bid.quantity,
    price: bid.price,
    is_bid_confidential: bid.is_bid_confidential,
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
      />
      <div className="form-actions">
        <Button label="Refresh" className="p-button-outlined" loading={refreshing} onClick={onRefresh} />
        <SubmitButton label="Negotiate" blocked={blocked} busy={negotiate.isPending} />
      </div>
    </form>
  );
}
