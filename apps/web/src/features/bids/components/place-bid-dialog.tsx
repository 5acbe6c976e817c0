// "Place bid for {product} from {state}" (spec 001 §2 "Possible counterparties tab"): quantity, price and validity
// for a bid joining the open listing and a possible counterparty's; the confidential box for Premium Client
// companies; the captcha. Nothing is sent until the terms pass the contract's fields and the availability rule.
// The bid page places through the same form, with the fees and comment.
import { BID_MESSAGES } from '@spirit/domain/bids/bids.constants';
import type { OfferDetail, PossibleRecord } from '@spirit/domain/listings/listings.schemas';
import { Dialog } from 'primereact/dialog';
import type { ReactNode } from 'react';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { formatMoney, formatQuantity } from '../../../ui/format';
import { SubmitButton } from '../../../ui/submit-button';
import { useToast } from '../../../ui/toast';
import { useCreateBid } from '../api/create-bid';
import { BID_FEE_FIELDS, termsBody, type BidFeeField, type TermsValues } from './bid-terms';
import { TermsFields } from './terms-fields';
import { useTermsForm } from './use-terms-form';

type Target = Pick<PossibleRecord, 'id' | 'product' | 'state' | 'available_quantity' | 'offer_price'>;
type Props = {
  /** The caller's own open listing, the one the page shows. */
  listing: Pick<OfferDetail, 'id' | 'side' | 'available_quantity'> & Partial<Record<BidFeeField, string | null>>;
  /** The counterparty listing chosen on the Possible tab; null keeps the dialog closed. */
  target: (Target & Pick<PossibleRecord, 'landed'>) | null;
  onClose: () => void;
};

type FormProps = Pick<Props, 'listing'> & {
  target: Target;
  /** After the bid is placed, with its id. */
  onPlaced: (bidId: number) => void;
  onCancel?: () => void;
  /** The bid page: the fees and comment are fields too, starting from `init`. */
  fees?: boolean;
  init?: Partial<TermsValues>;
  /** Shown under the fields, from what they hold now (the bid page's final price). */
  summary?: (values: TermsValues) => ReactNode;
};

export function PlaceBidForm({ listing, target, onPlaced, onCancel, fees = false, init, summary }: FormProps) {
  const toast = useToast();
  const create = useCreateBid();
  const terms = useTermsForm([listing.available_quantity, target.available_quantity], init, { fees });
  const { premium, failure } = terms;
  const { handleSubmit } = terms.form;

  const onSubmit = handleSubmit(async (values) => {
    const counterparty = listing.side === 'Ask' ? { offer_id: target.id } : { ask_id: target.id };
    // A new bid has no deadline to keep: the form offers only hours.
    const { valid_until, ...body } = termsBody(values, Date.now(), premium);
    if (!valid_until) return;
    try {
      const { message, data } = await create.mutateAsync({
        ...body,
        valid_until,
        my_offer_id: listing.id,
        ...counterparty,
      });
      toast.success(message || BID_MESSAGES.placed);
      onPlaced(data.id);
    } catch (error) {
      terms.failed(error, BID_MESSAGES.placeFailed);
    }
  });

  const blocked = !terms.ready;
  return (
    <form className="bid-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <p className="bid-target">
        Available: {formatQuantity(target.available_quantity, 1)} at {formatMoney(target.offer_price)} per litre; your
        listing has {formatQuantity(listing.available_quantity, 1)}.
      </p>
      {failure ? (
        <Alert severity="error" focusOnShow>
          {BID_MESSAGES.placeFailed}: {failure}
        </Alert>
      ) : null}
      <TermsFields idPrefix="place-bid" terms={terms} disabled={create.isPending} />
      {summary ? summary(terms.form.watch()) : null}
      <div className="form-actions">
        {onCancel ? (
          <Button label="Cancel" className="p-button-outlined" onClick={onCancel} disabled={create.isPending} />
        ) : null}
        <SubmitButton label="Place Bid" blocked={blocked} busy={create.isPending} />
      </div>
    </form>
  );
}

/**
 * The bid's delivery fees, as /biditem/{id} states them: the ask's own — the placer's listing for a buyer, the
 * possible buyer's for a seller (its landed breakdown carries them) — so the counter form never starts empty.
 */
export function carriedFees(
  listing: Partial<Record<BidFeeField, string | null>> & Pick<OfferDetail, 'side'>,
  target: Pick<PossibleRecord, 'landed'>,
): Partial<TermsValues> {
  const ask = listing.side === 'Ask' ? listing : target.landed;
  return Object.fromEntries(BID_FEE_FIELDS.map((f) => [f, ask[f] ?? '']));
}

export function PlaceBidDialog({ listing, target, onClose }: Props) {
  return (
    <Dialog
      header={target ? `Place bid for ${target.product} from ${target.state}` : 'Place bid'}
      visible={target !== null}
      onHide={onClose}
      className="bid-dialog"
      draggable={false}
    >
      {target ? (
        <PlaceBidForm
          key={target.id}
          listing={listing}
          target={target}
          init={carriedFees(listing, target)}
          onPlaced={onClose}
          onCancel={onClose}
        />
      ) : null}
    </Dialog>
  );
}
