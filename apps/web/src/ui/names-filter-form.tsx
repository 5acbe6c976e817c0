// The spirit / state filter form of the market's and the bid lists (spec 001 §2 "Item list", "My Bids list"):
// Types of Spirits and States (multi-selects with a contains filter) and any fields of a list's own, edited as a
// draft, applied by Search and cleared by Reset. The applied choice lives in the URL with the list's page
// (`spirits`, `states`, names joined by '|'), so back and forward bring it back; the form follows them.
import { Button } from 'primereact/button';
import { useState, type FormEvent, type ReactNode } from 'react';
import { NamesSelect } from './names-select';
import type { ListControls } from './use-list-state';

export type NamesFilter = { spirits: string[]; states: string[] };
/** The lookups the selects offer, as their queries answer (`getAllSpirit`, `getStateCities`). */
type Lookup<T> = { data?: readonly T[]; isPending: boolean };

const FIELDS = [
  { field: 'spirits', label: 'Types of Spirits' },
  { field: 'states', label: 'States' },
] as const;

/** A list of names in one URL parameter. Names never hold a '|'. */
const SEPARATOR = '|';
const split = (raw: string) => (raw ? raw.split(SEPARATOR).filter(Boolean) : []);
const key = (f: object) => JSON.stringify(f);

/** The spirits and states the URL holds. */
export function readNamesFilter(list: Pick<ListControls, 'filter'>): NamesFilter {
  return { spirits: split(list.filter('spirits')), states: split(list.filter('states')) };
}

/** The URL parameters of `f`'s names, for `setFilters` (empty ones removed). */
export function namesFilterParams(f: NamesFilter): Record<string, string> {
  return { spirits: f.spirits.join(SEPARATOR), states: f.states.join(SEPARATOR) };
}

export function NamesFilterForm<F extends NamesFilter>(props: {
  /** The form's accessible name ("Market filters"). */
  label: string;
  /** Prefix of the fields' ids (`market` gives `market-spirits`, `market-states`). */
  idPrefix: string;
  applied: F;
  /** What Reset applies. */
  empty: F;
  spirits: Lookup<{ type_of_spirit: string }>;
  states: Lookup<{ state: string }>;
  onApply: (f: F) => void;
  /** The list's own fields, after States (the bid lists' Status), reading and changing the draft. */
  children?: (draft: F, change: (part: Partial<F>) => void) => ReactNode;
}) {
  const { applied, onApply } = props;
  const [draft, setDraft] = useState(applied);
  const change = (part: Partial<F>) => setDraft((d) => ({ ...d, ...part }));
  // Back and forward change the applied filters: the form follows.
  const [seen, setSeen] = useState(key(applied));
  if (seen !== key(applied)) {
    setSeen(key(applied));
    setDraft(applied);
  }
  const lookups = {
    spirits: { names: (props.spirits.data ?? []).map((s) => s.type_of_spirit), loading: props.spirits.isPending },
    states: { names: (props.states.data ?? []).map((s) => s.state), loading: props.states.isPending },
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  return (
    <form className="filter-form market-filters" aria-label={props.label} onSubmit={submit}>
      {FIELDS.map(({ field, label }) => (
        <NamesSelect
          key={field}
          id={`${props.idPrefix}-${field}`}
          label={label}
          value={draft[field]}
          options={lookups[field].names}
          loading={lookups[field].loading}
          onChange={(names) => change({ [field]: names } as Partial<F>)}
        />
      ))}
      {props.children?.(draft, change)}
      <div className="filter-actions">
        <Button type="submit" label="Search" icon="pi pi-search" />
        <Button
          type="button"
          label="Reset"
          outlined
          onClick={() => {
            setDraft(props.empty);
            onApply(props.empty);
          }}
        />
      </div>
    </form>
  );
}
