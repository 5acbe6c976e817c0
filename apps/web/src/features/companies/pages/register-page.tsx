// Public company registration (/register; spec 000 §2, §4, §5). Validation is the contract's
// `createCompanySchema`, so the browser and the server refuse the same input with the same words.
import { COMPANY_MESSAGES } from '@spirit/domain/companies/companies.constants';
import { createCompanySchema, type CreateCompany } from '@spirit/domain/companies/companies.schemas';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { ApiError, errorText } from '../../../app/api-client';
import { QueryCache } from '../../../app/query-cache';
import { Alert } from '../../../ui/alert';
import { Captcha, type CaptchaHandle } from '../../../ui/captcha';
import { FormField, inputClass } from '../../../ui/form-field';
import { SubmitButton } from '../../../ui/submit-button';
import { applyServerFieldErrors, passes, schemaResolver, upperCased } from '../../../ui/zod-form';
import { useCreateCompany } from '../api/create-company';
import {
  CompanyTypeField,
  PanCardField,
  SpiritsField,
  StateCityFields,
  useCompanyLookupsFailed,
} from '../components/company-form-fields';

export type RegisterValues = {
  type: string;
  registered_name: string;
  name: string;
  admin_name: string;
  email: string;
  mobile_number: string;
  pan_no: string;
  gst_number: string;
  address: string;
  state: string;
  city: string;
  pin_code: string;
  type_of_spirits: string[];
  license: string;
  captcha: string;
};

const FIELDS = [
  'type',
  'registered_name',
  'name',
  'admin_name',
  'email',
  'mobile_number',
  'pan_no',
  'gst_number',
  'address',
  'state',
  'city',
  'pin_code',
  'type_of_spirits',
  'license',
  'captcha',
] as const satisfies readonly (keyof RegisterValues)[];

const EMPTY: RegisterValues = {
  type: '',
  registered_name: '',
  name: '',
  admin_name: '',
  email: '',
  mobile_number: '',
  pan_no: '',
  gst_number: '',
  address: '',
  state: '',
  city: '',
  pin_code: '',
  type_of_spirits: [],
  license: '',
  captcha: '',
};

const resolver = schemaResolver<RegisterValues, typeof createCompanySchema>(createCompanySchema);

function Success() {
  return (
    <Alert severity="success">
      <p className="strong">{COMPANY_MESSAGES.registered}</p>
      <p>{COMPANY_MESSAGES.registeredNext}</p>
    </Alert>
  );
}

function RegisterScreen() {
  const captcha = useRef<CaptchaHandle>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const mutation = useCreateCompany();
  const lookupsFailed = useCompanyLookupsFailed();

  const form = useForm<RegisterValues, unknown, CreateCompany>({ defaultValues: EMPTY, mode: 'onTouched', resolver });
  const { register, handleSubmit, setValue, setError, watch, formState } = form;
  const { errors, isSubmitted } = formState;
  const ready = passes(createCompanySchema, watch());

  const onValid = async (values: CreateCompany) => {
    setServerError(null);
    try {
      await mutation.mutateAsync(values);
      setDone(true);
    } catch (error) {
      const message = errorText(error);
      setServerError(message);
      // The field the server names is marked too (a duplicate PAN), even when its text repeats the alert's.
      if (error instanceof ApiError) applyServerFieldErrors(setError, error.fields, FIELDS);
    } finally {
      captcha.current?.reset();
    }
  };

  const err = (name: keyof RegisterValues) => errors[name]?.message;

  return (
    <section className="card register-card" aria-labelledby="page-title">
      <h1 id="page-title">Register with your company details</h1>
      {done ? (
        <Success />
      ) : (
        <form noValidate onSubmit={(event) => void handleSubmit(onValid)(event)}>
          {serverError ? (
            <Alert severity="error" focusOnShow>
              {serverError}
            </Alert>
          ) : null}
          {lookupsFailed ? (
            <Alert severity="warn">
              The lists of states and spirit types could not be loaded. Please reload the page.
            </Alert>
          ) : null}
          <div className="form-grid">
            <CompanyTypeField form={form} idPrefix="reg" />
            <FormField id="reg-registered-name" label="Registered Name" error={err('registered_name')} required>
              {(a11y) => (
                <input
                  {...a11y}
                  {...register('registered_name')}
                  autoComplete="organization"
                  className={inputClass(!!err('registered_name'))}
                />
              )}
            </FormField>
            <FormField
              id="reg-name"
              label="Name"
              hint="Optional: the name the company trades under"
              error={err('name')}
            >
              {(a11y) => <input {...a11y} {...register('name')} className={inputClass(!!err('name'))} />}
            </FormField>
            <FormField
              id="reg-admin-name"
              label="Admin Name"
              hint="Optional: the person who will run the account"
              error={err('admin_name')}
            >
              {(a11y) => (
                <input
                  {...a11y}
                  {...register('admin_name')}
                  autoComplete="name"
                  className={inputClass(!!err('admin_name'))}
                />
              )}
            </FormField>
            <FormField id="reg-email" label="Admin Email" error={err('email')} required>
              {(a11y) => (
                <input
                  {...a11y}
                  {...register('email')}
                  type="email"
                  autoComplete="email"
                  className={inputClass(!!err('email'))}
                />
              )}
            </FormField>
            <FormField id="reg-mobile" label="Admin Mobile Number" error={err('mobile_number')} required>
              {(a11y) => (
                <input
                  {...a11y}
                  {...register('mobile_number')}
                  type="tel"
                  inputMode="numeric"
                  autoComplete="tel-national"
                  maxLength={10}
                  className={inputClass(!!err('mobile_number'))}
                />
              )}
            </FormField>
            <FormField id="reg-pan" label="Company PAN Number" error={err('pan_no')} required>
              {(a11y) => (
                <input
                  {...a11y}
                  {...upperCased(register('pan_no'))}
                  maxLength={10}
                  autoCapitalize="characters"
                  spellCheck={false}
                  className={inputClass(!!err('pan_no'))}
                />
              )}
            </FormField>
            <FormField id="reg-gst" label="GST Number" error={err('gst_number')} required>
              {(a11y) => (
                <input
                  {...a11y}
                  {...upperCased(register('gst_number'))}
                  maxLength={15}
                  autoCapitalize="characters"
                  spellCheck={false}
                  className={inputClass(!!err('gst_number'))}
                />
              )}
            </FormField>
            <FormField id="reg-address" label="Registered Address" error={err('address')} required className="span-2">
              {(a11y) => (
                <textarea
                  {...a11y}
                  {...register('address')}
                  rows={2}
                  autoComplete="street-address"
                  className={inputClass(!!err('address'), 'p-inputtextarea')}
                />
              )}
            </FormField>
            <StateCityFields form={form} idPrefix="reg" />
            <FormField id="reg-pin" label="Digi Code" hint="Pin code" error={err('pin_code')}>
              {(a11y) => (
                <input
                  {...a11y}
                  {...register('pin_code')}
                  inputMode="numeric"
                  autoComplete="postal-code"
                  maxLength={12}
                  className={inputClass(!!err('pin_code'))}
                />
              )}
            </FormField>
            <SpiritsField form={form} idPrefix="reg" />
            <PanCardField form={form} idPrefix="reg" />
          </div>
          <Captcha
            ref={captcha}
            id="reg-captcha"
            onChange={(payload) => setValue('captcha', payload ?? '', { shouldValidate: isSubmitted })}
            message={err('captcha')}
            invalid={!!err('captcha')}
          />
          <SubmitButton label="Submit" blocked={!ready} busy={mutation.isPending} />
        </form>
      )}
      <p className="auth-alt">
        Already registered? <Link to="/login">Sign in</Link>
      </p>
    </section>
  );
}

/** A public page: it provides the app's query cache itself (the signed-in shell is not around it). */
export function RegisterPage() {
  return (
    <QueryCache>
      <RegisterScreen />
    </QueryCache>
  );
}
