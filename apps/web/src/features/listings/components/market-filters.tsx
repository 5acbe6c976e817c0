// The market's filters (spec 001 §2 "Item list"): spirit types and states, each a multi-select with a contains
// filter, applied by Search and cleared by Reset. The applied choice lives in the URL with the list's page.
import { Button } from 'primereact/button';
import { MultiSelect } from 'primereact/multiselect';
import { useState, type FormEvent } from 'react';
import { FormField } from '../../../ui/form-field';
import { multiSelectA11y } from '../../../ui/multi-select-a11y';
import { useAllSpirit } from '../api/get-all-spirit';
import { useStateCities } from '../api/get-state-cities';

export type MarketFilter = { spirits: string[]; states: string[] };

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

function Choice(props: {
  id: string;
  label: string;
  value: string[];
  options: string[];
  loading: boolean;
  onChange: (value: string[]) => void;
}) {
  return (
    <FormField id={props.id} label={props.label}>
      {(a11y) => (
        <MultiSelect
          inputId={a11y.id}
          value={props.value}
          options={props.options}
          onChange={(event) => props.onChange(event.value as string[])}
          placeholder={props.loading ? 'Loading…' : `All ${props.label.toLowerCase()}`}
          maxSelectedLabels={3}
          scrollHeight="200px"
          filter
          filterMatchMode="contains"
          filterPlaceholder="Search"
          showSelectAll={false}
          display="comma"
          className="w-full"
          pt={multiSelectA11y(`Search ${props.label.toLowerCase()}`)}
        />
      )}
    </FormField>
  );
}

export function MarketFilters({ applied, onApply }: { applied: MarketFilter; onApply: (f: MarketFilter) => void }) {
  const spirits = useAllSpirit();
  const states = useStateCities();
  const [draft, setDraft] = useState(applied);
  // Back/forward changes the applied filters: the form follows.
  const [seen, setSeen] = useState(applied);
  if (!same(seen.spirits, applied.spirits) || !same(seen.states, applied.states)) {
    setSeen(applied);
    setDraft(applied);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  return (
    <form className="filter-form market-filters" aria-label="Market filters" onSubmit={submit}>
      <Choice
        id="market-spirits"
        label="Types of Spirits"
        value={draft.spirits}
        options={(spirits.data ?? []).map((s) => s.type_of_spirit)}
        loading={spirits.isPending}
        onChange={(value) => setDraft((d) => ({ ...d, spirits: value }))}
      />
      <Choice
        id="market-states"
        label="States"
        value={draft.states}
        options={(states.data ?? []).map((s) => s.state)}
        loading={states.isPending}
        onChange={(value) => setDraft((d) => ({ ...d, states: value }))}
      />
      <div className="filter-actions">
        <Button type="submit" label="Search" icon="pi pi-search" />
        <Button
          type="button"
          label="Reset"
          outlined
          onClick={() => {
            const empty = { spirits: [], states: [] };
            setDraft(empty);
            onApply(empty);
          }}
        />
      </div>
    </form>
  );
}
