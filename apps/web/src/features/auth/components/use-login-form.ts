// The sign-in form's state without react-hook-form, so /login loads neither it nor zod (docs/decisions.md "Web").
// It keeps react-hook-form's `onTouched` timing, which the page had: a field is checked when it loses focus and,
// once touched, as it changes; after a submit, fields are checked as they change. The checks are the domain's
// `loginErrors` / `loginWithOtpErrors`, which answer as the contract's schemas do.
import { loginErrors, loginWithOtpErrors, type LoginErrors } from '@spirit/domain/auth/auth.rules';
import { useRef, useState, type FormEvent } from 'react';

export type LoginValues = { email: string; password: string; otp: string; captcha: string };
export type LoginField = keyof LoginValues;
export type LoginMode = 'password' | 'otp';

/** The fields that take focus when a submit finds them wrong, in the order they appear. */
const FOCUSABLE: readonly LoginField[] = ['email', 'password', 'otp'];

function check(values: LoginValues, mode: LoginMode): LoginErrors {
  return mode === 'otp' ? loginWithOtpErrors(values) : loginErrors(values);
}

function withError(errors: LoginErrors, field: LoginField, message: string | undefined): LoginErrors {
  const next = { ...errors };
  if (message === undefined) delete next[field];
  else next[field] = message;
  return next;
}

/** `modeOf(values)`: which sign-in the values ask for, so which check applies. */
export function useLoginForm(modeOf: (values: LoginValues) => LoginMode) {
  const [values, setValues] = useState<LoginValues>({ email: '', password: '', otp: '', captcha: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [isSubmitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  // Handlers read these rather than a render's state: a captcha reset after a reply must not undo what was typed
  // while the request ran.
  const latest = useRef(values);
  const touched = useRef(new Set<LoginField>());
  const submitted = useRef(false);

  /** Checks one field against the current values and shows or clears its message; true when it passes. */
  const validate = (field: LoginField): boolean => {
    const message = check(latest.current, modeOf(latest.current))[field];
    setErrors((previous) => withError(previous, field, message));
    return message === undefined;
  };

  /** Sets a value; `validate` true checks it now, false never, undefined as the timing above says. */
  const setValue = (field: LoginField, value: string, options: { validate?: boolean } = {}) => {
    latest.current = { ...latest.current, [field]: value };
    setValues(latest.current);
    if (options.validate ?? (submitted.current || touched.current.has(field))) validate(field);
  };

  const blur = (field: LoginField) => {
    touched.current.add(field);
    if (!submitted.current) validate(field);
  };

  const getValues = (): LoginValues => latest.current;

  /** Sets messages from elsewhere (the server's), keeping the others. */
  const setMessages = (messages: LoginErrors) => setErrors((previous) => ({ ...previous, ...messages }));

  const clearErrors = (fields: readonly LoginField[]) =>
    setErrors((previous) => fields.reduce((next, field) => withError(next, field, undefined), previous));

  /** Checks every field; sends when all pass, else focuses the first wrong field on screen. */
  const handleSubmit = (onValid: (values: LoginValues) => Promise<void>) => async (event: FormEvent) => {
    event.preventDefault();
    submitted.current = true;
    setSubmitted(true);
    const current = latest.current;
    const found = check(current, modeOf(current));
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const wrong = FOCUSABLE.map((field) => (found[field] ? document.getElementById(field) : null));
      wrong.find(Boolean)?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await onValid(current);
    } finally {
      setSubmitting(false);
    }
  };

  return {
    values,
    getValues,
    errors,
    isSubmitted,
    isSubmitting,
    setValue,
    blur,
    validate,
    setMessages,
    clearErrors,
    handleSubmit,
  };
}
