// Set Commission (/setcommission, /setcommission/{id}; spec 000 §2, §5; DESIGN.md §4 "Service fees"): a rate for
// a company type, optionally limited to one company and one product.
import { COMPANY_TYPES, type CompanyType } from '@spirit/domain/companies/companies.constants';
import { feeFormSchema, type Fee } from '@spirit/domain/fees/fees.schemas';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { ApiError, errorText } from '../../../app/api-client';
import { FormField, inputClass } from '../../../ui/form-field';
import { routeId } from '../../../ui/route-id';
import { ErrorState, LoadingState, QueryError } from '../../../ui/status-states';
import { SubmitButton } from '../../../ui/submit-button';
import { useToast } from '../../../ui/toast';
import { useDelayedRedirect } from '../../../ui/use-delayed-redirect';
import { applyServerFieldErrors, passes, schemaResolver } from '../../../ui/zod-form';
import { useCreateCommission } from '../api/create-commission';
import { useCompanyNames } from '../api/get-all-company-name';
import { useAllSpirit } from '../api/get-all-spirit';
import { useCommissionById } from '../api/get-commission-by-id';
import { useUpdateCommission } from '../api/update-commission';

type FeeValues = {
  company_type: string;
  company_id: string;
  product: string;
  commission_amount: string;
  state_gst: string;
  central_gst: string;
};

const AMOUNTS = ['commission_amount', 'state_gst', 'central_gst'] as const;
const FIELDS = ['company_type', 'company_id', 'product', ...AMOUNTS] as const;

/** The form's strings as the contract reads them: an empty company or product is "all", an empty amount missing. */
export const feeValuesSchema = z.preprocess((raw) => {
  if (!raw || typeof raw !== 'object') return raw;
  const v = raw as Record<string, unknown>;
  const blank = (x: unknown) => typeof x !== 'string' || x.trim() === '';
  return {
    ...v,
    company_id: blank(v.company_id) ? null : v.company_id,
    product: blank(v.product) ? null : v.product,
    ...Object.fromEntries(AMOUNTS.map((k) => [k, blank(v[k]) ? undefined : v[k]])),
  };
}, feeFormSchema);
type FeeOutput = z.output<typeof feeFormSchema>;

// The preprocessing step types the schema's input as `unknown`; the form's values are what it reads.
const resolver = schemaResolver<FeeValues, z.ZodType<FeeOutput, FeeValues>>(
  feeValuesSchema as unknown as z.ZodType<FeeOutput, FeeValues>,
);
const AFTER_SAVE_MS = 500;

function isCompanyType(value: string): value is CompanyType {
  return (COMPANY_TYPES as readonly string[]).includes(value);
}

function FeeForm({ fee }: { fee?: Fee }) {
  const toast = useToast();
  const create = useCreateCommission();
  const update = useUpdateCommission();
  const spirits = useAllSpirit();
  const { redirect, target } = useDelayedRedirect();
  const busy = create.isPending || update.isPending || target !== null;

  const { register, handleSubmit, setError, setValue, watch, formState } = useForm<FeeValues, unknown, FeeOutput>({
    defaultValues: {
      company_type: fee?.company_type ?? '',
      company_id: fee?.company_id ? String(fee.company_id) : '',
      product: fee?.product ?? '',
      commission_amount: fee?.commission_amount ?? '',
      state_gst: fee?.state_gst ?? '',
      central_gst: fee?.central_gst ?? '',
    },
    mode: 'onTouched',
    resolver,
  });
  const { errors } = formState;
  const values = watch();
  const ready = passes(feeValuesSchema, values);
  const companyType = isCompanyType(values.company_type) ? values.company_type : null;
  const companies = useCompanyNames(companyType);

  const onValid = async (body: FeeOutput) => {
    try {
      const { message } = fee ? await update.mutateAsync({ ...body, id: fee.id }) : await create.mutateAsync(body);
      toast.success(message);
      redirect('/commissionlist', AFTER_SAVE_MS);
    } catch (error) {
      toast.failure(errorText(error));
      if (error instanceof ApiError) applyServerFieldErrors(setError, error.fields, FIELDS);
    }
  };

  const err = (name: keyof FeeValues) => errors[name]?.message;
  const amount = (name: (typeof AMOUNTS)[number], label: string, step: string, hint: string) => (
    <FormField id={`fee-${name}`} label={label} hint={hint} error={err(name)} required>
      {(a11y) => (
        <input
          {...a11y}
          {...register(name)}
          type="number"
          inputMode="decimal"
          min="0"
          step={step}
          className={inputClass(!!err(name))}
        />
      )}
    </FormField>
  );

  return (
    <form noValidate className="card narrow-card" onSubmit={(event) => void handleSubmit(onValid)(event)}>
      <FormField id="fee-type" label="Type of Company" error={err('company_type')} required>
        {(a11y) => (
          <select
            {...a11y}
            {...register('company_type', { onChange: () => setValue('company_id', '') })}
            className={inputClass(!!err('company_type'), 'native-select')}
          >
            <option value="">Select type</option>
            {COMPANY_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField
        id="fee-company"
        label="Company Name"
        hint="Leave empty for every company of the type"
        error={err('company_id') ?? (companies.isError ? errorText(companies.error) : undefined)}
      >
        {(a11y) => (
          <select
            {...a11y}
            {...register('company_id')}
            value={values.company_id}
            disabled={!companyType}
            className={inputClass(!!err('company_id'), 'native-select')}
          >
            <option value="">
              {!companyType
                ? 'Select a type first'
                : companies.isPending
                  ? 'Loading companies…'
                  : `All ${companyType} companies`}
            </option>
            {(companies.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
            {fee?.company_id && companies.data && !companies.data.some((c) => c.id === fee.company_id) ? (
              <option value={fee.company_id}>{fee.company_name ?? `Company ${fee.company_id}`}</option>
            ) : null}
          </select>
        )}
      </FormField>
      <FormField id="fee-product" label="Product" hint="Leave empty for every product" error={err('product')}>
        {(a11y) => (
          <select
            {...a11y}
            {...register('product')}
            value={values.product}
            className={inputClass(!!err('product'), 'native-select')}
          >
            <option value="">All products</option>
            {(spirits.data ?? []).map((s) => (
              <option key={s.id} value={s.type_of_spirit}>
                {s.type_of_spirit}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {amount('commission_amount', 'Commission Amount', '0.01', 'Rupees per litre')}
      {amount('state_gst', 'State GST Percentage', '0.1', 'Percent of the commission')}
      {amount('central_gst', 'Central GST Percentage', '0.1', 'Percent of the commission')}
      <div className="form-actions">
        <SubmitButton label={fee ? 'Update Commission' : 'Add Commission'} blocked={!ready} busy={busy} />
        <Link to="/commissionlist" className="p-button p-component p-button-outlined link-as-button">
          Cancel
        </Link>
      </div>
    </form>
  );
}

export function SetCommissionPage() {
  const id = routeId(useParams().id);
  const query = useCommissionById(id);
  let content: ReactNode;
  if (id === undefined) content = <FeeForm />;
  else if (id === null)
    content = (
      <ErrorState message="Commission not found" back={{ to: '/commissionlist', label: 'Back to Service Fees' }} />
    );
  else if (query.isPending) content = <LoadingState />;
  else if (query.isError)
    content = (
      <QueryError
        error={query.error}
        onRetry={() => void query.refetch()}
        back={{ to: '/commissionlist', label: 'Back to Service Fees' }}
      />
    );
  else content = <FeeForm key={query.data.id} fee={query.data} />;
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">Set Commission</h1>
      {content}
    </section>
  );
}
