// Sign-in by password or by one-time code (spec 000 §2 Login, §4, §5, §8). One form serves both tabs: when the
// password is empty and a code is entered the sign-in goes by code, otherwise by password.
import { AUTH_MESSAGES } from '@spirit/domain/auth/auth.constants';
import { loginSchema, loginWithOtpSchema, type LoginResult } from '@spirit/domain/auth/auth.schemas';
import { MESSAGES } from '@spirit/domain/common/validators';
import { zodResolver } from '@hookform/resolvers/zod';
import { TabPanel, TabView } from 'primereact/tabview';
import { Toast } from 'primereact/toast';
import { useEffect, useRef, useState } from 'react';
import { useForm, type Resolver, type UseFormReturn } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { ApiError, errorText } from '../../../app/api-client';
import { clearSignOutReason, peekSignOutReason, setSession } from '../../../app/session';
import { Alert } from '../../../ui/alert';
import { Captcha, type CaptchaHandle } from '../../../ui/captcha';
import { FormField } from '../../../ui/form-field';
import { SubmitButton } from '../../../ui/submit-button';
import { applyServerFieldErrors, inputClass } from '../../../ui/zod-form';
import { generateOtp } from '../api/generate-otp';
import { login } from '../api/login';
import { loginWithOtp } from '../api/login-with-otp';
import { GenerateOtpButton } from '../components/generate-otp-button';
import { ShowPassword } from '../components/show-password';

type LoginValues = { email: string; password: string; otp: string; captcha: string };
type Mode = 'password' | 'otp';

const PASSWORD_TAB = 0;
const OTP_TAB = 1;

/** The spec's rule, with the open tab deciding only which message an empty form shows. */
export function loginMode(values: Pick<LoginValues, 'password' | 'otp'>, tab: number): Mode {
  if (values.password) return 'password';
  if (values.otp.trim()) return 'otp';
  return tab === OTP_TAB ? 'otp' : 'password';
}

const passwordResolver = zodResolver(loginSchema, undefined, { raw: true }) as unknown as Resolver<LoginValues>;
const otpResolver = zodResolver(loginWithOtpSchema, undefined, { raw: true }) as unknown as Resolver<LoginValues>;

function EmailField({ form }: { form: UseFormReturn<LoginValues> }) {
  const error = form.formState.errors.email?.message;
  return (
    <FormField id="email" label="Email" error={error} required>
      {(a11y) => (
        <input
          {...a11y}
          {...form.register('email', {
            // A message set by Generate OTP clears while typing, not on the blur that a click on the button causes:
            // the button would move under the pointer between press and release and the click be lost.
            onChange: () => {
              if (form.formState.errors.email) void form.trigger('email');
            },
          })}
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
  const toast = useRef<Toast>(null);
  const captcha = useRef<CaptchaHandle>(null);
  const tabRef = useRef(PASSWORD_TAB);
  const [tab, setTab] = useState(PASSWORD_TAB);
  const [showPassword, setShowPassword] = useState(false);
  const [banner, setBanner] = useState<string | null>(null);
  const [notice] = useState(peekSignOutReason);
  useEffect(() => clearSignOutReason(), []);

  const form = useForm<LoginValues>({
    defaultValues: { email: '', password: '', otp: '', captcha: '' },
    mode: 'onTouched',
    resolver: (values, context, options) =>
      (loginMode(values, tabRef.current) === 'otp' ? otpResolver : passwordResolver)(values, context, options),
  });
  const { register, handleSubmit, setValue, setError, formState, watch, trigger } = form;
  const captchaValue = watch('captcha');

  const chooseTab = (index: number) => {
    tabRef.current = index;
    setTab(index);
    // The other tab's secret is not kept: what the user sees is what signs them in.
    setValue(index === OTP_TAB ? 'password' : 'otp', '');
    form.clearErrors(['password', 'otp']);
  };

  const failure = (detail: string) =>
    toast.current?.show({ severity: 'error', summary: 'Failure', detail, life: 3000 });

  const requestOtp = async (): Promise<boolean> => {
    if (!(await trigger('email'))) return false;
    try {
      const { message } = await generateOtp({ email: form.getValues('email') });
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

  const onValid = async (values: LoginValues) => {
    setBanner(null);
    const mode = loginMode(values, tabRef.current);
    try {
      const { data } =
        mode === 'otp'
          ? await loginWithOtp({ email: values.email, otp: values.otp.trim(), captcha: values.captcha })
          : await login({ email: values.email, password: values.password, captcha: values.captcha });
      signedIn(data);
    } catch (error) {
      if (error instanceof ApiError && (error.statusCode === 401 || error.statusCode === 403)) {
        setBanner(error.error || AUTH_MESSAGES.badCredentials);
      } else {
        failure(errorText(error));
      }
      if (error instanceof ApiError) {
        applyServerFieldErrors(setError, error.fields, ['email', 'password', 'otp', 'captcha'], error.error);
      }
    } finally {
      // A solved captcha is accepted once: every attempt needs a fresh one.
      captcha.current?.reset();
    }
  };

  const { errors, isSubmitting, isSubmitted } = formState;
  const passwordError = errors.password?.message;
  const otpError = errors.otp?.message;

  return (
    <section className="card auth-card" aria-labelledby="page-title">
      <Toast ref={toast} position="top-center" style={{ width: '25rem', maxWidth: 'calc(100vw - 2rem)' }} />
      <h1 id="page-title">Sign in</h1>
      {notice === 'expired' ? <Alert severity="info">Your session has ended. Please sign in again.</Alert> : null}
      {banner ? <Alert severity="error">{banner}</Alert> : null}

      <form noValidate onSubmit={(event) => void handleSubmit(onValid)(event)}>
        <TabView activeIndex={tab} onTabChange={(event) => chooseTab(event.index)} className="login-tabs">
          <TabPanel header="Login with Password">
            <EmailField form={form} />
            <FormField id="password" label="Password" error={passwordError} required>
              {(a11y) => (
                <input
                  {...a11y}
                  {...register('password')}
                  type={showPassword ? 'text' : 'password'}
                  autoComplete="current-password"
                  className={inputClass(!!passwordError)}
                />
              )}
            </FormField>
            <ShowPassword id="show-password" checked={showPassword} onChange={setShowPassword} />
          </TabPanel>
          <TabPanel header="Login with OTP">
            <EmailField form={form} />
            <FormField id="otp" label="OTP" error={otpError} required>
              {(a11y) => (
                <input
                  {...a11y}
                  {...register('otp')}
                  type="text"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  className={inputClass(!!otpError)}
                />
              )}
            </FormField>
            <GenerateOtpButton onGenerate={requestOtp} />
          </TabPanel>
        </TabView>

        <Captcha
          ref={captcha}
          id="login-captcha"
          onChange={(payload) => setValue('captcha', payload ?? '', { shouldValidate: isSubmitted })}
          message={captchaValue ? undefined : (errors.captcha?.message ?? MESSAGES.captchaRequired)}
          invalid={!!errors.captcha}
        />
        <SubmitButton label="Sign In" blocked={!captchaValue} busy={isSubmitting} className="w-full" />
      </form>

      <p className="auth-alt">
        New to Spirit Exchange? <Link to="/register">Create an account</Link>
      </p>
    </section>
  );
}
