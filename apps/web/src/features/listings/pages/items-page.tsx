// The market (/items, spec 001 §2 "Item list"): other companies' open listings of the side the user trades with,
// company names masked, filtered by spirit types and states; Bid leads to the bid page, View to the item.
import type { marketItemSchema } from '@spirit/domain/listings/listings.schemas';
import type { z } from 'zod';
import { useSession } from '../../../app/session';
import { DataList, type DataColumn } from '../../../ui/data-list';
import { formatMoney } from '../../../ui/format';
import { MaskedName } from '../../../ui/masked-name';
import { RowActionLink } from '../../../ui/row-action';
import { useListState } from '../../../ui/use-list-state';
import { useAllInventory } from '../api/get-all-inventory';
import { readNamesFilter } from '../../../ui/names-filter-form';
import { BidOpenLink } from '../components/bid-open-link';
import { MarketFilters } from '../components/market-filters';
import { formatLitres } from '../components/listing-format';

type Item = z.infer<typeof marketItemSchema>;

const what = (r: Item) => `${r.type_of_spirit} from ${r.state}`;

export function marketColumns(canBid: boolean): DataColumn<Item>[] {
  return [
    { key: 'company', header: 'Company Name', body: (r) => <MaskedName name={r.company.name} /> },
    { key: 'spirit', header: 'Spirit Name', body: (r) => r.type_of_spirit },
    { key: 'state', header: 'State', body: (r) => r.state_name },
    {
      key: 'quantity',
      header: 'Quantity',
      body: (r) => formatLitres(r.quantity_available),
      className: 'numeric-cell',
    },
    { key: 'rate', header: 'Rate', body: (r) => formatMoney(r.price_per_liter), className: 'numeric-cell' },
    ...(canBid
      ? [
          {
            key: 'bid',
            header: 'Bid',
            className: 'actions-cell',
            // An item the company already bids on leads to that bid, not to a second one (issue 21 item 17).
            body: (r: Item) =>
              r.open_bid_id ? (
                <BidOpenLink listingId={r.id} bidId={r.open_bid_id} what={what(r)} />
              ) : (
                <RowActionLink to={`/biditem/${r.id}`} icon="pi-send" label={`Bid on ${what(r)}`} />
              ),
          },
        ]
      : []),
    {
      key: 'view',
      header: 'View',
      className: 'actions-cell',
      body: (r) => <RowActionLink to={`/viewitem/${r.id}`} icon="pi-eye" label={`View ${what(r)}`} />,
    },
  ];
}

export function ItemsPage() {
  const canBid = !!useSession()?.user.roles.includes('Negotiator');
  const list = useListState();
  const applied = readNamesFilter(list);
  const result = useAllInventory({
    ...list.query,
    ...(applied.spirits.length ? { type_of_spirits: applied.spirits } : {}),
    ...(applied.states.length ? { state_names: applied.states } : {}),
  });
  return (
    <section className="page page-wide" aria-labelledby="page-title">
      <h1 id="page-title">Item List</h1>
      <div className="card">
        <MarketFilters list={list} />
        <DataList
          label="Items on the market, newest first"
          list={list}
          result={result}
          columns={marketColumns(canBid)}
          rowKey="id"
        />
      </div>
    </section>
  );
}
