// The 1–5 star control (PrimeReact Rating): hovering a star previews that many, a click or Enter/Space on a focused
// star sets it, the arrow keys step it. PrimeReact renders its stars as focusable divs without names; each is
// given the radio role and its number here, so a screen reader hears "3 stars, checked".
import { RATING_MAX } from '@spirit/domain/ratings/ratings.constants';
import { ratingBand } from '@spirit/domain/ratings/ratings.rules';
import { Rating } from 'primereact/rating';
import { useEffect, useRef, useState, type MouseEvent } from 'react';

type Props = {
  /** The id of the element naming the control (its label). */
  labelledBy: string;
  value: number | null;
  onChange: (value: number) => void;
  disabled?: boolean;
  invalid?: boolean;
};

const BAND_WORDS = { low: 'low', medium: 'medium', high: 'high' } as const;

/** "4 of 5 (high)": the value and its band as the spec shows them (≤2 low, ≤3 medium, above high). */
export const ratingWords = (value: number) => `${value} of ${RATING_MAX} (${BAND_WORDS[ratingBand(value)]})`;

export function StarInput({ labelledBy, value, onChange, disabled = false, invalid = false }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const [hover, setHover] = useState<number | null>(null);

  useEffect(() => {
    const items = ref.current?.querySelectorAll<HTMLElement>('.p-rating-item') ?? [];
    items.forEach((item, i) => {
      item.setAttribute('role', 'radio');
      item.setAttribute('aria-label', `${i + 1} star${i === 0 ? '' : 's'}`);
      item.setAttribute('aria-checked', String(value === i + 1));
      if (disabled) item.setAttribute('aria-disabled', 'true');
      else item.removeAttribute('aria-disabled');
    });
  });

  const starUnder = (event: MouseEvent) => {
    const item = (event.target as HTMLElement).closest('.p-rating-item');
    const items = [...(ref.current?.querySelectorAll('.p-rating-item') ?? [])];
    const index = item ? items.indexOf(item) : -1;
    return index >= 0 ? index + 1 : null;
  };

  const shown = disabled ? value : (hover ?? value);
  return (
    <div className={`star-input${invalid ? ' star-input-invalid' : ''}`}>
      <div
        ref={ref}
        role="radiogroup"
        aria-labelledby={labelledBy}
        aria-invalid={invalid || undefined}
        onMouseOver={(event) => setHover(starUnder(event))}
        onMouseLeave={() => setHover(null)}
      >
        <Rating
          value={shown ?? 0}
          stars={RATING_MAX}
          cancel={false}
          disabled={disabled}
          onChange={(event) => {
            setHover(null);
            if (event.value) onChange(event.value);
          }}
        />
      </div>
      <span className="star-input-value" aria-live="polite">
        {hover && hover !== value ? `${ratingWords(hover)}?` : value ? ratingWords(value) : 'Not rated'}
      </span>
    </div>
  );
}
