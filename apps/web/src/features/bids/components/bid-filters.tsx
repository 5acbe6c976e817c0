// The bid lists' filters (spec 001 §2 "My Bids list", "Bids List"): Types of Spirits and States (the shared form,
// `ui/names-filter-form`) and, where a list offers it, the bid's status; applied by Search, cleared by Reset. The
// applied choice lives in the URL (`spirits`, `states` joined by '|', `status`) with the list's page.
import { BID_STATUSES } from '@spirit/domain/bids/bids.constants';
import { FormField } from '../../../ui/form-field';
import { NamesFilterForm, namesFilterParams, readNamesFilter } from '../../../ui/names-filter-form';
import type { ListControls } from '../../../ui/use-list-state';
import { useSpiritNames, useStateNames } from '../api/get-filter-lookups';

export type BidFilter = { spirits: string[]; states: string[]; status: string };

const NONE: BidFilter = { spirits: [], states: [], status: '' };

/** The filters in the URL; an unknown status is no status. */
export function readBidFilter(list: Pick<ListControls, 'filter'>): BidFilter {
  const status = list.filter('status');
  return { ...readNamesFilter(list), status: (BID_STATUSES as readonly string[]).includes(status) ? status : '' };
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
  const spirits = useSpiritNames();
  const states = useStateNames();
  return (
    <NamesFilterForm
      label="Bid filters"
      idPrefix="bid"
      applied={readBidFilter(list)}
      empty={NONE}
      spirits={spirits}
      states={states}
      onApply={(f) => list.setFilters({ ...namesFilterParams(f), status: f.status })}
    >
      {withStatus
        ? (draft, change) => (
            <FormField id="bid-status" label="Status">
              {(a11y) => (
                <select
                  id={a11y.id}
                  className="p-inputtext p-component native-select"
                  value={draft.status}
                  onChange={(event) => change({ status: event.target.value })}
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
          )
        : undefined}
    </NamesFilterForm>
  );
}
