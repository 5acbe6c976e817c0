// Public company registration (/register; spec 000 §2, §4, §5). Validation is the contract's
// `createCompanySchema`, so the browser and the server refuse the same input with the same words.
import { COMPANY_MESSAGES, COMPANY_TYPES } from '@spirit/domain/companies/companies.constants';
import { createCompanySchema, type CreateCompany } from '@spirit/domain/companies/companies.schemas';
import { MultiSelect } from 'primereact/multiselect';
import { useMemo, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { ApiError, errorText } from '../../../app/api-client';
import { Alert } from '../../../ui/alert';
import { Captcha, type CaptchaHandle } from '../../../ui/captcha';
import { FormField } from '../../../ui/form-field';
import { SubmitButton } from '../../../ui/submit-button';
import { multiSelectA11y } from '../../../ui/multi-select-a11y';
import { applyServerFieldErrors, inputClass, passes, schemaResolver, upperCased } from '../../../ui/zod-form';
import { useCreateCompany } from '../api/create-company';
import { useAllSpirit } from '../api/get-all-spirit';
import { useStateCities } from '../api/get-state-cities';
import { PanCardUpload } from '../components/pan-card-upload';

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

export function RegisterPage() {
  const captcha = useRef<CaptchaHandle>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const mutation = useCreateCompany();
  const states = useStateCities();
  const spirits = useAllSpirit();

  const { register, control, handleSubmit, setValue, setError, watch, formState, getValues, trigger } = useForm<
    RegisterValues,
    unknown,
    CreateCompany
  >({
    defaultValues: EMPTY,
    mode: 'onTouched',
    resolver,
  });
  const { errors, isSubmitted } = formState;
  const values = watch();
  const chosenState = values.state;
  const ready = passes(createCompanySchema, values);

  const cities = useMemo(
    () => states.data?.find((s) => s.state === chosenState)?.cities ?? [],
    [states.data, chosenState],
  );
  const spiritOptions = useMemo(
    () => (spirits.data ?? []).map((s) => ({ label: s.type_of_spirit, value: s.type_of_spirit })),
    [spirits.data],
  );

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
  const lookupsFailed = states.isError || spirits.isError;

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
            <FormField id="reg-type" label="Type" error={err('type')} required>
              {(a11y) => (
                <select {...a11y} {...register('type')} className={inputClass(!!err('type'), 'native-select')}>
                  <option value="">Select type</option>
                  {COMPANY_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {type}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
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
            <FormField id="reg-state" label="State" error={err('state')} required>
              {(a11y) => (
                <select
                  {...a11y}
                  {...register('state', {
                    onChange: () => {
                      setValue('city', '', { shouldValidate: isSubmitted });
                      // The GST number's state code is checked against the State.
                      if (getValues('gst_number')) void trigger('gst_number');
                    },
                  })}
                  className={inputClass(!!err('state'), 'native-select')}
                >
                  <option value="">{states.isPending ? 'Loading states…' : 'Select state'}</option>
                  {(states.data ?? []).map((s) => (
                    <option key={s.state} value={s.state}>
                      {s.state}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <FormField id="reg-city" label="City" error={err('city')} required>
              {(a11y) => (
                <select {...a11y} {...register('city')} className={inputClass(!!err('city'), 'native-select')}>
                  <option value="">{chosenState ? 'Select city' : 'Select a state first'}</option>
                  {cities.map((city) => (
                    <option key={city} value={city}>
                      {city}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
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
            <FormField id="reg-spirits" label="Type of Spirits" error={err('type_of_spirits')} required>
              {(a11y) => (
                <Controller
                  name="type_of_spirits"
                  control={control}
                  render={({ field }) => (
                    <MultiSelect
                      inputId={a11y.id}
                      aria-describedby={a11y['aria-describedby']}
                      aria-invalid={a11y['aria-invalid']}
                      value={field.value}
                      options={spiritOptions}
                      onChange={(event) => field.onChange(event.value as string[])}
                      onBlur={field.onBlur}
                      placeholder={spirits.isPending ? 'Loading…' : 'Select spirits'}
                      maxSelectedLabels={3}
                      scrollHeight="200px"
                      filter
                      showSelectAll={false}
                      filterMatchMode="contains"
                      filterPlaceholder="Search"
                      display="comma"
                      className={`w-full${a11y['aria-invalid'] ? ' p-invalid' : ''}`}
                      pt={multiSelectA11y('Search spirits')}
                    />
                  )}
                />
              )}
            </FormField>
            <Controller
              name="license"
              control={control}
              render={({ field }) => (
                <PanCardUpload
                  id="reg-pan-card"
                  label="Upload PAN Card"
                  required
                  formError={err('license')}
                  onChange={(url) => {
                    field.onChange(url);
                    if (url || isSubmitted) field.onBlur();
                  }}
                />
              )}
            />
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
