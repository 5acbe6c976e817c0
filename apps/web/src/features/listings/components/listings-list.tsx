// Offers (/offers, Seller) and Asks (/ask, Buyer), spec 001 §2: the company's listings of its side, read again
// every 15 s without losing the page, search or focus; New and Bulk Upload for Negotiators; Open Bids links to
// the listing's Placed Bids tab for Negotiators when there are any.
import type { Listing } from '@spirit/domain/listings/listings.schemas';
import type { ListingSide } from '@spirit/domain/listings/listings.constants';
import { Link } from 'react-router';
import { useSession } from '../../../app/session';
import { DataList, type DataColumn, type ListResult } from '../../../ui/data-list';
import { formatDateTime, formatNumber, formatRate } from '../../../ui/format';
import { useHere } from '../../../ui/return-to';
import { RowActionLink } from '../../../ui/row-action';
import { useListState } from '../../../ui/use-list-state';
import { LISTING_SORT_KEYS, offerListBody, useAllOffers } from '../api/get-all-offers';
import { formatLitres, formatPeriodRange } from './listing-format';
import './listing-pages.css';

/** Without a chosen column the server lists the newest change first. */
const NEWEST_FIRST = { key: 'modified_on', order: 'desc' } as const;

const WORDS = {
  Offer: { title: 'Offers', original: 'Original Offer', current: 'Current Offer', rate: 'Rate', newTo: '/additem' },
  Ask: { title: 'Asks', original: 'Original Ask', current: 'Current Ask', rate: 'Asked Rate', newTo: '/askcreate' },
} as const;

/** How a row is named in its actions: "Molasses ENA, Maharashtra, 05-2026 – 08-2026". */
export const rowName = (l: Listing) => `${l.product}, ${l.state}, ${formatPeriodRange(l.from_period, l.to_period)}`;

function columnsOf(side: ListingSide, negotiator: boolean, here: string): DataColumn<Listing>[] {
  const words = WORDS[side];
  return [
    {
      key: 'period',
      header: 'Period',
      sortKey: 'from_period',
      body: (l) => formatPeriodRange(l.from_period, l.to_period),
    },
    { key: 'state', header: 'State', sortKey: 'state', body: (l) => l.state },
    { key: 'product', header: 'Product', sortKey: 'product', body: (l) => l.product },
    { key: 'original', header: words.original, body: (l) => formatLitres(l.offer_quantity) },
    { key: 'current', header: words.current, body: (l) => formatLitres(l.available_quantity) },
    { key: 'rate', header: words.rate, sortKey: 'offer_price', body: (l) => formatRate(l.offer_price) },
    {
      key: 'bids',
      header: 'Open Bids',
      body: (l) => {
        const count = formatNumber(l.total_open_bids, { maxDecimals: 0 });
        return negotiator && l.total_open_bids > 0 ? (
          <Link
            to={`/offeredit/${l.id}?tab=tab2`}
            state={{ from: here }}
            className="open-bids-link"
            aria-label={`${count} open bids on ${rowName(l)}`}
          >
            {count}
          </Link>
        ) : (
          count
        );
      },
    },
    { key: 'updated', header: 'Last Update', sortKey: 'modified_on', body: (l) => formatDateTime(l.modified_on) },
    {
      key: 'action',
      header: 'Action',
      className: 'actions-cell',
      // The two actions one above the other: side by side they pushed the table past 1280 px (issue 21, item 7).
      body: (l) => (
        <span className="row-actions-stacked">
          <RowActionLink
            to={`/offeredit/${l.id}`}
            state={{ from: here }}
            icon="pi-pencil"
            label={`Open ${rowName(l)}`}
          />
          <RowActionLink
            to={`/offermap/${l.id}`}
            state={{ from: here }}
            icon="pi-map"
            label={`Map of possible ${side === 'Offer' ? 'buyers' : 'sellers'} for ${rowName(l)}`}
          />
        </span>
      ),
    },
  ];
}

/**
 * A background refresh (same page, same search) is silent: the table is not marked busy and "Loading…" is not
 * announced every 15 s. A new page or search still is.
 */
function quietRefresh<T>(result: ListResult<T> & { isPlaceholderData: boolean }): ListResult<T> {
  return { ...result, isFetching: result.isPlaceholderData };
}

export function ListingsList({ side }: { side: ListingSide }) {
  const user = useSession()?.user;
  const negotiator = !!user?.roles.includes('Negotiator');
  const here = useHere();
  const list = useListState({ sortKeys: LISTING_SORT_KEYS, defaultSort: NEWEST_FIRST });
  const result = useAllOffers(offerListBody(list.query), { refresh: true });
  const words = WORDS[side];
  return (
    <DataList
      label={words.title}
      list={list}
      result={quietRefresh(result)}
      columns={columnsOf(side, negotiator, here)}
      rowKey="id"
      search={{
        label: `Search ${words.title.toLowerCase()}`,
        placeholder: 'Search by state, product or distillery',
        clearable: true,
      }}
      toolbar={
        negotiator ? (
          <>
            <Link
              to="/bulkupload"
              state={{ from: here }}
              className="p-button p-component p-button-outlined link-as-button"
            >
              <i className="pi pi-upload" aria-hidden="true" />
              <span>Bulk Upload</span>
            </Link>
            <Link to={words.newTo} state={{ from: here }} className="p-button p-component link-as-button">
              <i className="pi pi-plus" aria-hidden="true" />
              <span>New</span>
            </Link>
          </>
        ) : null
      }
    />
  );
}
