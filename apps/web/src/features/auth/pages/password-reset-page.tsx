// Change password (/passwordreset; spec 000 §2, §5). The server ends every session of the user on success, so
// the local one is cleared too and the page offers the way back in.
import { AUTH_MESSAGES } from '@spirit/domain/auth/auth.constants';
import { changePasswordSchema } from '@spirit/domain/auth/auth.schemas';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { ApiError, errorText } from '../../../app/api-client';
import { clearSession, useSession } from '../../../app/session';
import { Alert } from '../../../ui/alert';
import { useBodyClass } from '../../../ui/use-body-class';
import { Captcha, type CaptchaHandle } from '../../../ui/captcha';
import { FormField, inputClass } from '../../../ui/form-field';
import { SubmitButton } from '../../../ui/submit-button';
import { applyServerFieldErrors, passes, schemaResolver } from '../../../ui/zod-form';
import { useChangePassword } from '../api/change-password';
import { PasswordPolicy } from '../components/password-policy';
import { ShowPassword } from '../components/show-password';

type ChangeValues = { old_password: string; new_password: string; captcha: string };

const resolver = schemaResolver<ChangeValues, typeof changePasswordSchema>(changePasswordSchema);

export function PasswordResetPage() {
  const session = useSession();
  const captcha = useRef<CaptchaHandle>(null);
  const [showPassword, setShowPassword] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const mutation = useChangePassword();

  const { register, handleSubmit, setValue, setError, watch, formState } = useForm<ChangeValues>({
    defaultValues: { old_password: '', new_password: '', captcha: '' },
    mode: 'onTouched',
    resolver,
  });
  const values = watch();
  const { old_password: oldPassword, new_password: newPassword } = values;
  const { errors, isSubmitted } = formState;
  const same = newPassword.length > 0 && newPassword === oldPassword;
  const ready = passes(changePasswordSchema, values);

  const onValid = async (values: ChangeValues) => {
    setServerError(null);
    try {
      await mutation.mutateAsync({
        user_id: session?.user.id,
        old_password: values.old_password,
        new_password: values.new_password,
        captcha: values.captcha,
      });
      clearSession('password-changed');
      setDone(true);
    } catch (error) {
      const message = errorText(error);
      setServerError(message);
      if (error instanceof ApiError) {
        applyServerFieldErrors(setError, error.fields, ['old_password', 'new_password', 'captcha'], message);
      }
    } finally {
      captcha.current?.reset();
    }
  };

  const oldError = errors.old_password?.message;
  const newError = errors.new_password?.message ?? (same ? AUTH_MESSAGES.samePassword : undefined);

  // Every session ended with the change: the answer takes the centred sign-in style, like the other sign-in pages.
  if (done) return <PasswordChanged />;
  return (
    <section className="page narrow-page" aria-labelledby="page-title">
      <div className="card">
        <h1 id="page-title">Change Password</h1>
        {done ? null : (
          <form noValidate onSubmit={(event) => void handleSubmit(onValid)(event)}>
            {serverError ? <Alert severity="error">{serverError}</Alert> : null}
            <FormField id="old-password" label="Old Password" error={oldError} required>
              {(a11y) => (
                <input
                  {...a11y}
                  {...register('old_password')}
                  type={showPassword ? 'text' : 'password'}
                  autoComplete="current-password"
                  className={inputClass(!!oldError)}
                />
              )}
            </FormField>
            <FormField id="new-password" label="New Password" error={newError} required>
              {(a11y) => (
                <input
                  {...a11y}
                  {...register('new_password')}
                  aria-describedby={[a11y['aria-describedby'], 'password-policy'].filter(Boolean).join(' ')}
                  type={showPassword ? 'text' : 'password'}
                  autoComplete="new-password"
                  className={inputClass(!!newError)}
                />
              )}
            </FormField>
            <ShowPassword id="change-show-password" checked={showPassword} onChange={setShowPassword} />
            <PasswordPolicy id="password-policy" password={newPassword} />
            <Captcha
              ref={captcha}
              id="change-captcha"
              onChange={(payload) => setValue('captcha', payload ?? '', { shouldValidate: isSubmitted })}
              message={errors.captcha?.message}
              invalid={!!errors.captcha}
            />
            <SubmitButton label="Submit" blocked={!ready} busy={mutation.isPending} />
          </form>
        )}
      </div>
    </section>
  );
}

function PasswordChanged() {
  useBodyClass('login-background');
  return (
    <section className="card auth-card narrow-card centered auth-result" aria-labelledby="page-title">
      <h1 id="page-title">Change Password</h1>
      <Alert severity="success">
        <p>{AUTH_MESSAGES.passwordChanged}</p>
        <p>
          <Link to="/login">Log In</Link>
        </p>
      </Alert>
    </section>
  );
}
