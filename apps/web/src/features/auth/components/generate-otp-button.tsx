import { OTP_RESEND_SECONDS } from '@spirit/domain/auth/auth.constants';
import { useState } from 'react';
import { Button } from '../../../ui/button';
import { useCountdown } from '../../../ui/use-countdown';

type Props = {
  /** Asks for a code; resolves true when one was sent, which starts the resend countdown. */
  onGenerate: () => Promise<boolean>;
};

/** 'Generate OTP', then 'Regenerate OTP in {n}s' (disabled) for 60 seconds after a code was sent. */
export function GenerateOtpButton({ onGenerate }: Props) {
  const { remaining, running, start } = useCountdown();
  const [busy, setBusy] = useState(false);

  const generate = async () => {
    setBusy(true);
    try {
      if (await onGenerate()) start(OTP_RESEND_SECONDS);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      type="button"
      className="p-button-outlined generate-otp"
      label={running ? `Regenerate OTP in ${remaining}s` : 'Generate OTP'}
      disabled={running || busy}
      onClick={() => void generate()}
    />
  );
}
