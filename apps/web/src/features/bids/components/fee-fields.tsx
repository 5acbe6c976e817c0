// The bid page's fee inputs and comment (spec 001 §2 "Bid / negotiation page": import_pass_fee, transit_permit_fee,
// escort_fee, corporation_fee, misc_handling, transportation, bidComment), each in ₹ per litre.
import { FEE_NAMES, feeLabelWithUnit } from '@spirit/domain/listings/listings.constants';
import { FormField, inputClass } from '../../../ui/form-field';
import { BID_FEE_FIELDS, COMMENT_MAX, type BidFeeField } from './bid-terms';
import type { TermsForm } from './use-terms-form';

/** The fees' one name each (the domain's `FEE_NAMES`, the same on the listing forms and Item Info). */
export const FEE_LABELS = Object.fromEntries(BID_FEE_FIELDS.map((f) => [f, FEE_NAMES[f].label])) as Record<
  BidFeeField,
  string
>;

/** The fees when the caller states them (`terms.withFees`: the buyer's side), then the comment either side writes. */
export function FeeFields({ id, terms }: { id: (name: string) => string; terms: TermsForm }) {
  const { register, formState } = terms.form;
  const { errors } = formState;
  return (
    <>
      {terms.withFees ? (
        <div className="form-grid bid-fees">
          {BID_FEE_FIELDS.map((f) => (
            <FormField key={f} id={id(f)} label={feeLabelWithUnit(f)} required error={errors[f]?.message}>
              {(a11y) => (
                <input
                  {...a11y}
                  {...register(f)}
                  className={inputClass(!!errors[f])}
                  inputMode="decimal"
                  autoComplete="off"
                />
              )}
            </FormField>
          ))}
        </div>
      ) : null}
      <FormField id={id('comment')} label="Comment" error={errors.comment?.message}>
        {(a11y) => (
          <textarea
            {...a11y}
            {...register('comment')}
            className={inputClass(!!errors.comment)}
            rows={3}
            maxLength={COMMENT_MAX}
          />
        )}
      </FormField>
    </>
  );
}
