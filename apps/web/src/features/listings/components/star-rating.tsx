// A read-only 1–5 star figure (PrimeReact Rating) with its number in words for screen readers: "Industry rating 3.5
// of 5". An average shows its rounded stars and its exact value beside them.
import { Rating } from 'primereact/rating';
import { formatNumber } from '../../../ui/format';

export function StarRating({ label, value }: { label: string; value: number | null }) {
  if (value === null) return <span className="muted">Not rated</span>;
  const shown = formatNumber(value, { maxDecimals: 1 });
  return (
    <span className="star-rating" role="img" aria-label={`${label} ${shown} of 5`} title={`${shown} of 5`}>
      <Rating value={Math.round(value)} readOnly cancel={false} stars={5} aria-hidden="true" />
      <span aria-hidden="true">{shown}</span>
    </span>
  );
}
