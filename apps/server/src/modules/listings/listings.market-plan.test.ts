import { describe, expect, it } from 'vitest';
import { MARKET_WALK_LIMIT, walkFinds, type Counts } from './listings.market-plan.js';

// The open listings' counts as listings.market-plan.ts keeps them: per side, in all and per product and state.
const counts: Counts = new Map([
  [
    'Offer',
    {
      all: 10_000,
      cells: [
        { product: 'Grain ENA', state: 'Goa', n: 10 },
        { product: 'Grain ENA', state: 'Punjab', n: 4_990 },
        { product: 'Malt Spirit', state: 'Punjab', n: 5_000 },
      ],
    },
  ],
  ['Ask', { all: 9_000, cells: [{ product: 'Grain ENA', state: 'Goa', n: 9_000 }] }],
]);
const offer = { side: 'Offer', period: '2026-11', rows: 10 };

describe('which plan a filtered page of the market runs', () => {
  it('walks the newest listings when the filter matches enough of its side for the page', () => {
    expect(walkFinds(counts, { ...offer, products: ['Grain ENA'] })).toBe(true);
    expect(walkFinds(counts, { ...offer, states: ['Punjab'] })).toBe(true);
    expect(walkFinds(counts, { ...offer, products: ['Malt Spirit', 'Grain ENA'], states: ['Goa', 'Punjab'] })).toBe(
      true,
    );
  });

  it('plans with the values when the walk would read past its limit: a rare state, a deep page, a state with none', () => {
    // 10 of 10,000 offers: a page of 10 expects a walk of 10,000 listings. The asks' Goa does not count for offers.
    expect(walkFinds(counts, { ...offer, states: ['Goa'] })).toBe(false);
    expect(walkFinds(counts, { ...offer, states: ['Kerala'] })).toBe(false);
    // Half the offers match: a page whose last row is the 500th expects a walk of 1,000; the 501st, past the limit.
    expect(walkFinds(counts, { ...offer, products: ['Grain ENA'], rows: MARKET_WALK_LIMIT / 2 })).toBe(true);
    expect(walkFinds(counts, { ...offer, products: ['Grain ENA'], rows: MARKET_WALK_LIMIT / 2 + 1 })).toBe(false);
  });

  it('walks a side with no open listings: there is nothing to plan for', () => {
    expect(walkFinds(new Map(), { ...offer, states: ['Goa'] })).toBe(true);
  });
});
