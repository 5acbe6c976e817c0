// The bid page's "Item info" (spec 001 §2): the counterparty listing's facts and its Final Price — the listing's
// asking price landed with the pair's fees (`itemFinalPrice`), the same figure on /biditem/{id} and on the bid's
// page; the bid's own terms are priced under Bid Terms ("Final Price at these terms"). A counterparty listing that has closed since (sold out, period over) is no longer in the market: the bid
// still names its product and state.
import type { LandedBreakdown } from '@spirit/domain/listings/listings.schemas';
import type { ReactNode } from 'react';
import { ApiError } from '../../../app/api-client';
import { Alert } from '../../../ui/alert';
import { formatMoney } from '../../../ui/format';
import { ItemFacts, NA, type ItemDetail, type ItemOverrides } from '../../../ui/item-facts';
import { ErrorState, LoadingState } from '../../../ui/status-states';
import { bidFinalPrice, type FeeValues } from './bid-price';

export const finalPriceFact = (breakdown: LandedBreakdown | null, label = 'Final Price') => ({
  label,
  value: breakdown ? `${formatMoney(breakdown.total)} per litre` : NA,
});

type Props = {
  item: ItemDetail | undefined;
  loading: boolean;
  /** What the item is when it cannot be read (the bid's product and state). */
  fallback?: string;
  breakdown: LandedBreakdown | null;
  /** Why the item could not be read: a 404 is a closed listing, anything else may pass on a retry. */
  error?: unknown;
  onRetry?: () => void;
  children?: ReactNode;
  /** On a bid's page: the bid's own view of the counterparty's name and of the lock. */
  overrides?: ItemOverrides;
};

export function BidItemCard({ item, loading, fallback, breakdown, error, onRetry, children, overrides }: Props) {
  const closed = error instanceof ApiError && error.statusCode === 404;
  let body: ReactNode;
  if (item) body = <ItemFacts item={item} extra={[finalPriceFact(breakdown)]} overrides={overrides} />;
  else if (loading) body = <LoadingState />;
  else if (error && !closed)
    body = <ErrorState message="The listing could not be read." {...(onRetry ? { onRetry } : {})} />;
  else
    body = (
      <Alert severity="info">
        {fallback ? `${fallback}: this` : 'This'} listing is no longer open in the market, so its figures are not shown.
      </Alert>
    );
  return (
    <section className="card" aria-labelledby="item-info-title">
      <h2 id="item-info-title" className="card-title">
        Item Info{item ? `: ${item.type_of_spirit} from ${item.state_name}` : ''}
      </h2>
      {body}
      {children}
    </section>
  );
}

/** "Final price at these terms", under a bid form, as the fields hold them now. */
export function FinalPriceOutput({ breakdown }: { breakdown: LandedBreakdown | null }) {
  return (
    <p className="bid-final-price">
      <span>Final Price at these terms: </span>
      <output aria-live="off">
        {breakdown ? `${formatMoney(breakdown.total)} per litre` : 'Fill in the price and fees'}
      </output>
    </p>
  );
}

/**
 * Item Info's Final Price (issue 21, item 8: one figure for both pages): the item's asking price with the offer's
 * sales tax and export pass fee and the ask's delivery fees, both read from the two listings of the pair.
 */
export function itemFinalPrice(opts: {
  item: Pick<ItemDetail, 'price_per_liter'>;
  offer: FeeValues | undefined;
  ask: FeeValues | undefined;
}) {
  return bidFinalPrice({ price: opts.item.price_per_liter, fees: opts.ask ?? {}, offer: opts.offer ?? {} });
}
