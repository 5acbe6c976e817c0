// Item Info (/viewitem/{id}, spec 001 §2 "Item info view"): one listing of the market, or one of the company's own,
// with the fees of its side. Edit (to /additem/{id}) shows only to the Negotiator of the listing's own distillery:
// the server answers `can_edit` from the domain rule `mayManageListing`, and the session must hold the role.
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useSession } from '../../../app/session';
import { ItemFacts, type ItemDetail } from '../../../ui/item-facts';
import { routeId } from '../../../ui/route-id';
import { ErrorState, LoadingState, QueryError } from '../../../ui/status-states';
import { useInventoryById } from '../api/get-inventory-by-id';

const BACK = { to: '/items', label: 'Back to Item List' };

/** Edit: the listing's own Negotiator only (the server's verdict and the session's role must both say so). */
export const mayEditItem = (item: Pick<ItemDetail, 'is_own' | 'can_edit'>, roles: readonly string[]) =>
  item.is_own && item.can_edit && roles.includes('Negotiator');

function ItemCard({ item }: { item: ItemDetail }) {
  const roles = useSession()?.user.roles ?? [];
  return (
    <div className="card">
      <h2 className="card-title">
        {item.type_of_spirit} from {item.state_name}
      </h2>
      <ItemFacts item={item} />
      <div className="form-actions">
        {mayEditItem(item, roles) ? (
          <Link to={`/additem/${item.id}`} className="p-button p-component link-as-button">
            <i className="pi pi-pencil" aria-hidden="true" />
            <span>Edit</span>
          </Link>
        ) : null}
        {!item.is_own && roles.includes('Negotiator') ? (
          <Link to={`/biditem/${item.id}`} className="p-button p-component link-as-button">
            <i className="pi pi-send" aria-hidden="true" />
            <span>Bid</span>
          </Link>
        ) : null}
        <Link
          to={item.is_own ? `/offeredit/${item.id}` : '/items'}
          className="p-button p-component p-button-outlined link-as-button"
        >
          <i className="pi pi-arrow-left" aria-hidden="true" />
          <span>{item.is_own ? `Back to ${item.side}` : BACK.label}</span>
        </Link>
      </div>
    </div>
  );
}

export function ViewItemPage() {
  const id = routeId(useParams().id);
  const query = useInventoryById(id);
  let content: ReactNode;
  if (id === undefined || id === null) content = <ErrorState message="Item not found" back={BACK} />;
  else if (query.isPending) content = <LoadingState />;
  else if (query.isError) content = <QueryError error={query.error} onRetry={() => void query.refetch()} back={BACK} />;
  else content = <ItemCard item={query.data} />;
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">Item Info</h1>
      {content}
    </section>
  );
}
