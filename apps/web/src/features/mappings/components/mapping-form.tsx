// The mapping form (spec 000 §2, §4, §5, §8). Centralized: a group name and several distilleries; de-centralized:
// one distillery. Both name a negotiator, an authorizer and an approver — three different users. After a save the
// signed-in user's roles are reloaded (they may have mapped themselves), then the page moves on after 5 seconds.
import {
  MAPPING_MESSAGES,
  mappingFormSchema,
  type Mapping,
  type MappingFormInput,
  type MappingType,
} from '@spirit/domain/mappings/mappings.schemas';
import { MultiSelect } from 'primereact/multiselect';
import { useForm, Controller } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { ApiError, errorText } from '../../../app/api-client';
import { Alert } from '../../../ui/alert';
import { FormField, inputClass } from '../../../ui/form-field';
import { multiSelectA11y } from '../../../ui/multi-select-a11y';
import { SubmitButton } from '../../../ui/submit-button';
import { useReturnTo } from '../../../ui/return-to';
import { useToast } from '../../../ui/toast';
import { RedirectNotice, useDelayedRedirect } from '../../../ui/use-delayed-redirect';
import { applyServerFieldErrors, passes, schemaResolver } from '../../../ui/zod-form';
import { useCreateDistillGroup } from '../api/create-distill-group';
import { useUntaggedDistilleries } from '../api/get-all-untagged-distill';
import { useDistilleryCount } from '../api/get-distillery-count';
import { useUntaggedUsers } from '../api/get-all-untagged-user';
import { refreshUser } from '../api/refresh-user';
import { useUpdateDistillGroup } from '../api/update-distill-group';

type MappingValues = {
  type: MappingType;
  name: string;
  distilleries: number[];
  negotiator: string;
  authorizer: string;
  approver: string;
};
type MappingOutput = z.output<typeof mappingFormSchema>;

/** Why the distillery picker is empty (issue 21 item 18), told apart: the company has none yet, or every one of them
 * is already in a mapping (a distillery is in one mapping at most). */
function NoFreeDistillery() {
  const count = useDistilleryCount(true);
  if (count.data === 0)
    return (
      <span role="status">
        Your company has no distillery yet: <Link to="/distilleries">add a distillery first</Link>.
      </span>
    );
  if (count.data === undefined && !count.isError) return <span role="status">Checking your distilleries…</span>;
  return (
    <span role="status">
      {count.data === undefined
        ? 'No distillery is free: '
        : count.data === 1
          ? 'Your company’s one distillery is already in a mapping: '
          : `All ${count.data} of your company’s distilleries are already in a mapping: `}
      a distillery is in one mapping at most; change its mapping on <Link to="/centralized">Centralized</Link> or{' '}
      <Link to="/decentralized">De-Centralized</Link>.
    </span>
  );
}

const FIELDS = ['name', 'distilleries', 'negotiator', 'authorizer', 'approver'] as const;
const resolver = schemaResolver<MappingValues, typeof mappingFormSchema>(mappingFormSchema);
export const AFTER_MAPPING_SAVE_MS = 5000;

const TIERS = [
  { name: 'negotiator', label: 'Negotiator' },
  { name: 'authorizer', label: 'Authorizer' },
  { name: 'approver', label: 'Approver' },
] as const;

const PEOPLE_GROUPS = [
  { mapped: false, label: 'In no mapping yet' },
  { mapped: true, label: 'Already in a mapping' },
] as const;

function valuesOf(type: MappingType, mapping: Mapping | undefined): MappingValues {
  return {
    type,
    name: mapping?.name ?? '',
    distilleries: mapping?.distilleries.map((d) => d.id) ?? [],
    negotiator: mapping ? String(mapping.negotiator.id) : '',
    authorizer: mapping ? String(mapping.authorizer.id) : '',
    approver: mapping ? String(mapping.approver.id) : '',
  };
}

export function MappingForm({ type, mapping }: { type: MappingType; mapping?: Mapping }) {
  const toast = useToast();
  const users = useUntaggedUsers(mapping?.id);
  const distilleries = useUntaggedDistilleries(mapping?.id);
  const create = useCreateDistillGroup();
  const update = useUpdateDistillGroup();
  const { redirect, target, remaining } = useDelayedRedirect();
  const busy = create.isPending || update.isPending;
  const centralized = type === 'Centralized';
  const list = centralized ? '/centralized' : '/decentralized';
  const back = useReturnTo(list);

  const { register, control, handleSubmit, setError, watch, formState, getValues, trigger } = useForm<
    MappingValues,
    unknown,
    MappingOutput
  >({ defaultValues: valuesOf(type, mapping), mode: 'onTouched', resolver });
  const { errors } = formState;
  const values = watch();
  const ready = passes(mappingFormSchema, values);

  const onValid = async (form: MappingOutput) => {
    const body: MappingFormInput = { ...form, name: centralized ? form.name : '' };
    try {
      if (mapping) {
        await update.mutateAsync({ ...body, id: mapping.id });
        toast.success(MAPPING_MESSAGES.updated);
      } else {
        toast.success((await create.mutateAsync(body)).message);
      }
    } catch (error) {
      toast.failure(errorText(error));
      if (error instanceof ApiError) applyServerFieldErrors(setError, error.fields, FIELDS);
      return;
    }
    try {
      await refreshUser();
    } catch {
      // The mapping is saved; the roles are read again at the next sign-in.
    }
    // Back to the mappings list the user came from, after a create and an update alike (spec 000 §8 sends an
    // update to /distilleries, which is not where the user was).
    redirect(back, AFTER_MAPPING_SAVE_MS);
  };

  const userOptions = users.data ?? [];
  const distilleryOptions = (distilleries.data ?? []).map((d) => ({ label: d.name, value: d.id }));
  const lookupsFailed = users.isError || distilleries.isError;
  // An empty picker says why instead of staying silently empty (issue 21 item 18).
  const noFreeDistillery = distilleries.isSuccess && distilleryOptions.length === 0;
  const err = (name: keyof MappingValues) => errors[name]?.message;

  // Saved: the option lists no longer hold what was just mapped, so the form gives way to the countdown.
  if (target) {
    return (
      <div className="card narrow-card">
        <Alert severity="success">{mapping ? MAPPING_MESSAGES.updated : 'The mapping was saved.'}</Alert>
        <RedirectNotice to={target} remaining={remaining} label={listLabel(target)} />
      </div>
    );
  }

  return (
    <form noValidate className="card narrow-card" onSubmit={(event) => void handleSubmit(onValid)(event)}>
      {lookupsFailed ? (
        <Alert severity="error">
          {errorText(users.error ?? distilleries.error)} The lists of users and distilleries could not be loaded.
        </Alert>
      ) : null}
      {centralized ? (
        <FormField id="mapping-name" label="Group Name" error={err('name')} required>
          {(a11y) => <input {...a11y} {...register('name')} maxLength={120} className={inputClass(!!err('name'))} />}
        </FormField>
      ) : null}
      <FormField
        id="mapping-distilleries"
        label={centralized ? 'Distilleries' : 'Distillery'}
        error={err('distilleries')}
        hint={noFreeDistillery ? <NoFreeDistillery /> : undefined}
        required
      >
        {(a11y) => (
          <Controller
            name="distilleries"
            control={control}
            render={({ field }) =>
              centralized ? (
                <MultiSelect
                  inputId={a11y.id}
                  aria-describedby={a11y['aria-describedby']}
                  aria-invalid={a11y['aria-invalid']}
                  value={field.value}
                  options={distilleryOptions}
                  onChange={(event) => field.onChange(event.value as number[])}
                  onBlur={field.onBlur}
                  placeholder={distilleries.isPending ? 'Loading…' : 'Select distilleries'}
                  emptyMessage="No distillery without a mapping"
                  maxSelectedLabels={3}
                  scrollHeight="200px"
                  filter
                  filterMatchMode="contains"
                  filterPlaceholder="Search"
                  showSelectAll={false}
                  display="comma"
                  className={`w-full${a11y['aria-invalid'] ? ' p-invalid' : ''}`}
                  pt={multiSelectA11y('Search distilleries')}
                />
              ) : (
                <select
                  {...a11y}
                  name={field.name}
                  ref={field.ref}
                  value={field.value[0] ?? ''}
                  onChange={(event) => field.onChange(event.target.value ? [Number(event.target.value)] : [])}
                  onBlur={field.onBlur}
                  className={inputClass(!!err('distilleries'), 'native-select')}
                >
                  <option value="">{distilleries.isPending ? 'Loading…' : 'Select distillery'}</option>
                  {distilleryOptions.map((d) => (
                    <option key={d.value} value={d.value}>
                      {d.label}
                    </option>
                  ))}
                </select>
              )
            }
          />
        )}
      </FormField>
      {TIERS.map((tier) => (
        <FormField key={tier.name} id={`mapping-${tier.name}`} label={tier.label} error={err(tier.name)} required>
          {(a11y) => (
            <select
              {...a11y}
              {...register(tier.name, {
                deps: TIERS.map((t) => t.name).filter((n) => n !== tier.name),
                // Once all three are chosen, a repeat is marked at once on the field that repeats.
                onChange: () => {
                  if (TIERS.every((t) => getValues(t.name))) void trigger(TIERS.map((t) => t.name));
                },
              })}
              // Controlled: the options arrive after the form's values (editing a mapping).
              value={values[tier.name]}
              className={inputClass(!!err(tier.name), 'native-select')}
            >
              <option value="">{users.isPending ? 'Loading…' : `Select ${tier.label.toLowerCase()}`}</option>
              {/* Everyone not archived may be mapped; those in no other mapping come first. */}
              {PEOPLE_GROUPS.map((group) => {
                const people = userOptions.filter((u) => u.in_mapping === group.mapped);
                return people.length ? (
                  <optgroup key={group.label} label={group.label}>
                    {people.map((u) => (
                      <option key={u.id} value={u.id}>
                        {u.name}
                      </option>
                    ))}
                  </optgroup>
                ) : null;
              })}
            </select>
          )}
        </FormField>
      ))}
      {/* The rule as a hint until it is broken; then the message stands on the repeated field instead. */}
      {err('authorizer') === MAPPING_MESSAGES.distinctUsers ||
      err('approver') === MAPPING_MESSAGES.distinctUsers ? null : (
        <p className="field-hint">Negotiator, authorizer and approver must be three different users.</p>
      )}
      <div className="form-actions">
        <SubmitButton label={mapping ? 'Update' : 'Save'} blocked={!ready} busy={busy} />
        {/* Spec 000 §2: both forms cancel to the centralized list. */}
        <Link to="/centralized" className="p-button p-component p-button-outlined link-as-button">
          Cancel
        </Link>
      </div>
    </form>
  );
}

function listLabel(target: string): string {
  const path = target.split('?')[0];
  if (path === '/distilleries') return 'Distilleries';
  return path === '/centralized' ? 'Centralized Mappings' : 'De-Centralized Mappings';
}
