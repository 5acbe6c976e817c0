// Account set-up from an invitation link: /usersetup?token=… (spec 000 §2, §4, §8; DESIGN.md "Account set-up").
import { AUTH_MESSAGES } from '@spirit/domain/auth/auth.constants';
import { accountSetupSchema } from '@spirit/domain/auth/auth.schemas';
import type { z } from 'zod';
import { INVALID_TOKEN } from '@spirit/domain/common/envelope';
import { MESSAGES } from '@spirit/domain/common/validators';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { ApiError, errorText } from '../../../app/api-client';
import { QueryCache } from '../../../app/query-cache';
import { Alert } from '../../../ui/alert';
import { Captcha, type CaptchaHandle } from '../../../ui/captcha';
import { FormField, inputClass } from '../../../ui/form-field';
import { LoadingState } from '../../../ui/status-states';
import { SubmitButton } from '../../../ui/submit-button';
import { applyServerFieldErrors, passes, schemaResolver } from '../../../ui/zod-form';
import { useSetAccountPassword } from '../api/set-account-password';
import { useVerifyToken } from '../api/verify-token';
import { PasswordPolicy } from '../components/password-policy';
import { ShowPassword } from '../components/show-password';

type Invitation = { email: string; company_id: number | null; user_id?: number | undefined };

type SetupValues = { password: string; confirm_password: string; captcha: string };
type AccountSetup = z.output<typeof accountSetupSchema>;

const setupResolver = schemaResolver<SetupValues, typeof accountSetupSchema>(accountSetupSchema);

/** The server says 'Invalid token' for a link it does not know; the page words it as the spec does. */
function linkProblem(error: unknown): string {
  if (
    error instanceof ApiError &&
    (error.error === INVALID_TOKEN || error.code === 'invitation.invalid' || error.fields.token)
  ) {
    return AUTH_MESSAGES.brokenLink;
  }
  return errorText(error);
}

function SetupForm({ token, invitation }: { token: string; invitation: Invitation }) {
  const captcha = useRef<CaptchaHandle>(null);
  const [showPassword, setShowPassword] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const mutation = useSetAccountPassword();

  const { register, handleSubmit, setValue, setError, watch, formState } = useForm<SetupValues, unknown, AccountSetup>({
    defaultValues: { password: '', confirm_password: '', captcha: '' },
    mode: 'onTouched',
    // The schema also checks the token and the flag, which the page supplies rather than the user.
    resolver: (values, context, options) =>
      setupResolver({ ...values, token, is_company_registration: true } as SetupValues, context, options),
  });
  const values = watch();
  const { password, confirm_password: confirm } = values;
  const { errors, isSubmitted } = formState;
  const mismatch = confirm.length > 0 && confirm !== password;
  const ready = passes(accountSetupSchema, { ...values, token, is_company_registration: true });

  const onValid = async (values: AccountSetup) => {
    setServerError(null);
    try {
      await mutation.mutateAsync({
        id: invitation.user_id ?? null,
        email: invitation.email,
        company_id: invitation.company_id,
        token,
        password: values.password,
        confirm_password: values.confirm_password ?? values.password,
        is_company_registration: true,
        captcha: values.captcha,
      });
      setDone(true);
    } catch (error) {
      const message = linkProblem(error);
      setServerError(message);
      if (error instanceof ApiError) {
        applyServerFieldErrors(setError, error.fields, ['password', 'confirm_password', 'captcha'], message);
      }
    } finally {
      captcha.current?.reset();
    }
  };

  if (done) {
    return (
      <Alert severity="success">
        <p>{AUTH_MESSAGES.passwordSet}</p>
        <p>
          <Link to="/login">Log In</Link>
        </p>
      </Alert>
    );
  }

  const passwordError = errors.password?.message;
  const confirmError = errors.confirm_password?.message ?? (mismatch ? MESSAGES.passwordsDoNotMatch : undefined);

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onValid)(event)}>
      {serverError ? <Alert severity="error">{serverError}</Alert> : null}
      <FormField id="setup-email" label="Email">
        {(a11y) => (
          <input
            {...a11y}
            type="email"
            value={invitation.email}
            readOnly
            className={inputClass(false, 'is-readonly')}
          />
        )}
      </FormField>
      <FormField id="setup-password" label="Password" error={passwordError} required>
        {(a11y) => (
          <input
            {...a11y}
            {...register('password')}
            aria-describedby={[a11y['aria-describedby'], 'password-policy'].filter(Boolean).join(' ')}
            type={showPassword ? 'text' : 'password'}
            autoComplete="new-password"
            className={inputClass(!!passwordError)}
          />
        )}
      </FormField>
      <FormField id="setup-confirm-password" label="Re-enter Password" error={confirmError} required>
        {(a11y) => (
          <input
            {...a11y}
            {...register('confirm_password')}
            type={showPassword ? 'text' : 'password'}
            autoComplete="new-password"
            className={inputClass(!!confirmError)}
          />
        )}
      </FormField>
      <ShowPassword id="setup-show-password" checked={showPassword} onChange={setShowPassword} />
      <PasswordPolicy id="password-policy" password={password} />
      <Captcha
        ref={captcha}
        id="setup-captcha"
        onChange={(payload) => setValue('captcha', payload ?? '', { shouldValidate: isSubmitted })}
        message={errors.captcha?.message}
        invalid={!!errors.captcha}
      />
      <SubmitButton label="Submit" blocked={!ready} busy={mutation.isPending} />
    </form>
  );
}

function UserSetupScreen() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const verification = useVerifyToken(token);

  let body;
  if (!token) body = <Alert severity="error">{AUTH_MESSAGES.brokenLink}</Alert>;
  else if (verification.isPending) body = <LoadingState label="Checking your link…" />;
  else if (verification.isError) body = <Alert severity="error">{linkProblem(verification.error)}</Alert>;
  else body = <SetupForm token={token} invitation={verification.data} />;

  return (
    <section className="card auth-card" aria-labelledby="page-title">
      <h1 id="page-title">Set up your account</h1>
      {body}
    </section>
  );
}

/** A public page: it provides the app's query cache itself (the signed-in shell is not around it). */
export function UserSetupPage() {
  return (
    <QueryCache>
      <UserSetupScreen />
    </QueryCache>
  );
}
