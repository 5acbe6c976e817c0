// Item Info (/viewitem/{id}, spec 001 §2 "Item info view"): one listing of the market, or one of the company's own,
// with the fees of its side. Edit (to /additem/{id}) shows only to the Negotiator of the listing's own distillery:
// the server answers `can_edit` from the domain rule `mayManageListing`, and the session must hold the role.
import type { inventoryDetailSchema } from '@spirit/domain/listings/listings.schemas';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { z } from 'zod';
import { useSession } from '../../../app/session';
import { formatMoney, formatPercent } from '../../../ui/format';
import { MaskedName } from '../../../ui/masked-name';
import { routeId } from '../../../ui/route-id';
import { ErrorState, LoadingState, QueryError } from '../../../ui/status-states';
import { useInventoryById } from '../api/get-inventory-by-id';
import { formatLitres } from '../components/listing-format';

type ItemDetail = z.infer<typeof inventoryDetailSchema>;

const NA = 'N/A';
const BACK = { to: '/items', label: 'Back to Item List' };

function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** The fees the item's side states (an ask's "Sales Tax" is its corporation fee, spec 001 §2). */
function feeFields(item: ItemDetail): { label: string; value: string }[] {
  const money = (v: string | null) => formatMoney(v, NA);
  if (item.side === 'Offer')
    return [
      { label: 'Sales Tax', value: formatPercent(item.sales_tax, NA) },
      { label: 'Export Pass Fee', value: money(item.export_pass_fee) },
    ];
  return [
    { label: 'Import Pass Fee', value: money(item.import_pass_fee) },
    { label: 'Escort Fee', value: money(item.escort_fee) },
    { label: 'Transit Permit Fee', value: money(item.transit_permit_fee) },
    { label: 'Sales Tax', value: money(item.corporation_fee) },
    { label: 'Misc Handling Fee', value: money(item.misc_handling) },
    { label: 'Transportation Fee', value: money(item.transportation) },
  ];
}

/** Edit: the listing's own Negotiator only (the server's verdict and the session's role must both say so). */
export const mayEditItem = (item: Pick<ItemDetail, 'is_own' | 'can_edit'>, roles: readonly string[]) =>
  item.is_own && item.can_edit && roles.includes('Negotiator');

function ItemCard({ item }: { item: ItemDetail }) {
  const roles = useSession()?.user.roles ?? [];
  const priceLabel = item.side === 'Ask' ? 'Ask Price' : 'Offer Price';
  return (
    <div className="card">
      <h2 className="card-title">
        {item.type_of_spirit} from {item.state_name}
      </h2>
      <dl className="details">
        <Field label="Company Name" value={<MaskedName name={item.company.name} reveal={item.is_own} />} />
        <Field label="Spirit Name" value={item.type_of_spirit} />
        <Field label="State" value={item.state_name} />
        <Field label="Average Price" value={formatMoney(item.average_price, NA)} />
        <Field label="Last Traded Price" value={formatMoney(item.last_traded_price, NA)} />
        <Field label="Deal Locked" value={item.is_deal_locked ? 'Yes' : 'No'} />
        <Field label={priceLabel} value={formatMoney(item.price_per_liter)} />
        <Field label="Quantity" value={formatLitres(item.quantity_available)} />
        {feeFields(item).map((f) => (
          <Field key={f.label} label={f.label} value={f.value} />
        ))}
      </dl>
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
