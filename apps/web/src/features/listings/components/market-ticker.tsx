// The market ticker of the listing page (spec 001 §2): Buyer Market and Seller Market entries of the listing's
// product as "state, product, price (quantity) · time", scrolling round once every 30 s. It stops while the pointer is over
// it or the focus inside it, on its Pause button, and never moves for a user who asked for reduced motion.
import { useState } from 'react';
import { formatDateTime, formatRate } from '../../../ui/format';
import { useLatestNegotiation } from '../api/latest-negotiation';
import { useReducedMotion } from './use-reduced-motion';
import './listings.css';
import { formatLitres } from './listing-format';

export type TickerEntry = {
  state: string;
  product: string;
  price: string;
  quantity: string;
  type: 'buyer' | 'seller';
  created_on: string;
};

const LANES = [
  { type: 'buyer', label: 'Buyer Market' },
  { type: 'seller', label: 'Seller Market' },
] as const;

export const tickerText = (e: TickerEntry) =>
  `${e.state}, ${e.product}, ${formatRate(e.price)} (${formatLitres(e.quantity)})`;

/** When the entry was made, in India Standard Time: a figure without its time says little about the market. */
function When({ at }: { at: string }) {
  const shown = formatDateTime(at);
  return shown ? (
    <time className="ticker-time" dateTime={at}>
      {` · ${shown}`}
    </time>
  ) : null;
}

function Entries({ entries, hidden = false }: { entries: readonly TickerEntry[]; hidden?: boolean }) {
  return (
    <ul className="ticker-entries" aria-hidden={hidden || undefined}>
      {entries.map((e, i) => (
        <li key={i}>
          {tickerText(e)}
          <When at={e.created_on} />
        </li>
      ))}
    </ul>
  );
}

/** The ticker itself, given its entries (the page feeds it from `latestNegotiation`). */
export function TickerView({ entries, loading = false }: { entries: readonly TickerEntry[]; loading?: boolean }) {
  const reduced = useReducedMotion();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const moving = !reduced && !stopped && !hovered && !focused;

  return (
    <section
      className="ticker card"
      aria-label="Market ticker"
      data-motion={reduced ? 'reduced' : moving ? 'running' : 'paused'}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      {LANES.map((lane) => {
        const items = entries.filter((e) => e.type === lane.type);
        return (
          <div key={lane.type} className="ticker-lane">
            <span className="ticker-label">{lane.label}</span>
            {items.length === 0 ? (
              <span className="ticker-empty">{loading ? 'Loading…' : 'No Data Found'}</span>
            ) : (
              // The frame takes focus so a keyboard user can stop the ticker and read it.
              <div className="ticker-window" tabIndex={0} role="group" aria-label={`${lane.label} entries`}>
                <div className={`ticker-track${reduced ? '' : ' is-looping'}${moving ? '' : ' is-paused'}`}>
                  <Entries entries={items} />
                  {/* The second copy makes the loop seamless; it is read once. */}
                  {reduced ? null : <Entries entries={items} hidden />}
                </div>
              </div>
            )}
          </div>
        );
      })}
      {reduced || entries.length === 0 ? null : (
        <button
          type="button"
          className="icon-button ticker-toggle"
          aria-pressed={stopped}
          aria-label="Pause ticker"
          title={stopped ? 'Play ticker' : 'Pause ticker'}
          onClick={() => setStopped((s) => !s)}
        >
          <i className={`pi ${stopped ? 'pi-play' : 'pi-pause'}`} aria-hidden="true" />
        </button>
      )}
    </section>
  );
}

/** A failed fetch empties the ticker (spec 001 §8). */
export function MarketTicker({ product }: { product: string }) {
  const ticker = useLatestNegotiation(product);
  return <TickerView entries={ticker.isError ? [] : (ticker.data ?? [])} loading={ticker.isPending} />;
}
