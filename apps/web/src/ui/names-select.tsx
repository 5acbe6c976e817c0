// A multi-select of names with a contains filter, as the market's and the bid lists' filters use it (Types of
// Spirits, States): labelled by its field, "All …" when nothing is chosen, "Loading…" until the names arrive.
import { MultiSelect } from 'primereact/multiselect';
import { FormField } from './form-field';
import { multiSelectA11y } from './multi-select-a11y';

export function NamesSelect(props: {
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
