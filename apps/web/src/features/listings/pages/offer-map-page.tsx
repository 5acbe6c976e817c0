// The offer map (/offermap/{id}, spec 001 §2 "Offer map"; issue 23 part 4): where one of the company's listings'
// possible counterparties are, on a map of India drawn with ECharts (loaded with the chart, never with the page), a
// marker per state and source coloured by the caller's source, and the same records as a table beside it.
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { useSession } from '../../../app/session';
import { LazyMapChart } from '../../../ui/charts/lazy-map-chart';
import { routeId } from '../../../ui/route-id';
import { useReturnTo } from '../../../ui/return-to';
import { EmptyState, ErrorState, LoadingState, QueryError } from '../../../ui/status-states';
import { useIndiaMap } from '../api/get-india-map';
import { useOfferMap } from '../api/get-offer-map';
import { counterpartyOf } from '../components/listing-tabs';
import { SOURCE_COLOURS, offerMapOption } from '../components/offer-map-option';
import { OfferMapTable } from '../components/offer-map-table';
import '../components/offer-map.css';

const ATTRIBUTION = 'Map: @svg-maps/india, CC BY 4.0';

function Legend() {
  return (
    <ul className="offer-map-legend" aria-label="Marker colours by source">
      {Object.entries(SOURCE_COLOURS).map(([source, colour]) => (
        <li key={source}>
          <span className="offer-map-dot" style={{ background: colour }} aria-hidden="true" />
          {source}
        </li>
      ))}
    </ul>
  );
}

export function OfferMapPage() {
  const user = useSession()?.user;
  const id = routeId(useParams().id);
  const counterparty = counterpartyOf(user?.company_type);
  const title = `Possible ${counterparty} Map`;
  const priceLabel = counterparty === 'Seller' ? 'Offered Rate' : 'Asked Rate';
  const list =
    user?.company_type === 'Buyer' ? { to: '/ask', label: 'Back to Asks' } : { to: '/offers', label: 'Back to Offers' };
  const backTo = useReturnTo(list.to);
  const records = useOfferMap(id);
  const map = useIndiaMap();
  const count = records.data?.records.length ?? 0;
  const chartLabel = `Map of India with ${count} markers of possible ${counterparty.toLowerCase()}s; the table lists them`;
  const option = useMemo(
    () =>
      records.data && map.data ? offerMapOption({ records: records.data.records, map: map.data, priceLabel }) : null,
    [records.data, map.data, priceLabel],
  );

  let content;
  if (id === undefined || id === null)
    content = <ErrorState message="Choose one of your listings to see its map." back={list} />;
  else if (records.isPending) content = <LoadingState />;
  else if (records.isError)
    content = <QueryError error={records.error} onRetry={() => void records.refetch()} back={list} />;
  else if (records.data.records.length === 0) content = <EmptyState />;
  else {
    const caption = `Possible ${counterparty.toLowerCase()}s by state`;
    content = (
      <div className="offer-map-layout">
        <div className="offer-map-chart">
          {map.isError ? (
            <ErrorState
              message="The map could not be loaded; the table lists every record."
              onRetry={() => void map.refetch()}
            />
          ) : option ? (
            <LazyMapChart option={option} height={520} label={chartLabel} />
          ) : (
            <LoadingState label="Loading the map…" />
          )}
          <Legend />
        </div>
        <OfferMapTable records={records.data.records} caption={caption} priceLabel={priceLabel} />
      </div>
    );
  }

  return (
    <section className="page page-wide offer-map-page" aria-labelledby="page-title">
      <div className="offer-map-header">
        <h1 id="page-title">{title}</h1>
        <div className="form-actions">
          <Link to={backTo} className="p-button p-component p-button-outlined link-as-button">
            <i className="pi pi-arrow-left" aria-hidden="true" />
            <span>Back</span>
          </Link>
          {typeof id === 'number' ? (
            <Link to={`/offeredit/${id}?tab=tab1`} className="p-button p-component link-as-button">
              <i className="pi pi-users" aria-hidden="true" />
              <span>Possible {counterparty}</span>
            </Link>
          ) : null}
        </div>
      </div>
      {content}
      <p className="offer-map-attribution">{ATTRIBUTION}</p>
    </section>
  );
}
