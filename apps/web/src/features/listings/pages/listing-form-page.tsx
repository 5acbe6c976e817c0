// New Offer (/additem), New Ask (/askcreate) and their edit (/additem/{id}); spec 001 §2. The side is the
// company's: a Buyer on /additem gets the ask form's address, a Seller on /askcreate the offer form's. After a
// create the user goes to their list in 5 s (spec); after an edit back to where they came from, else /items.
import { sideOfCompany } from '@spirit/domain/listings/listings.constants';
import type { ReactNode } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { useSession } from '../../../app/session';
import { useReturnTo } from '../../../ui/return-to';
import { routeId } from '../../../ui/route-id';
import { ErrorState, LoadingState, QueryError } from '../../../ui/status-states';
import { useOfferById } from '../api/get-offer-by-id';
import { ListingForm } from '../components/listing-form';

export function ListingFormPage() {
  const type = useSession()?.user.company_type ?? null;
  const { pathname } = useLocation();
  const id = routeId(useParams().id);
  const query = useOfferById(id);
  const returnTo = useReturnTo('/items');
  if (!type) return <Navigate to="/dashboard" replace />;
  const side = sideOfCompany(type);
  const list = side === 'Offer' ? { to: '/offers', label: 'Offers' } : { to: '/ask', label: 'Asks' };
  if (id === undefined) {
    const own = side === 'Offer' ? '/additem' : '/askcreate';
    if (pathname !== own) return <Navigate to={own} replace />;
  }

  let content: ReactNode;
  if (id === undefined) content = <ListingForm side={side} afterSave={list} />;
  else if (id === null) content = <ErrorState message="Listing not found" back={list} />;
  else if (query.isPending) content = <LoadingState />;
  else if (query.isError) content = <QueryError error={query.error} onRetry={() => void query.refetch()} back={list} />;
  else if (!query.data.can_edit)
    content = <ErrorState message="Only the Negotiator of this listing's distillery may edit it" back={list} />;
  else
    content = (
      <ListingForm
        key={`${query.data.id}:${query.data.version}`}
        side={query.data.side}
        listing={query.data}
        afterSave={{ to: returnTo, label: returnTo === '/items' ? 'Item List' : 'the previous page' }}
      />
    );
  const word = side === 'Offer' ? 'Offer' : 'Ask';
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{id === undefined ? `New ${word}` : `Edit ${word}`}</h1>
      {content}
    </section>
  );
}
