// The top of the listing page (spec 001 §2 "Offer detail"): the market figures of the listing's product and the
// listing's own summary. A buyer reads Offer wording in the figures (the market it buys from), a seller Ask wording.
import type { OfferDetail } from '@spirit/domain/listings/listings.schemas';
import type { ReactNode } from 'react';
import { formatMoney, formatNumber, formatRate } from '../../../ui/format';
import './listings.css';
import { formatLitres, formatPeriodRange } from './listing-format';

const NA = 'N/A';

function Figure({ label, value }: { label: string; value: ReactNode }) {
  return (
    <li className="stat-card">
      <span className="figure-label">{label}</span>
      <span className="stat-value">{value}</span>
    </li>
  );
}

export function MarketFigures({ listing }: { listing: OfferDetail }) {
  const market = listing.side === 'Ask' ? 'Offer' : 'Ask';
  return (
    <ul className="stat-cards" aria-label="Market figures">
      <Figure label="Market Average Bid Price" value={formatMoney(listing.avg_bid_price, NA)} />
      <Figure label={`Market Average ${market} Price`} value={formatMoney(listing.avg_offer_price, NA)} />
      <Figure label="Market Bid Price" value={formatMoney(listing.last_bid_price, NA)} />
      <Figure label={`Market ${market} Price`} value={formatMoney(listing.last_offer_price, NA)} />
      <Figure label="Open Bids" value={formatNumber(listing.total_open_bids, { maxDecimals: 0 })} />
    </ul>
  );
}

function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

export function ListingSummary({ listing, actions }: { listing: OfferDetail; actions?: ReactNode }) {
  const word = listing.side;
  return (
    <div className="card">
      <h2 className="card-title">{word} Summary</h2>
      <dl className="details">
        <Field label="Period" value={formatPeriodRange(listing.from_period, listing.to_period)} />
        <Field label="State" value={listing.state} />
        <Field label="Distillery" value={listing.distillery_name} />
        <Field label="Product" value={listing.product} />
        <Field label={`Original ${word}`} value={formatLitres(listing.offer_quantity)} />
        <Field label={`Current ${word}`} value={formatLitres(listing.available_quantity)} />
        <Field label="Rate" value={formatRate(listing.offer_price)} />
        <Field label="Status" value={listing.is_open ? 'Open' : 'Closed'} />
      </dl>
      {actions}
    </div>
  );
}
