// The offer map's records as a table (issue 23 part 4): what the markers show, for keyboard and screen-reader users
// and for anyone who wants the figures side by side.
import type { OfferMapRecord } from '@spirit/domain/listings/offer-map.schemas';
import { formatMoney } from '../../../ui/format';
import { EmptyState } from '../../../ui/status-states';
import { formatLitres } from './listing-format';
import { StarRating } from './star-rating';
import './listings.css';

export function OfferMapTable({
  records,
  caption,
  priceLabel,
}: {
  records: readonly OfferMapRecord[];
  caption: string;
  priceLabel: string;
}) {
  if (records.length === 0) return <EmptyState />;
  return (
    <div className="table-scroll offer-map-table" role="region" aria-label={caption} tabIndex={0}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">State</th>
            <th scope="col">Quantity</th>
            <th scope="col">{priceLabel}</th>
            <th scope="col">Source</th>
            <th scope="col">Your Rating</th>
            <th scope="col">Industry Rating</th>
          </tr>
        </thead>
        <tbody>
          {records.map((r) => (
            <tr key={`${r.state}|${r.source}`} data-source={r.source}>
              <th scope="row">{r.state}</th>
              <td className="numeric-cell">{formatLitres(r.available_quantity)}</td>
              <td className="numeric-cell">{formatMoney(r.offer_price)}</td>
              <td>
                <span className={`source source-${r.source}`}>{r.source}</span>
              </td>
              <td>
                <StarRating label="Your rating" value={r.your_rating} />
              </td>
              <td>
                <StarRating label="Industry rating" value={r.industry_rating} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
