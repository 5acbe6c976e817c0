// Company Edit (/companyedit/{id}; spec 000 §2, §5): every field of the company, all required, with the
// contract's `updateCompanySchema` as the rules. Update is the SuperAdmin's; afterwards the prospects list.
import {
  updateCompanySchema,
  type CompanyDetails,
  type UpdateCompanyInput,
} from '@spirit/domain/companies/companies.admin.schemas';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, errorText } from '../../../app/api-client';
import { isSuperAdmin, useSession } from '../../../app/session';
import { Alert } from '../../../ui/alert';
import { useReturnTo } from '../../../ui/return-to';
import { FormField, inputClass } from '../../../ui/form-field';
import { routeId } from '../../../ui/route-id';
import { ErrorState, LoadingState, QueryError } from '../../../ui/status-states';
import { SubmitButton } from '../../../ui/submit-button';
import { useToast } from '../../../ui/toast';
import { applyServerFieldErrors, passes, schemaResolver, upperCased } from '../../../ui/zod-form';
import { useCompanyDetails } from '../api/get-company-details';
import { useUpdateCompany } from '../api/update-company';
import { CompanyTypeField, PanCardField, SpiritsField, StateCityFields } from '../components/company-form-fields';

type EditValues = {
  id: number;
  type: string;
  registered_name: string;
  name: string;
  email: string;
  mobile_number: string;
  license_number: string;
  pan_no: string;
  gst_number: string;
  address: string;
  state: string;
  city: string;
  pin_code: string;
  type_of_spirits: string[];
  distillery_address: string;
  license: string;
  is_bid_confidential: boolean;
};

const FIELDS = [
  'type',
  'registered_name',
  'name',
  'email',
  'mobile_number',
  'license_number',
  'pan_no',
  'gst_number',
  'address',
  'state',
  'city',
  'pin_code',
  'type_of_spirits',
  'license',
] as const satisfies readonly (keyof EditValues)[];

const resolver = schemaResolver<EditValues, typeof updateCompanySchema>(updateCompanySchema);

function valuesOf(c: CompanyDetails): EditValues {
  return {
    id: c.id,
    type: c.type,
    registered_name: c.registered_name,
    name: c.name,
    email: c.email,
    mobile_number: c.mobile_number,
    license_number: c.license_number,
    pan_no: c.pan_no,
    gst_number: c.gst_number,
    address: c.address,
    state: c.state,
    city: c.city,
    pin_code: c.pin_code,
    type_of_spirits: c.type_of_spirits.length ? c.type_of_spirits : c.company_spirits.map((s) => s.type_of_spirit),
    distillery_address: c.distillery_address,
    license: c.license ?? '',
    is_bid_confidential: c.is_bid_confidential,
  };
}

function EditForm({ company }: { company: CompanyDetails }) {
  const superAdmin = isSuperAdmin(useSession()?.user);
  const navigate = useNavigate();
  const returnTo = useReturnTo('/prospect');
  const from = useReturnTo('') || undefined;
  const toast = useToast();
  const mutation = useUpdateCompany();

  const form = useForm<EditValues, unknown, UpdateCompanyInput>({
    defaultValues: valuesOf(company),
    mode: 'onTouched',
    resolver,
  });
  const { register, handleSubmit, setError, watch, formState } = form;
  const { errors } = formState;
  const ready = passes(updateCompanySchema, watch());

  const onValid = async (body: UpdateCompanyInput) => {
    try {
      const { message } = await mutation.mutateAsync(body);
      toast.success(message);
      // Back to the list the user came from (Clients or Prospects); the spec's /prospect otherwise.
      navigate(returnTo);
    } catch (error) {
      toast.failure(errorText(error));
      if (error instanceof ApiError) applyServerFieldErrors(setError, error.fields, FIELDS);
    }
  };

  const err = (name: keyof EditValues) => errors[name]?.message;
  const text = (name: keyof EditValues, label: string, extra: { upper?: boolean; type?: string } = {}): ReactNode => (
    <FormField id={`edit-${name}`} label={label} error={err(name)} required>
      {(a11y) => (
        <input
          {...a11y}
          {...(extra.upper ? upperCased(register(name)) : register(name))}
          type={extra.type ?? 'text'}
          spellCheck={extra.upper ? false : undefined}
          className={inputClass(!!err(name))}
        />
      )}
    </FormField>
  );

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onValid)(event)} className="card">
      {!superAdmin ? <Alert severity="info">Only the platform administrator can change company details.</Alert> : null}
      <fieldset disabled={!superAdmin} className="plain-fieldset">
        <legend className="visually-hidden">Company details</legend>
        <div className="form-grid">
          <CompanyTypeField form={form} idPrefix="edit" />
          {text('registered_name', 'Registered Name')}
          {text('name', 'Name')}
          {text('email', 'Email', { type: 'email' })}
          {text('mobile_number', 'Mobile Number', { type: 'tel' })}
          {text('license_number', 'License Number', { upper: true })}
          {text('pan_no', 'PAN Number', { upper: true })}
          {text('gst_number', 'GST Number', { upper: true })}
          <FormField id="edit-address" label="Address" error={err('address')} className="span-2">
            {(a11y) => (
              <textarea
                {...a11y}
                {...register('address')}
                rows={2}
                className={inputClass(!!err('address'), 'p-inputtextarea')}
              />
            )}
          </FormField>
          <StateCityFields form={form} idPrefix="edit" />
          <FormField id="edit-pin" label="Pin Code" error={err('pin_code')}>
            {(a11y) => (
              <input
                {...a11y}
                {...register('pin_code')}
                inputMode="numeric"
                maxLength={12}
                className={inputClass(!!err('pin_code'))}
              />
            )}
          </FormField>
          <SpiritsField form={form} idPrefix="edit" disabled={!superAdmin} />
          <PanCardField
            form={form}
            idPrefix="edit"
            initialFileName={company.license ? 'PAN card on record' : undefined}
          />
          <div className="checkbox-field span-2">
            <input id="edit-premium" type="checkbox" {...register('is_bid_confidential')} />
            <label htmlFor="edit-premium">Premium Client</label>
          </div>
        </div>
      </fieldset>
      <div className="form-actions">
        {superAdmin ? <SubmitButton label="Update" blocked={!ready} busy={mutation.isPending} /> : null}
        <Link
          to={`/companyinfo/${company.id}`}
          state={from ? { from } : undefined}
          className="p-button p-component p-button-outlined link-as-button"
        >
          Cancel
        </Link>
      </div>
    </form>
  );
}

export function CompanyEditPage() {
  const id = routeId(useParams().id);
  const query = useCompanyDetails(id ?? undefined, !!id);
  let content: ReactNode;
  if (!id) content = <ErrorState message="Company not found" back={{ to: '/clients', label: 'Back to Clients' }} />;
  else if (query.isPending) content = <LoadingState />;
  else if (query.isError)
    content = (
      <QueryError
        error={query.error}
        onRetry={() => void query.refetch()}
        back={{ to: '/clients', label: 'Back to Clients' }}
      />
    );
  else content = <EditForm key={query.data.id} company={query.data} />;
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">Company Edit</h1>
      {content}
    </section>
  );
}
