import { describe, expect, it } from 'vitest';
import { alertMatches, alertSummary, type AlertListing, type AlertTerms } from './alerts.rules.js';

const offerAlert: AlertTerms = { side: 'Offer', product: 'Molasses ENA', state: null, price: '60', min_quantity: null };
const askAlert: AlertTerms = { ...offerAlert, side: 'Ask' };
const offer: AlertListing = {
  side: 'Offer',
  product: 'Molasses ENA',
  state: 'Maharashtra',
  price: '60.00',
  available_quantity: '10000.0',
};
const ask: AlertListing = { ...offer, side: 'Ask' };

describe('alertMatches', () => {
  const cases: [string, AlertTerms, AlertListing, boolean][] = [
    ['an offer at the bound', offerAlert, offer, true],
    ['an offer below the bound', offerAlert, { ...offer, price: '59.99' }, true],
    ['an offer a paisa above the bound', offerAlert, { ...offer, price: '60.01' }, false],
    ['an ask at the bound', askAlert, ask, true],
    ['an ask above the bound', askAlert, { ...ask, price: '75' }, true],
    ['an ask a paisa below the bound', askAlert, { ...ask, price: '59.99' }, false],
    ['the other side', offerAlert, ask, false],
    ['another product', offerAlert, { ...offer, product: 'Grain ENA' }, false],
    ['any state', { ...offerAlert, state: null }, { ...offer, state: 'Goa' }, true],
    ['the state asked for', { ...offerAlert, state: 'Maharashtra' }, offer, true],
    ['another state', { ...offerAlert, state: 'Karnataka' }, offer, false],
    ['quantity at least: enough', { ...offerAlert, min_quantity: '10000' }, offer, true],
    ['quantity at least: a decilitre short', { ...offerAlert, min_quantity: '10000.1' }, offer, false],
    ['quantity as numbers', { ...offerAlert, price: 60.5, min_quantity: 500 }, { ...offer, price: 60.5 }, true],
    ['no quantity bound', { ...offerAlert, min_quantity: null }, { ...offer, available_quantity: '0.1' }, true],
  ];
  it.each(cases)('%s', (_name, alert, listing, expected) => {
    expect(alertMatches(alert, listing)).toBe(expected);
  });
});

describe('alertSummary', () => {
  it('says the bound in the trader’s words', () => {
    expect(alertSummary({ ...offerAlert, min_quantity: '1000' })).toBe(
      'Offers of Molasses ENA in any state at most ₹60.00 per litre, at least 1000.0 L',
    );
    expect(alertSummary({ ...askAlert, state: 'Goa' })).toBe('Asks of Molasses ENA in Goa at least ₹60.00 per litre');
  });
});
