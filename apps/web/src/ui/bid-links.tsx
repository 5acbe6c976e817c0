// Where a bid's row leads, in every list of bids (the bids' and the dashboards' features): a party's bid page, and an
// approved trade's detail page.
import type { DataColumn } from './data-list';
import { RowActionLink } from './row-action';

type Bid = { id: number; offer_id: number; ask_id: number };

/**
 * A party's bid page: /biditem/{counterparty listing}/{bid} — a buyer's counterparty listing is the offer, a seller's
 * the ask (DESIGN.md §4 "Trading model").
 */
export const bidPagePath = (bid: Bid, companyType: string | null | undefined) =>
  `/biditem/${companyType === 'Seller' ? bid.ask_id : bid.offer_id}/${bid.id}`;

/** The Action column of an approved trade's row: the trade's detail page, named by its trade reference. */
export function tradeDetailColumn<T extends { id: number; trade_reference_number: string | null }>(): DataColumn<T> {
  return {
    key: 'action',
    header: 'Action',
    className: 'actions-cell',
    body: (r) => (
      <RowActionLink
        to={`/biddetail/${r.id}`}
        icon="pi-eye"
        label={`View Bid Detail ${r.trade_reference_number ?? r.id}`}
      />
    ),
  };
}
