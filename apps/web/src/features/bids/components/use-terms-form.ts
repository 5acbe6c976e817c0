// The form state the Place bid dialog, a counter and the bid page share: the terms schema over the listings'
// available quantities (with the fees on the bid page), the Premium Client flag, the captcha (spent by every try) and
// the failure shown above the fields.
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError, errorText } from '../../../app/api-client';
import type { CaptchaHandle } from '../../../ui/captcha';
import { applyServerFieldErrors, passes, schemaResolver } from '../../../ui/zod-form';
import { useOwnCompanyDetails } from '../api/get-company-details';
import { BID_FEE_FIELDS, emptyTerms, termsSchema, type Terms, type TermsValues } from './bid-terms';

export function useTermsForm(
  available: readonly string[],
  init: Partial<TermsValues> = {},
  opts: { fees?: boolean; keep?: boolean; comment?: boolean } = {},
) {
  const premium = useOwnCompanyDetails().data?.is_bid_confidential === true;
  const captcha = useRef<CaptchaHandle>(null);
  const [failure, setFailure] = useState('');
  const withFees = !!opts.fees;
  // The bid page's forms take a comment from either side (with the fees or without them).
  const withComment = withFees || !!opts.comment;
  const schema = termsSchema(available, { fees: withFees, keep: !!opts.keep });
  const form = useForm<TermsValues, unknown, Terms>({
    resolver: schemaResolver(schema),
    defaultValues: emptyTerms(init),
  });

  /** A captcha payload is accepted once: every answer needs a new one for the next try. */
  const sent = () => {
    captcha.current?.reset();
    setFailure('');
  };
  const failed = (error: unknown, fallback?: string) => {
    captcha.current?.reset();
    const text = error instanceof ApiError ? errorText(error) : (fallback ?? errorText(error));
    setFailure(text);
    if (!(error instanceof ApiError)) return;
    applyServerFieldErrors(
      form.setError,
      error.fields,
      ['quantity', 'price', 'captcha', 'comment', ...(withFees ? BID_FEE_FIELDS : [])],
      text,
    );
    if (error.fields.valid_until) form.setError('hours', { type: 'server', message: error.fields.valid_until });
  };

  return { form, premium, captcha, failure, sent, failed, withFees, withComment, ready: passes(schema, form.watch()) };
}
export type TermsForm = ReturnType<typeof useTermsForm>;
