// The market's filters (spec 001 §2 "Item list"): spirit types and states, each a multi-select with a contains
// filter, applied by Search and cleared by Reset. The applied choice lives in the URL with the list's page.
import { Button } from 'primereact/button';
import { useState, type FormEvent } from 'react';
import { NamesSelect } from '../../../ui/names-select';
import { useAllSpirit } from '../api/get-all-spirit';
import { useStateCities } from '../api/get-state-cities';

export type MarketFilter = { spirits: string[]; states: string[] };

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

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
      <NamesSelect
        id="market-spirits"
        label="Types of Spirits"
        value={draft.spirits}
        options={(spirits.data ?? []).map((s) => s.type_of_spirit)}
        loading={spirits.isPending}
        onChange={(value) => setDraft((d) => ({ ...d, spirits: value }))}
      />
      <NamesSelect
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
