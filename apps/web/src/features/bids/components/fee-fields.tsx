// The bid page's fee inputs and comment (spec 001 §2 "Bid / negotiation page": import_pass_fee, transit_permit_fee,
// escort_fee, corporation_fee, misc_handling, transportation, bidComment), each in ₹ per litre.
import { FormField, inputClass } from '../../../ui/form-field';
import { BID_FEE_FIELDS, COMMENT_MAX, type BidFeeField } from './bid-terms';
import type { TermsForm } from './use-terms-form';

export const FEE_LABELS: Record<BidFeeField, string> = {
  import_pass_fee: 'Import Pass Fee',
  transit_permit_fee: 'Transit Permit Fee',
  escort_fee: 'Escort Fee',
  corporation_fee: 'Corporation Fee',
  misc_handling: 'Misc Handling Fee',
  transportation: 'Transportation Fee',
};

/** The fees when the caller states them (`terms.withFees`: the buyer's side), then the comment either side writes. */
export function FeeFields({ id, terms }: { id: (name: string) => string; terms: TermsForm }) {
  const { register, formState } = terms.form;
  const { errors } = formState;
  return (
    <>
      {terms.withFees ? (
        <div className="form-grid bid-fees">
          {BID_FEE_FIELDS.map((f) => (
            <FormField key={f} id={id(f)} label={`${FEE_LABELS[f]} (₹ per litre)`} required error={errors[f]?.message}>
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
