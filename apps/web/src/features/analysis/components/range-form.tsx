// The analysis's date range: two native date pickers bounded by the rules the server applies (from 2020, at most
// three years, From not after To), applied together.
import { EARLIEST_DATE } from '@spirit/domain/analysis/analysis.constants';
import { defaultRange, rangeError } from '@spirit/domain/analysis/analysis.rules';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../ui/button';
import { FormField, inputClass } from '../../../ui/form-field';
import type { Range } from './range';

export function RangeForm({ value, onApply }: { value: Range; onApply: (range: Range) => void }) {
  const [draft, setDraft] = useState(value);
  const today = defaultRange(new Date()).to_date;
  const missing = !draft.from_date || !draft.to_date;
  const error = missing ? null : rangeError(draft.from_date, draft.to_date);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!missing && !error) onApply(draft);
  };
  const field = (name: keyof Range, label: string) => {
    const message = missing && !draft[name] ? 'Enter a date' : error?.field === name ? error.message : undefined;
    return (
      <FormField id={`analysis-${name}`} label={label} error={message}>
        {(a11y) => (
          <input
            {...a11y}
            type="date"
            min={EARLIEST_DATE}
            max={today}
            value={draft[name]}
            onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
            className={inputClass(!!message)}
          />
        )}
      </FormField>
    );
  };
  return (
    <form className="filter-form" aria-label="Date range" noValidate onSubmit={submit}>
      {field('from_date', 'From')}
      {field('to_date', 'To')}
      <div className="filter-actions">
        <Button type="submit" label="Apply" icon="pi pi-filter" />
        <Button
          type="button"
          label="Last 90 days"
          outlined
          onClick={() => {
            const range = defaultRange(new Date());
            setDraft(range);
            onApply(range);
          }}
        />
      </div>
    </form>
  );
}
