// The bid lists' filters (spec 001 §2 "My Bids list", "Bids List"): Types of Spirits and States (multi-selects with a
// contains filter) and, where a list offers it, the bid's status; applied by Search, cleared by Reset. The applied
// choice lives in the URL (`spirits`, `states` joined by '|', `status`) with the list's page.
import { BID_STATUSES } from '@spirit/domain/bids/bids.constants';
import { Button } from 'primereact/button';
import { useState, type FormEvent } from 'react';
import { FormField } from '../../../ui/form-field';
import { NamesSelect } from '../../../ui/names-select';
import type { ListControls } from '../../../ui/use-list-state';
import { useSpiritNames, useStateNames } from '../api/get-filter-lookups';

export type BidFilter = { spirits: string[]; states: string[]; status: string };

const SEPARATOR = '|';
const NONE: BidFilter = { spirits: [], states: [], status: '' };
const split = (raw: string) => (raw ? raw.split(SEPARATOR).filter(Boolean) : []);
const key = (f: BidFilter) => JSON.stringify(f);

/** The filters in the URL; an unknown status is no status. */
export function readBidFilter(list: Pick<ListControls, 'filter'>): BidFilter {
  const status = list.filter('status');
  return {
    spirits: split(list.filter('spirits')),
    states: split(list.filter('states')),
    status: (BID_STATUSES as readonly string[]).includes(status) ? status : '',
  };
}

/** The part of a getAllBids body the filters make. */
export function bidFilterQuery(f: BidFilter) {
  return {
    ...(f.spirits.length ? { type_of_spirits: f.spirits } : {}),
    ...(f.states.length ? { states: f.states } : {}),
    ...(f.status ? { bid_status: f.status as (typeof BID_STATUSES)[number] } : {}),
  };
}

export function BidFilters({ list, withStatus = false }: { list: ListControls; withStatus?: boolean }) {
  const applied = readBidFilter(list);
  const spirits = useSpiritNames();
  const states = useStateNames();
  const [draft, setDraft] = useState(applied);
  // Back and forward change the applied filters: the form follows.
  const [seen, setSeen] = useState(key(applied));
  if (seen !== key(applied)) {
    setSeen(key(applied));
    setDraft(applied);
  }
  const apply = (f: BidFilter) =>
    list.setFilters({ spirits: f.spirits.join(SEPARATOR), states: f.states.join(SEPARATOR), status: f.status });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply(draft);
  };
  return (
    <form className="filter-form market-filters" aria-label="Bid filters" onSubmit={submit}>
      <NamesSelect
        id="bid-spirits"
        label="Types of Spirits"
        value={draft.spirits}
        options={(spirits.data ?? []).map((s) => s.type_of_spirit)}
        loading={spirits.isPending}
        onChange={(v) => setDraft((d) => ({ ...d, spirits: v }))}
      />
      <NamesSelect
        id="bid-states"
        label="States"
        value={draft.states}
        options={(states.data ?? []).map((s) => s.state)}
        loading={states.isPending}
        onChange={(v) => setDraft((d) => ({ ...d, states: v }))}
      />
      {withStatus ? (
        <FormField id="bid-status" label="Status">
          {(a11y) => (
            <select
              id={a11y.id}
              className="p-inputtext p-component native-select"
              value={draft.status}
              onChange={(event) => setDraft((d) => ({ ...d, status: event.target.value }))}
            >
              <option value="">All statuses</option>
              {BID_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          )}
        </FormField>
      ) : null}
      <div className="filter-actions">
        <Button type="submit" label="Search" icon="pi pi-search" />
        <Button
          type="button"
          label="Reset"
          outlined
          onClick={() => {
            setDraft(NONE);
            apply(NONE);
          }}
        />
      </div>
    </form>
  );
}
