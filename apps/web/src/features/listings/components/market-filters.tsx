// The market's filters (spec 001 §2 "Item list"): spirit types and states, applied by Search and cleared by Reset,
// held in the URL with the list's page (the shared form: `ui/names-filter-form`).
import type { ListControls } from '../../../ui/use-list-state';
import { NamesFilterForm, namesFilterParams, readNamesFilter, type NamesFilter } from '../../../ui/names-filter-form';
import { useAllSpirit } from '../api/get-all-spirit';
import { useStateCities } from '../api/get-state-cities';

const NONE: NamesFilter = { spirits: [], states: [] };

export function MarketFilters({ list }: { list: ListControls }) {
  const spirits = useAllSpirit();
  const states = useStateCities();
  return (
    <NamesFilterForm
      label="Market filters"
      idPrefix="market"
      applied={readNamesFilter(list)}
      empty={NONE}
      spirits={spirits}
      states={states}
      onApply={(f) => list.setFilters(namesFilterParams(f))}
    />
  );
}
