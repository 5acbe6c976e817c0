// The SuperAdmin's cards (spec 001 §2 Dashboard): Pending Approval, Approved Buyer, Approved Seller, each a link
// to the list behind its figure. The bid tables and the commission chart come with the trading screens.
import { Link } from 'react-router';
import { formatNumber } from '../../../ui/format';
import { QueryError } from '../../../ui/status-states';
import { useCompanyCounts } from '../api/get-company-counts';

const CARDS = [
  { key: 'pending', label: 'Pending Approval', to: '/prospect' },
  { key: 'approvedBuyers', label: 'Approved Buyer', to: '/clients/Buyer' },
  { key: 'approvedSellers', label: 'Approved Seller', to: '/clients/Seller' },
] as const;

export function SuperAdminFigures() {
  const counts = useCompanyCounts(true);
  if (counts.isError)
    return (
      <QueryError
        error={counts.error}
        onRetry={() => void counts.refetch()}
        back={{ to: '/clients', label: 'Clients' }}
      />
    );
  return (
    <ul className="figure-cards" aria-busy={counts.isPending}>
      {CARDS.map((card) => (
        <li key={card.key}>
          <Link to={card.to} className="figure-card">
            <span className="figure-label">{card.label}</span>
            <span className="figure-value">
              {counts.data ? formatNumber(counts.data[card.key], { maxDecimals: 0 }) : '–'}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
