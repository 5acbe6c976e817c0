import { describe, expect, it } from 'vitest';
import { bidLandedPrice, bidLandedTotal, bidOfferFees } from './bids.price.js';

describe('bidLandedPrice', () => {
  const fees = {
    import_pass_fee: '1',
    transit_permit_fee: '0.50',
    escort_fee: '0.25',
    corporation_fee: '2',
    misc_handling: '0.10',
    transportation: '3',
  };
  it('prices the bid’s terms with the offer’s tax and export pass, and the bid’s six delivery fees', () => {
    // 61.50 + 18 % (11.07) + 6.85 + 1.50
    const offer = { sales_tax: '18', export_pass_fee: '1.50' };
    expect(bidLandedPrice({ bid: { price: '61.50', ...fees }, offer }).total).toBe('80.92');
    expect(bidLandedTotal({ bid: { price: '61.50', ...fees }, offer })).toBe('80.92');
  });
  it('prefers the bid’s own copies of the offer’s fees, and reads a missing fee as none', () => {
    expect(bidOfferFees({ sales_tax: '5', export_pass_fee: null }, { sales_tax: '18', export_pass_fee: '2' })).toEqual({
      export_pass_fee: '2',
      sales_tax: '5',
    });
    // 100 + 5 % + 2, no delivery fees
    const bid = { price: '100', sales_tax: '5' };
    expect(bidLandedPrice({ bid, offer: { sales_tax: '18', export_pass_fee: '2' } }).total).toBe('107.00');
    expect(bidLandedPrice({ bid: { price: '100' }, offer: null }).total).toBe('100.00');
    expect(bidLandedTotal({ bid, offer: { sales_tax: '18', export_pass_fee: '2' } })).toBe('107.00');
  });
});
