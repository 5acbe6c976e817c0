// The dashboard's cards: a label and a count, each a link to the list whose total the count is.
import type { DashboardFigures } from '@spirit/domain/dashboards/dashboards.schemas';
import { Link } from 'react-router';
import { formatNumber } from '../../../ui/format';
import type { FigureCard } from './dashboard-view';

export function FigureCards({ cards, figures }: { cards: FigureCard[]; figures: DashboardFigures | undefined }) {
  return (
    <ul className="figure-cards" aria-label="Figures" aria-busy={!figures}>
      {cards.map((card) => {
        const value = figures?.[card.key];
        return (
          <li key={card.key}>
            <Link to={card.to} className="figure-card" data-figure={card.key}>
              <span className="figure-label">{card.label}</span>
              <span className="figure-value">
                {typeof value === 'number' ? formatNumber(value, { maxDecimals: 0 }) : '–'}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
