import { SPIRIT_NAMES } from '@spirit/domain/companies/companies.constants';
import { FormField, inputClass } from '../../../ui/form-field';

/** A product filter: every product, or one of the platform's. */
export function ProductSelect({ id, value, onChange }: { id: string; value: string; onChange: (v: string) => void }) {
  return (
    <FormField id={id} label="Product">
      {(a11y) => (
        <select
          {...a11y}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className={inputClass(false, 'native-select')}
        >
          <option value="">All products</option>
          {SPIRIT_NAMES.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
