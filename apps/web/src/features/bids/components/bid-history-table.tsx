// A bid's negotiation history (spec 001 §2 "Placed Bids tab"): Source, Quantity, Rate, Valid Upto, Status, with who
// acted, oldest first.
import type { BidHistoryEntry } from '@spirit/domain/bids/bids.schemas';
import { formatDateTime, formatMoney, formatQuantity } from '../../../ui/format';
import { EmptyState } from '../../../ui/status-states';

export function BidHistoryTable({ entries }: { entries: readonly BidHistoryEntry[] }) {
  if (entries.length === 0) return <EmptyState />;
  return (
    <div className="table-scroll" role="region" aria-label="Negotiation history" tabIndex={0}>
      <table className="bid-history">
        <caption className="visually-hidden">Negotiation history</caption>
        <thead>
          <tr>
            <th scope="col">Source</th>
            <th scope="col">By</th>
            <th scope="col">Quantity</th>
            <th scope="col">Rate</th>
            <th scope="col">Valid Upto</th>
            <th scope="col">Status</th>
            <th scope="col">Comment</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e, i) => (
            <tr key={`${e.created_on}-${i}`}>
              <td>{e.company_type}</td>
              <td>{e.user ? `${e.user}${e.role ? ` (${e.role})` : ''}` : '—'}</td>
              <td className="numeric-cell">{formatQuantity(e.quantity, 1)}</td>
              <td className="numeric-cell">{formatMoney(e.price)}</td>
              <td>{formatDateTime(e.valid_until)}</td>
              <td>{e.status}</td>
              <td>{e.comment ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
