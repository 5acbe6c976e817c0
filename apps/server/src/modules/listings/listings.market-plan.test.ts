import { describe, expect, it } from 'vitest';
import { MARKET_WALK_LIMIT, walkFinds } from './listings.market-plan.js';

// The open listings' counts as listings.market-plan.ts keeps them: per side|product|state, and per side.
const counts = new Map<string, number>([
  ['Offer|Grain ENA|Goa', 10],
  ['Offer|Grain ENA|Punjab', 4_990],
  ['Offer|Malt Spirit|Punjab', 5_000],
  ['Offer', 10_000],
  ['Ask|Grain ENA|Goa', 9_000],
  ['Ask', 9_000],
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
