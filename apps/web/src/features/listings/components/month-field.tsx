// A month picker (PrimeReact Calendar, month view) holding a period "YYYY-MM" and showing it as MM-yyyy, the
// spec's format. The month can be typed ("06-2026"): the panel opens from its button or the Down arrow, not on
// focus, because an open panel takes the focus away from the text.
import { Calendar } from 'primereact/calendar';
import type { FieldA11y } from '../../../ui/form-field';
import { inputClass } from '../../../ui/form-field';

const PERIOD = /^(\d{4})-(\d{2})$/;

export function periodToDate(period: string): Date | null {
  const match = PERIOD.exec(period);
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, 1) : null;
}

export function dateToPeriod(date: Date | null | undefined): string {
  if (!date || Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;
}

type Props = {
  a11y: FieldA11y;
  value: string;
  onChange: (period: string) => void;
  onBlur: () => void;
  minDate?: Date | undefined;
  invalid: boolean;
};

export function MonthField({ a11y, value, onChange, onBlur, minDate, invalid }: Props) {
  const { id, ...aria } = a11y;
  return (
    <Calendar
      inputId={id}
      value={periodToDate(value)}
      onChange={(event) => onChange(dateToPeriod(event.value as Date | null | undefined))}
      onBlur={onBlur}
      view="month"
      dateFormat="mm-yy"
      placeholder="MM-YYYY"
      showIcon
      showOnFocus={false}
      {...(minDate ? { minDate } : {})}
      invalid={invalid}
      inputClassName={inputClass(invalid)}
      pt={{ input: { root: { ...aria } } }}
    />
  );
}
