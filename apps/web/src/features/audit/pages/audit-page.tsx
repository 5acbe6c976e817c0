// Audit Log (/audit, SuperAdmin; DESIGN.md §5): every change of companies, users, distilleries, mappings and fees,
// newest first, filtered by company, acting user, object type and date. The filters live in the URL like the
// list's page, so a filtered view can be shared and the back button undoes a filter.
import type { auditEntrySchema } from '@spirit/domain/audit/audit.schemas';
import { Button } from 'primereact/button';
import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { DataList, type DataColumn } from '../../../ui/data-list';
import { FormField, inputClass } from '../../../ui/form-field';
import { formatDateTime, formatDayInput, parseDayInput } from '../../../ui/format';
import { useListState } from '../../../ui/use-list-state';
import { useAllCompanyNames } from '../api/get-all-company-name';
import { useAuditLog, type AuditQueryBody } from '../api/get-audit-log';
import { AuditChanges } from '../components/audit-changes';

type AuditEntry = z.infer<typeof auditEntrySchema>;

export const OBJECT_TYPES = ['company', 'user', 'distillery', 'mapping', 'fee', 'listing', 'bid'] as const;

type Filters = { company: string; user: string; object: string; from: string; to: string };
const FILTER_KEYS = ['company', 'user', 'object', 'from', 'to'] as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_FORMAT = 'Enter a date as dd-mm-yyyy.';

const positive = (raw: string) => (/^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null);

const columns: DataColumn<AuditEntry>[] = [
  { key: 'when', header: 'When', body: (e) => formatDateTime(e.created_at) },
  {
    key: 'actor',
    header: 'User',
    body: (e) => (e.actor_user_id === null ? 'System' : `${e.actor_name ?? 'User'} (#${e.actor_user_id})`),
  },
  { key: 'company', header: 'Company', body: (e) => e.company_name ?? '—' },
  { key: 'action', header: 'Action', body: (e) => e.action },
  { key: 'object', header: 'Object', body: (e) => `${e.object_type} #${e.object_id}` },
  { key: 'changes', header: 'Changes', body: (e) => <AuditChanges before={e.before} after={e.after} /> },
];

function FilterForm({ applied, onApply }: { applied: Filters; onApply: (filters: Filters) => void }) {
  const companies = useAllCompanyNames();
  // Dates are typed and shown as dd-MM-yyyy like the rest of the app; the URL and the call use yyyy-MM-dd.
  const shown = (f: Filters): Filters => ({ ...f, from: formatDayInput(f.from), to: formatDayInput(f.to) });
  const [draft, setDraft] = useState(() => shown(applied));
  // Back/forward changes the applied filters: the form follows.
  const [seen, setSeen] = useState(applied);
  if (FILTER_KEYS.some((k) => seen[k] !== applied[k])) {
    setSeen(applied);
    setDraft(shown(applied));
  }
  const from = draft.from ? parseDayInput(draft.from) : '';
  const to = draft.to ? parseDayInput(draft.to) : '';
  const fromError = from === null ? DAY_FORMAT : '';
  const toError = to === null ? DAY_FORMAT : '';
  const rangeError = from && to && from > to ? 'The start date is after the end date.' : '';
  const userError = draft.user.trim().length > 200 ? 'Enter at most 200 characters.' : '';
  const set = (key: keyof Filters) => (event: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!rangeError && !userError && !fromError && !toError) onApply({ ...draft, from: from || '', to: to || '' });
  };
  const empty: Filters = { company: '', user: '', object: '', from: '', to: '' };

  return (
    <form className="filter-form" aria-label="Audit log filters" noValidate onSubmit={submit}>
      <FormField id="audit-company" label="Company">
        {(a11y) => (
          <select
            {...a11y}
            value={draft.company}
            onChange={set('company')}
            className={inputClass(false, 'native-select')}
          >
            <option value="">{companies.isPending ? 'Loading companies…' : 'All companies'}</option>
            {companies.data.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name} ({c.type})
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField id="audit-user" label="User (name, email or id)" error={userError || undefined}>
        {(a11y) => (
          <input
            {...a11y}
            value={draft.user}
            onChange={set('user')}
            autoComplete="off"
            maxLength={200}
            className={inputClass(!!userError)}
          />
        )}
      </FormField>
      <FormField id="audit-object" label="Object type">
        {(a11y) => (
          <select
            {...a11y}
            value={draft.object}
            onChange={set('object')}
            className={inputClass(false, 'native-select')}
          >
            <option value="">All objects</option>
            {OBJECT_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField id="audit-from" label="From (dd-mm-yyyy)" error={fromError || undefined}>
        {(a11y) => (
          <input
            {...a11y}
            value={draft.from}
            onChange={set('from')}
            inputMode="numeric"
            placeholder="dd-mm-yyyy"
            maxLength={10}
            className={inputClass(!!fromError)}
          />
        )}
      </FormField>
      <FormField id="audit-to" label="To (dd-mm-yyyy)" error={toError || rangeError || undefined}>
        {(a11y) => (
          <input
            {...a11y}
            value={draft.to}
            onChange={set('to')}
            inputMode="numeric"
            placeholder="dd-mm-yyyy"
            maxLength={10}
            className={inputClass(!!(toError || rangeError))}
          />
        )}
      </FormField>
      <div className="filter-actions">
        <Button type="submit" label="Apply" icon="pi pi-filter" />
        <Button
          type="button"
          label="Reset"
          outlined
          onClick={() => {
            setDraft(empty);
            onApply(empty);
          }}
        />
      </div>
    </form>
  );
}

export function AuditPage() {
  const list = useListState();
  const applied: Filters = {
    company: list.filter('company'),
    user: list.filter('user'),
    object: list.filter('object'),
    from: list.filter('from'),
    to: list.filter('to'),
  };
  const body: AuditQueryBody = {
    ...list.query,
    company_id: positive(applied.company),
    // A number is a user id (links from elsewhere); any other text part of a name or email.
    user_id: positive(applied.user),
    user: applied.user.trim() && positive(applied.user) === null ? applied.user.trim() : null,
    object_type: (OBJECT_TYPES as readonly string[]).includes(applied.object) ? applied.object : null,
    from: DATE.test(applied.from) ? applied.from : null,
    to: DATE.test(applied.to) ? applied.to : null,
  };
  const result = useAuditLog(body);
  return (
    <section className="page page-wide" aria-labelledby="page-title">
      <h1 id="page-title">Audit Log</h1>
      <div className="card">
        <FilterForm applied={applied} onApply={(filters) => list.setFilters(filters)} />
        <DataList label="Audit log entries, newest first" list={list} result={result} columns={columns} rowKey="id" />
      </div>
    </section>
  );
}
