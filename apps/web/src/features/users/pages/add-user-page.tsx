// Add User Details (/adduser, /adduser/{id}; spec 000 §2, §5): a user of the Admin's company. A new user gets a
// set-password link by mail; roles come from mappings, not from this form.
import { userFormSchema, type UserRecord } from '@spirit/domain/users/users.schemas';
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
import { applyServerFieldErrors, passes, schemaResolver } from '../../../ui/zod-form';
import { useCreateUser } from '../api/create-user';
import { useUserById } from '../api/get-user-by-id';
import { useUpdateUser } from '../api/update-user';

type UserValues = { email: string; name: string; mobile_number: string };
type UserOutput = z.output<typeof userFormSchema>;

const FIELDS = ['email', 'name', 'mobile_number'] as const;
const resolver = schemaResolver<UserValues, typeof userFormSchema>(userFormSchema);
const AFTER_SAVE_MS = 500;

export function UserForm({ user }: { user?: UserRecord }) {
  const companyId = useSession()?.user.company_id ?? null;
  const toast = useToast();
  const create = useCreateUser();
  const update = useUpdateUser();
  const { redirect, target } = useDelayedRedirect();
  const busy = create.isPending || update.isPending || target !== null;

  const { register, handleSubmit, setError, watch, formState } = useForm<UserValues, unknown, UserOutput>({
    defaultValues: { email: user?.email ?? '', name: user?.name ?? '', mobile_number: user?.mobile_number ?? '' },
    mode: 'onTouched',
    resolver,
  });
  const { errors } = formState;
  const ready = passes(userFormSchema, watch());

  const onValid = async (values: UserOutput) => {
    try {
      const { message } = user
        ? await update.mutateAsync({ ...values, id: user.id, company_id: companyId, is_company_registration: false })
        : await create.mutateAsync({ ...values, company_id: companyId, is_company_registration: false });
      toast.success(message);
      redirect('/userslist', AFTER_SAVE_MS);
    } catch (error) {
      toast.failure(errorText(error));
      if (error instanceof ApiError) applyServerFieldErrors(setError, error.fields, FIELDS);
    }
  };

  return (
    <form noValidate className="card narrow-card" onSubmit={(event) => void handleSubmit(onValid)(event)}>
      <FormField id="user-email" label="Email" error={errors.email?.message} required>
        {(a11y) => (
          <input
            {...a11y}
            {...register('email')}
            type="email"
            autoComplete="off"
            className={inputClass(!!errors.email)}
          />
        )}
      </FormField>
      <FormField id="user-name" label="Name" error={errors.name?.message} required>
        {(a11y) => <input {...a11y} {...register('name')} autoComplete="off" className={inputClass(!!errors.name)} />}
      </FormField>
      <FormField id="user-mobile" label="Mobile Number" error={errors.mobile_number?.message} required>
        {(a11y) => (
          <input
            {...a11y}
            {...register('mobile_number')}
            type="tel"
            inputMode="numeric"
            maxLength={10}
            autoComplete="off"
            className={inputClass(!!errors.mobile_number)}
          />
        )}
      </FormField>
      <div className="form-actions">
        <SubmitButton label={user ? 'Update User' : 'Save'} blocked={!ready} busy={busy} />
        <Link to="/userslist" className="p-button p-component p-button-outlined link-as-button">
          Cancel
        </Link>
      </div>
    </form>
  );
}

export function AddUserPage() {
  const id = routeId(useParams().id);
  const query = useUserById(id);
  let content: ReactNode;
  if (id === undefined) content = <UserForm />;
  else if (id === null)
    content = <ErrorState message="User not found" back={{ to: '/userslist', label: 'Back to Users' }} />;
  else if (query.isPending) content = <LoadingState />;
  else if (query.isError)
    content = (
      <QueryError
        error={query.error}
        onRetry={() => void query.refetch()}
        back={{ to: '/userslist', label: 'Back to Users' }}
      />
    );
  else content = <UserForm key={query.data.id} user={query.data} />;
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">Add User Details</h1>
      {content}
    </section>
  );
}
