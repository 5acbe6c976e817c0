// Sign-in by password or by one-time code (spec 000 §2 Login, §4, §5, §8). One form serves both tabs: when the
// password is empty and a code is entered the sign-in goes by code, otherwise by password.
import { AUTH_MESSAGES } from '@spirit/domain/auth/auth.constants';
import type { LoginResult } from '@spirit/domain/auth/auth.schemas';
import { MESSAGES } from '@spirit/domain/common/patterns';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError, errorText } from '../../../app/api-client';
import { clearSignOutReason, peekSignOutReason, setSession } from '../../../app/session';
import { Alert } from '../../../ui/alert';
import { Captcha, type CaptchaHandle } from '../../../ui/captcha';
import { FormField, inputClass, serverFieldMessages } from '../../../ui/form-field';
import { SubmitButton } from '../../../ui/submit-button';
import { Tabs } from '../../../ui/tabs';
import { LazyToast, type ToastHandle } from '../../../ui/toast';
import { generateOtp } from '../api/generate-otp';
import { login } from '../api/login';
import { loginWithOtp } from '../api/login-with-otp';
import { GenerateOtpButton } from '../components/generate-otp-button';
import { ShowPassword } from '../components/show-password';
import { useLoginForm, type LoginMode, type LoginValues } from '../components/use-login-form';

const PASSWORD_TAB = 0;
const OTP_TAB = 1;

/** The spec's rule, with the open tab deciding only which message an empty form shows. */
export function loginMode(values: Pick<LoginValues, 'password' | 'otp'>, tab: number): LoginMode {
  if (values.password) return 'password';
  if (values.otp.trim()) return 'otp';
  return tab === OTP_TAB ? 'otp' : 'password';
}

type Form = ReturnType<typeof useLoginForm>;

function EmailField({ form }: { form: Form }) {
  const error = form.errors.email;
  return (
    <FormField id="email" label="Email" error={error} required>
      {(a11y) => (
        <input
          {...a11y}
          name="email"
          value={form.values.email}
          // A message set by Generate OTP clears while typing, not on the blur that a click on the button causes:
          // the button would move under the pointer between press and release and the click be lost.
          onChange={(event) => form.setValue('email', event.target.value, { validate: error ? true : undefined })}
          onBlur={() => form.blur('email')}
          type="email"
          autoComplete="username"
          className={inputClass(!!error)}
        />
      )}
    </FormField>
  );
}

export function LoginPage() {
  const navigate = useNavigate();
  const toast = useRef<ToastHandle>(null);
  const captcha = useRef<CaptchaHandle>(null);
  const tabRef = useRef(PASSWORD_TAB);
  const [tab, setTab] = useState(PASSWORD_TAB);
  const [showPassword, setShowPassword] = useState(false);
  const [banner, setBanner] = useState<string | null>(null);
  const [notice] = useState(peekSignOutReason);
  useEffect(() => clearSignOutReason(), []);

  const form = useLoginForm((values) => loginMode(values, tabRef.current));
  const { values, errors, isSubmitted, isSubmitting, setValue } = form;

  const chooseTab = (index: number) => {
    tabRef.current = index;
    setTab(index);
    // The other tab's secret is not kept: what the user sees is what signs them in.
    setValue(index === OTP_TAB ? 'password' : 'otp', '', { validate: false });
    form.clearErrors(['password', 'otp']);
  };

  const failure = (detail: string) =>
    toast.current?.show({ severity: 'error', summary: 'Failure', detail, life: 3000 });

  const requestOtp = async (): Promise<boolean> => {
    if (!form.validate('email')) return false;
    try {
      const { message } = await generateOtp({ email: form.getValues().email });
      toast.current?.show({
        severity: 'success',
        summary: 'Success',
        detail: message || AUTH_MESSAGES.otpSent,
        life: 3000,
      });
      return true;
    } catch (error) {
      // A repeat within the resend window: nothing was sent, and the page says so instead of "OTP sent".
      if (error instanceof ApiError && error.statusCode === 429) {
        toast.current?.show({ severity: 'warn', summary: 'Not sent', detail: errorText(error), life: 3000 });
      } else failure(errorText(error));
      return false;
    }
  };

  const signedIn = ({ token, user }: LoginResult) => {
    setSession({ token, user });
    navigate(user.roles.length === 0 ? '/error' : '/dashboard', { replace: true });
  };

  const onValid = async (sent: LoginValues) => {
    setBanner(null);
    const mode = loginMode(sent, tabRef.current);
    try {
      const { data } =
        mode === 'otp'
          ? await loginWithOtp({ email: sent.email, otp: sent.otp.trim(), captcha: sent.captcha })
          : await login({ email: sent.email, password: sent.password, captcha: sent.captcha });
      signedIn(data);
    } catch (error) {
      if (error instanceof ApiError && (error.statusCode === 401 || error.statusCode === 403)) {
        setBanner(error.error || AUTH_MESSAGES.badCredentials);
      } else {
        failure(errorText(error));
      }
      if (error instanceof ApiError) {
        form.setMessages(serverFieldMessages(error.fields, ['email', 'password', 'otp', 'captcha'], error.error));
      }
    } finally {
      // A solved captcha is accepted once: every attempt needs a fresh one.
      captcha.current?.reset();
    }
  };

  const passwordError = errors.password;
  const otpError = errors.otp;

  return (
    <section className="card auth-card" aria-labelledby="page-title">
      <LazyToast ref={toast} position="top-center" style={{ width: '25rem', maxWidth: 'calc(100vw - 2rem)' }} />
      <h1 id="page-title">Sign in</h1>
      {notice === 'expired' ? <Alert severity="info">Your session has ended. Please sign in again.</Alert> : null}
      {banner ? <Alert severity="error">{banner}</Alert> : null}

      <form noValidate onSubmit={(event) => void form.handleSubmit(onValid)(event)}>
        <Tabs
          active={tab}
          onChange={chooseTab}
          className="login-tabs"
          tabs={[
            {
              label: 'Login with Password',
              content: (
                <>
                  <EmailField form={form} />
                  <FormField id="password" label="Password" error={passwordError} required>
                    {(a11y) => (
                      <input
                        {...a11y}
                        name="password"
                        value={values.password}
                        onChange={(event) => setValue('password', event.target.value)}
                        onBlur={() => form.blur('password')}
                        type={showPassword ? 'text' : 'password'}
                        autoComplete="current-password"
                        className={inputClass(!!passwordError)}
                      />
                    )}
                  </FormField>
                  <ShowPassword id="show-password" checked={showPassword} onChange={setShowPassword} />
                </>
              ),
            },
            {
              label: 'Login with OTP',
              content: (
                <>
                  <EmailField form={form} />
                  <FormField id="otp" label="OTP" error={otpError} required>
                    {(a11y) => (
                      <input
                        {...a11y}
                        name="otp"
                        value={values.otp}
                        onChange={(event) => setValue('otp', event.target.value)}
                        onBlur={() => form.blur('otp')}
                        type="text"
                        inputMode="numeric"
                        autoComplete="one-time-code"
                        maxLength={6}
                        className={inputClass(!!otpError)}
                      />
                    )}
                  </FormField>
                  <GenerateOtpButton onGenerate={requestOtp} />
                </>
              ),
            },
          ]}
        />

        <Captcha
          ref={captcha}
          id="login-captcha"
          onChange={(payload) => setValue('captcha', payload ?? '', { validate: isSubmitted })}
          message={values.captcha ? undefined : (errors.captcha ?? MESSAGES.captchaRequired)}
          invalid={!!errors.captcha}
        />
        <SubmitButton label="Sign In" blocked={!values.captcha} busy={isSubmitting} className="w-full" />
      </form>

      <p className="auth-alt">
        New to Spirit Exchange? <Link to="/register">Create an account</Link>
      </p>
    </section>
  );
}
