// Distillery form (/adddistillery, /adddistillery/{id}; spec 000 §2, §5, §8): name, address, state, licence
// number (ABC/12345/6789) and an optional GST number; the contract's `distilleryFormSchema` holds the rules.
import {
  distilleryFormSchema,
  type Distillery,
  type DistilleryFormInput,
} from '@spirit/domain/distilleries/distilleries.schemas';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import type { z } from 'zod';
import { ApiError, errorText } from '../../../app/api-client';
import { useSession } from '../../../app/session';
import { FormField, inputClass } from '../../../ui/form-field';
import { routeId } from '../../../ui/route-id';
import { ErrorState, LoadingState, QueryError } from '../../../ui/status-states';
import { SubmitButton } from '../../../ui/submit-button';
import { useToast } from '../../../ui/toast';
import { useDelayedRedirect } from '../../../ui/use-delayed-redirect';
import { applyServerFieldErrors, passes, schemaResolver, upperCased } from '../../../ui/zod-form';
import { useCreateDistill } from '../api/create-distill';
import { useDistillById } from '../api/get-distill-by-id';
import { useStateNames } from '../api/get-state-cities';
import { useUpdateDistill } from '../api/update-distill';

type DistilleryValues = { name: string; address: string; state: string; license_number: string; gst_number: string };
type DistilleryOutput = z.output<typeof distilleryFormSchema>;

const FIELDS = ['name', 'address', 'state', 'license_number', 'gst_number'] as const;
const resolver = schemaResolver<DistilleryValues, typeof distilleryFormSchema>(distilleryFormSchema);
const AFTER_SAVE_MS = 500;

function DistilleryForm({ distillery }: { distillery?: Distillery }) {
  const companyId = useSession()?.user.company_id ?? null;
  const toast = useToast();
  const states = useStateNames();
  const create = useCreateDistill();
  const update = useUpdateDistill();
  const { redirect, target } = useDelayedRedirect();
  const busy = create.isPending || update.isPending || target !== null;

  const { register, handleSubmit, setError, watch, formState, getValues, trigger } = useForm<
    DistilleryValues,
    unknown,
    DistilleryOutput
  >({
    defaultValues: {
      name: distillery?.name ?? '',
      address: distillery?.address ?? '',
      state: distillery?.state ?? '',
      license_number: distillery?.license_number ?? '',
      gst_number: distillery?.gst_number ?? '',
    },
    mode: 'onTouched',
    resolver,
  });
  const { errors } = formState;
  const values = watch();
  const ready = passes(distilleryFormSchema, values);
  const stateNames = states.data ?? [];
  // A state on record that the table does not list stays visible rather than silently blank.
  const stateOptions = values.state && !stateNames.includes(values.state) ? [values.state, ...stateNames] : stateNames;

  const onValid = async (form: DistilleryOutput) => {
    const body: DistilleryFormInput & { company_id: number | null } = { ...form, company_id: companyId };
    try {
      const { message } = distillery
        ? await update.mutateAsync({ ...body, id: distillery.id })
        : await create.mutateAsync(body);
      toast.success(message);
      redirect('/distilleries', AFTER_SAVE_MS);
    } catch (error) {
      toast.failure(errorText(error));
      if (error instanceof ApiError) applyServerFieldErrors(setError, error.fields, FIELDS);
    }
  };

  const err = (name: keyof DistilleryValues) => errors[name]?.message;
  return (
    <form noValidate className="card narrow-card" onSubmit={(event) => void handleSubmit(onValid)(event)}>
      <FormField id="distillery-name" label="Name" error={err('name')} required>
        {(a11y) => <input {...a11y} {...register('name')} className={inputClass(!!err('name'))} />}
      </FormField>
      <FormField id="distillery-address" label="Address" error={err('address')} required>
        {(a11y) => (
          <textarea
            {...a11y}
            {...register('address')}
            rows={2}
            className={inputClass(!!err('address'), 'p-inputtextarea')}
          />
        )}
      </FormField>
      <FormField id="distillery-state" label="State" error={err('state')} required>
        {(a11y) => (
          <select
            {...a11y}
            // The GST number's state code is checked against the State.
            {...register('state', { onChange: () => getValues('gst_number') && void trigger('gst_number') })}
            value={values.state}
            className={inputClass(!!err('state'), 'native-select')}
          >
            <option value="">{states.isPending ? 'Loading states…' : 'Select state'}</option>
            {stateOptions.map((state) => (
              <option key={state} value={state}>
                {state}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField
        id="distillery-license"
        label="License Number"
        hint="For example ABC/12345/6789"
        error={err('license_number')}
        required
      >
        {(a11y) => (
          <input
            {...a11y}
            {...upperCased(register('license_number'))}
            maxLength={14}
            spellCheck={false}
            className={inputClass(!!err('license_number'))}
          />
        )}
      </FormField>
      <FormField id="distillery-gst" label="GST Number" hint="Optional" error={err('gst_number')}>
        {(a11y) => (
          <input
            {...a11y}
            {...upperCased(register('gst_number'))}
            maxLength={15}
            spellCheck={false}
            className={inputClass(!!err('gst_number'))}
          />
        )}
      </FormField>
      <div className="form-actions">
        <SubmitButton label={distillery ? 'Update Distillery' : 'Save'} blocked={!ready} busy={busy} />
        <Link to="/distilleries" className="p-button p-component p-button-outlined link-as-button">
          Cancel
        </Link>
      </div>
    </form>
  );
}

export function DistilleryFormPage() {
  const id = routeId(useParams().id);
  const query = useDistillById(id);
  let content: ReactNode;
  if (id === undefined) content = <DistilleryForm />;
  else if (id === null)
    content = (
      <ErrorState message="Distillery not found" back={{ to: '/distilleries', label: 'Back to Distilleries' }} />
    );
  else if (query.isPending) content = <LoadingState />;
  else if (query.isError)
    content = (
      <QueryError
        error={query.error}
        onRetry={() => void query.refetch()}
        back={{ to: '/distilleries', label: 'Back to Distilleries' }}
      />
    );
  else content = <DistilleryForm key={query.data.id} distillery={query.data} />;
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{id === undefined ? 'Add Distillery' : 'Edit Distillery'}</h1>
      {content}
    </section>
  );
}
