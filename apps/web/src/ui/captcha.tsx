// Human verification with ALTCHA proof of work (DESIGN.md: self-hosted, verified by the server). Ticking the box
// fetches a challenge from `getCaptcha` and solves it in the browser with Web Crypto; the payload is what the
// guarded calls send as `captcha`. The server accepts a payload once, so forms call `reset()` after every submit.
import type { CaptchaChallenge } from '@spirit/domain/auth/auth.schemas';
import { solveChallenge } from 'altcha-lib/v1';
import { useCallback, useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { ApiError, call } from '../app/api-client';

export type CaptchaHandle = { reset: () => void };

const VERIFY_FAILED = 'Verification failed. Please try again.';

type Status = 'idle' | 'verifying' | 'verified' | 'failed';

type Props = {
  /** The solved payload, or null when the box is cleared or reset. */
  onChange: (payload: string | null) => void;
  id?: string;
  /** A message under the box (e.g. 'Please verify captcha.'); shown as an error when `invalid`. */
  message?: string | undefined;
  invalid?: boolean;
  ref?: Ref<CaptchaHandle>;
};

/** The payload format ALTCHA's verifier reads: base64 of the challenge with the found number. */
export function captchaPayload(challenge: CaptchaChallenge, number: number): string {
  const { algorithm, challenge: hash, salt, signature } = challenge;
  return btoa(JSON.stringify({ algorithm, challenge: hash, number, salt, signature }));
}

export async function solveCaptcha(signal: AbortSignal): Promise<string> {
  const { data } = await call('getCaptcha', {}, { anonymous: true, signal });
  const { promise, controller } = solveChallenge(data.challenge, data.salt, data.algorithm, data.maxnumber);
  const abort = () => controller.abort();
  signal.addEventListener('abort', abort, { once: true });
  try {
    const solution = await promise;
    if (signal.aborted) throw new DOMException('Aborted', 'AbortError');
    if (!solution) throw new Error(VERIFY_FAILED);
    return captchaPayload(data, solution.number);
  } finally {
    signal.removeEventListener('abort', abort);
  }
}

export function Captcha({ onChange, id = 'captcha', message, invalid = false, ref }: Props) {
  const [status, setStatus] = useState<Status>('idle');
  const [failure, setFailure] = useState('');
  const run = useRef<AbortController | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const stop = useCallback(() => {
    run.current?.abort();
    run.current = null;
  }, []);

  const reset = useCallback(() => {
    stop();
    setStatus('idle');
    setFailure('');
    onChangeRef.current(null);
  }, [stop]);

  useImperativeHandle(ref, () => ({ reset }), [reset]);
  useEffect(() => stop, [stop]);

  const verify = useCallback(async () => {
    stop();
    const controller = new AbortController();
    run.current = controller;
    setStatus('verifying');
    setFailure('');
    onChangeRef.current(null);
    try {
      const payload = await solveCaptcha(controller.signal);
      if (controller.signal.aborted) return;
      setStatus('verified');
      onChangeRef.current(payload);
    } catch (error) {
      if (controller.signal.aborted) return;
      setStatus('failed');
      setFailure(error instanceof ApiError ? error.error : VERIFY_FAILED);
    } finally {
      if (run.current === controller) run.current = null;
    }
  }, [stop]);

  const statusText =
    status === 'verifying' ? 'Verifying…' : status === 'verified' ? 'Verified' : status === 'failed' ? failure : '';
  const showMessage = !!message && status !== 'verified';
  const statusId = `${id}-status`;
  const messageId = `${id}-message`;

  return (
    <div className={`captcha captcha-${status}${invalid && showMessage ? ' captcha-invalid' : ''}`}>
      <div className="captcha-box">
        <input
          type="checkbox"
          id={id}
          checked={status === 'verifying' || status === 'verified'}
          aria-busy={status === 'verifying'}
          aria-invalid={invalid && showMessage}
          aria-describedby={[statusId, showMessage ? messageId : ''].filter(Boolean).join(' ')}
          onChange={(event) => (event.target.checked ? void verify() : reset())}
        />
        <label htmlFor={id}>I&apos;m not a robot</label>
        <span id={statusId} className="captcha-status" role="status" aria-live="polite">
          {status === 'verifying' ? <i className="pi pi-spin pi-spinner" aria-hidden="true" /> : null}
          {status === 'verified' ? <i className="pi pi-check" aria-hidden="true" /> : null}
          {statusText}
        </span>
      </div>
      {showMessage ? (
        <small id={messageId} className={invalid ? 'field-error' : 'field-hint'}>
          {message}
        </small>
      ) : null}
    </div>
  );
}
