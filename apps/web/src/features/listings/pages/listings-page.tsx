// Offers (/offers, Seller) and Asks (/ask, Buyer); spec 001 §2. A user of the other company type is sent to the
// list of their own side.
import type { ListingSide } from '@spirit/domain/listings/listings.constants';
import { Navigate } from 'react-router';
import { useSession } from '../../../app/session';
import { ListingsList } from '../components/listings-list';

const PAGES = {
  Offer: { title: 'Offers', other: '/ask', otherType: 'Buyer' },
  Ask: { title: 'Asks', other: '/offers', otherType: 'Seller' },
} as const;

function ListingsPage({ side }: { side: ListingSide }) {
  const type = useSession()?.user.company_type;
  const page = PAGES[side];
  if (type === page.otherType) return <Navigate to={page.other} replace />;
  return (
    <section className="page page-wide" aria-labelledby="page-title">
      <h1 id="page-title">{page.title}</h1>
      <div className="card">
        <ListingsList side={side} />
      </div>
    </section>
  );
}

export const OffersPage = () => <ListingsPage side="Offer" />;
export const AsksPage = () => <ListingsPage side="Ask" />;
