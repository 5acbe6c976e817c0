// The fields registration (/register) and Company Edit (/companyedit/{id}) share: type, state and its cities, spirit
// types and the PAN card. One form, two pages: each page adds its own fields (the admin's name on registration, the
// licence number and premium flag on edit) and its own submit.
import { COMPANY_TYPES } from '@spirit/domain/companies/companies.constants';
import { MultiSelect } from 'primereact/multiselect';
import { useMemo } from 'react';
import { Controller, type FieldValues, type Path, type PathValue, type UseFormReturn } from 'react-hook-form';
import { FormField, inputClass } from '../../../ui/form-field';
import { multiSelectA11y } from '../../../ui/multi-select-a11y';
import { useAllSpirit } from '../api/get-all-spirit';
import { useStateCities } from '../api/get-state-cities';
import { PanCardUpload } from './pan-card-upload';

/** What both forms hold under these names. */
export type CompanyFormBase = {
  type: string;
  gst_number: string;
  state: string;
  city: string;
  type_of_spirits: string[];
  license: string;
};

type Form<T extends FieldValues> = UseFormReturn<T, unknown, unknown>;
type Shared<T extends CompanyFormBase> = { form: Form<T>; idPrefix: string };

const at = <T extends FieldValues>(name: keyof CompanyFormBase) => name as Path<T>;

export function CompanyTypeField<T extends CompanyFormBase>({ form, idPrefix }: Shared<T>) {
  const error = form.formState.errors.type?.message as string | undefined;
  return (
    <FormField id={`${idPrefix}-type`} label="Type" error={error} required>
      {(a11y) => (
        <select {...a11y} {...form.register(at<T>('type'))} className={inputClass(!!error, 'native-select')}>
          <option value="">Select type</option>
          {COMPANY_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

/**
 * State, then the cities of the chosen state. Changing the state clears the city and re-checks the GST number (its
 * state code must be the state's). A city on record that the table no longer lists stays choosable.
 */
export function StateCityFields<T extends CompanyFormBase>({ form, idPrefix }: Shared<T>) {
  const states = useStateCities();
  const { errors, isSubmitted } = form.formState;
  const state = form.watch(at<T>('state')) as string;
  const city = form.watch(at<T>('city')) as string;
  const cities = useMemo(() => {
    const list = states.data?.find((s) => s.state === state)?.cities ?? [];
    return city && !list.includes(city) ? [city, ...list] : list;
  }, [states.data, state, city]);
  const stateError = errors.state?.message as string | undefined;
  const cityError = errors.city?.message as string | undefined;
  return (
    <>
      <FormField id={`${idPrefix}-state`} label="State" error={stateError} required>
        {(a11y) => (
          <select
            {...a11y}
            {...form.register(at<T>('state'), {
              onChange: () => {
                form.setValue(at<T>('city'), '' as PathValue<T, Path<T>>, { shouldValidate: isSubmitted });
                if (form.getValues(at<T>('gst_number'))) void form.trigger(at<T>('gst_number'));
              },
            })}
            // Controlled: the options arrive after the value on record.
            value={state}
            className={inputClass(!!stateError, 'native-select')}
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
      <FormField id={`${idPrefix}-city`} label="City" error={cityError} required>
        {(a11y) => (
          <select
            {...a11y}
            {...form.register(at<T>('city'))}
            value={city}
            className={inputClass(!!cityError, 'native-select')}
          >
            <option value="">{state ? 'Select city' : 'Select a state first'}</option>
            {cities.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        )}
      </FormField>
    </>
  );
}

/** Type of Spirits: the platform's list (and any chosen earlier that it no longer has), at most 3 labels shown. */
export function SpiritsField<T extends CompanyFormBase>({
  form,
  idPrefix,
  disabled,
}: Shared<T> & { disabled?: boolean }) {
  const spirits = useAllSpirit();
  const chosen = form.watch(at<T>('type_of_spirits')) as string[];
  const options = useMemo(() => {
    const names = (spirits.data ?? []).map((s) => s.type_of_spirit);
    for (const name of chosen) if (!names.includes(name)) names.push(name);
    return names.map((name) => ({ label: name, value: name }));
  }, [spirits.data, chosen]);
  const error = form.formState.errors.type_of_spirits?.message as string | undefined;
  return (
    <FormField id={`${idPrefix}-spirits`} label="Type of Spirits" error={error} required>
      {(a11y) => (
        <Controller
          name={at<T>('type_of_spirits')}
          control={form.control}
          render={({ field }) => (
            <MultiSelect
              inputId={a11y.id}
              aria-describedby={a11y['aria-describedby']}
              aria-invalid={a11y['aria-invalid']}
              value={field.value}
              options={options}
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
              disabled={disabled}
              className={`w-full${a11y['aria-invalid'] ? ' p-invalid' : ''}`}
              pt={multiSelectA11y('Search spirits')}
            />
          )}
        />
      )}
    </FormField>
  );
}

export function PanCardField<T extends CompanyFormBase>({
  form,
  idPrefix,
  initialFileName,
}: Shared<T> & { initialFileName?: string | undefined }) {
  const error = form.formState.errors.license?.message as string | undefined;
  const { isSubmitted } = form.formState;
  return (
    <Controller
      name={at<T>('license')}
      control={form.control}
      render={({ field }) => (
        <PanCardUpload
          id={`${idPrefix}-pan-card`}
          label="Upload PAN Card"
          required
          initialFileName={initialFileName}
          formError={error}
          onChange={(url) => {
            field.onChange(url);
            if (url || isSubmitted) field.onBlur();
          }}
        />
      )}
    />
  );
}

/** Whether the lookups these fields need failed (the registration page says so). */
export function useCompanyLookupsFailed(): boolean {
  const states = useStateCities();
  const spirits = useAllSpirit();
  return states.isError || spirits.isError;
}
