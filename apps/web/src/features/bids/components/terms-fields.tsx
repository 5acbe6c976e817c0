// Quantity, Price (₹) and Negotiation Valid Upto (hours), on the bid page the fees and comment, the confidential box
// for Premium Client companies and the captcha: the inputs of the Place bid dialog, a counter and the bid page.
import { VALIDITY_HOURS } from '@spirit/domain/bids/bids.constants';
import { Captcha } from '../../../ui/captcha';
import { FormField, inputClass } from '../../../ui/form-field';
import { KEEP_DEADLINE } from './bid-terms';
import { ExpiryOutput } from './expiry-output';
import { FeeFields } from './fee-fields';
import type { TermsForm } from './use-terms-form';

type Props = {
  idPrefix: string;
  terms: TermsForm;
  disabled?: boolean;
  /** A placed bid's confidentiality is fixed: the box shows it, read only. */
  confidentialFixed?: boolean;
  /** A counter: the bid's deadline, kept unless another validity is chosen. */
  deadline?: string;
};

/** The confidential box shows when the company is a Premium Client (`terms.premium`); the fees with `terms.withFees`. */
export function TermsFields({ idPrefix, terms, disabled, confidentialFixed = false, deadline }: Props) {
  const { register, setValue, formState } = terms.form;
  const { errors, isSubmitted: submitted } = formState;
  const { premium, captcha: captchaRef } = terms;
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <fieldset className="bid-terms" disabled={disabled}>
      <FormField id={id('quantity')} label="Quantity (B/L)" required error={errors.quantity?.message}>
        {(a11y) => (
          <input
            {...a11y}
            {...register('quantity')}
            className={inputClass(!!errors.quantity)}
            inputMode="decimal"
            autoComplete="off"
          />
        )}
      </FormField>
      <FormField id={id('price')} label="Price (₹/L)" required error={errors.price?.message}>
        {(a11y) => (
          <input
            {...a11y}
            {...register('price')}
            className={inputClass(!!errors.price)}
            inputMode="decimal"
            autoComplete="off"
          />
        )}
      </FormField>
      <FormField id={id('hours')} label="Negotiation Valid Upto" required error={errors.hours?.message}>
        {(a11y) => (
          <select {...a11y} {...register('hours')} className={inputClass(!!errors.hours, 'native-select')}>
            {deadline ? <option value={KEEP_DEADLINE}>Keep the current deadline</option> : null}
            {VALIDITY_HOURS.map((h) => (
              <option key={h} value={String(h)}>
                {h} hours
              </option>
            ))}
          </select>
        )}
      </FormField>
      <ExpiryOutput id={id('expiry')} hours={terms.form.watch('hours')} deadline={deadline} />
      {terms.withFees || terms.withComment ? <FeeFields id={id} terms={terms} /> : null}
      {premium ? (
        <div className="checkbox-field">
          <input
            id={id('confidential')}
            type="checkbox"
            {...register('is_bid_confidential')}
            disabled={confidentialFixed || disabled}
          />
          <label htmlFor={id('confidential')}>Confidential Bid</label>
        </div>
      ) : null}
      <Captcha
        ref={captchaRef}
        id={id('captcha')}
        onChange={(payload) => setValue('captcha', payload ?? '', { shouldValidate: submitted })}
        message={errors.captcha?.message}
        invalid={!!errors.captcha}
      />
    </fieldset>
  );
}
