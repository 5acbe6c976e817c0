// The four summary cards of the New Offer / New Ask form (spec 001 §2): the market of the chosen product. The
// figures are of the side the company trades with, so a buyer reads Offer wording and a seller Ask wording.
import type { ListingSide } from '@spirit/domain/listings/listings.constants';
import { formatMoney } from '../../../ui/format';
import { useMarketStats } from '../api/get-market-stats';

const NA = 'N/A';

export function MarketCards({ side, product }: { side: ListingSide; product: string }) {
  const stats = useMarketStats(product);
  const market = side === 'Offer' ? 'Ask' : 'Offer';
  const cards = [
    { label: 'Average Bid Price', value: stats.data?.avg_bid_price },
    { label: `${side === 'Ask' ? 'Market ' : ''}Average ${market} Price`, value: stats.data?.avg_offer_price },
    { label: 'Last Bid Price', value: stats.data?.last_bid_price },
    { label: `Last ${market} Price`, value: stats.data?.last_offer_price },
  ];
  const waiting = product !== '' && stats.isPending;
  const note = !product
    ? 'Choose a product to see its market over the last 30 days.'
    : stats.isError
      ? 'The market figures could not be loaded.'
      : `${product}, last 30 days, per litre.`;
  return (
    <section aria-labelledby="market-cards-title">
      <h2 id="market-cards-title" className="visually-hidden">
        Market figures
      </h2>
      <ul className="figure-cards market-figures" aria-busy={waiting}>
        {cards.map((card) => (
          <li key={card.label} className="figure-card">
            <span className="figure-label">{card.label}</span>
            <span className="figure-value">{waiting ? '…' : formatMoney(card.value, product ? NA : '–')}</span>
          </li>
        ))}
      </ul>
      <p className="muted market-note">{note}</p>
    </section>
  );
}
