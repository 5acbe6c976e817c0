// The one-time code before accepting, approving or rejecting a bid (DESIGN.md §4 "Step-up"): Generate OTP mails a
// 6-digit code, the button then waits 60 s (spec 001 §4), Verify checks the code and the server opens a 10-minute
// approval window on the session. `OtpPanel` takes the two requests as functions; `StepUpPanel` wires the calls.
import { STEP_UP } from '@spirit/domain/bids/bids.constants';
import { BID_MESSAGES } from '@spirit/domain/bids/bids.constants';
import { verifyOTPSchema } from '@spirit/domain/bids/bids.schemas';
import { useId, useState } from 'react';
import { ApiError, errorText } from '../../../app/api-client';
import { Button } from '../../../ui/button';
import { FormField, inputClass } from '../../../ui/form-field';
import { useCountdown } from '../../../ui/use-countdown';
import { useGenerateUserOTP } from '../api/generate-user-otp';
import { useVerifyOTP } from '../api/verify-otp';

type Props = {
  /** Mails a code; answers the seconds until another may be asked for. */
  send: () => Promise<{ resend_after_seconds: number }>;
  verify: (otp: string) => Promise<unknown>;
  onVerified: () => void;
  onCancel?: () => void;
};

export function OtpPanel({ send, verify, onVerified, onCancel }: Props) {
  const id = useId();
  const countdown = useCountdown();
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);
  const [sending, setSending] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const [notice, setNotice] = useState('');
  const [error, setError] = useState('');

  const generate = async () => {
    if (countdown.running || sending) return;
    setSending(true);
    setError('');
    try {
      const result = await send();
      setSent(true);
      setNotice(BID_MESSAGES.otpSent);
      countdown.start(result.resend_after_seconds);
    } catch (failure) {
      // 429: a code was mailed less than a minute ago; it still counts, so wait before asking again.
      if (failure instanceof ApiError && failure.statusCode === 429) {
        setSent(true);
        countdown.start(STEP_UP.resendSeconds);
      }
      setNotice('');
      setError(errorText(failure));
    } finally {
      setSending(false);
    }
  };

  const check = async () => {
    const parsed = verifyOTPSchema.safeParse({ otp: code });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? BID_MESSAGES.otpFormat);
      return;
    }
    setVerifying(true);
    setError('');
    try {
      await verify(parsed.data.otp);
      setNotice(BID_MESSAGES.otpVerified);
      onVerified();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setVerifying(false);
    }
  };

  const generateLabel = countdown.running
    ? `Resend OTP in ${countdown.remaining} s`
    : sent
      ? 'Resend OTP'
      : 'Generate OTP';
  return (
    <div className="otp-panel" role="group" aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} className="otp-title">
        Enter the one-time code mailed to you to confirm this action.
      </p>
      <div className="form-actions">
        <Button
          label={generateLabel}
          className="p-button-outlined"
          loading={sending}
          disabled={countdown.running}
          onClick={() => void generate()}
        />
      </div>
      <FormField id={`${id}-otp`} label="OTP" required error={error || undefined}>
        {(a11y) => (
          <input
            {...a11y}
            className={inputClass(!!error)}
            value={code}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={STEP_UP.codeLength}
            onChange={(event) => {
              setCode(event.target.value.replace(/\D/g, ''));
              setError('');
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void check();
              }
            }}
          />
        )}
      </FormField>
      <p className="otp-notice" role="status" aria-live="polite">
        {notice}
      </p>
      <div className="form-actions">
        {onCancel ? (
          <Button label="Cancel" className="p-button-outlined" onClick={onCancel} disabled={verifying} />
        ) : null}
        <Button label="Verify OTP" loading={verifying} onClick={() => void check()} />
      </div>
    </div>
  );
}

/** The panel over `generateUserOTP` and `verifyOTP`. */
export function StepUpPanel({ onVerified, onCancel }: Pick<Props, 'onVerified' | 'onCancel'>) {
  const generate = useGenerateUserOTP();
  const verify = useVerifyOTP();
  return (
    <OtpPanel
      send={async () => (await generate.mutateAsync()).data}
      verify={(otp) => verify.mutateAsync(otp)}
      onVerified={onVerified}
      {...(onCancel ? { onCancel } : {})}
    />
  );
}
