import { describe, expect, it } from 'vitest';
import { feeTotal, fromMinor, pickRate, toMinor, type Rate } from './fees.rules.js';

const rate = (id: string, r: Partial<Rate>): Rate & { id: string } => ({
  id,
  company_type: 'Seller',
  company_id: null,
  product: null,
  commission_amount: '1.00',
  state_gst: '9.00',
  central_gst: '9.00',
  ...r,
});

describe('pickRate: the most specific rate wins', () => {
  const all = [
    rate('seller-type', {}),
    rate('seller-type-product', { product: 'Grain ENA' }),
    rate('seller-company', { company_id: 7 }),
    rate('seller-company-product', { company_id: 7, product: 'Grain ENA' }),
    rate('other-company', { company_id: 8 }),
    rate('other-company-product', { company_id: 8, product: 'Molasses ENA' }),
    rate('buyer-type', { company_type: 'Buyer' }),
  ];
  const pick = (
    rates: readonly (Rate & { id: string })[],
    companyType: 'Seller' | 'Buyer',
    companyId: number,
    product: string,
  ) => pickRate(rates, { companyType, companyId, product })?.id ?? null;

  it.each<[string, 'Seller' | 'Buyer', number, string, string | null]>([
    ['company + product', 'Seller', 7, 'Grain ENA', 'seller-company-product'],
    ['company, other product', 'Seller', 7, 'Molasses ENA', 'seller-company'],
    ['type + product, other company', 'Seller', 9, 'Grain ENA', 'seller-type-product'],
    ['type only', 'Seller', 9, 'Malt Spirit', 'seller-type'],
    ['another company’s product rate never applies', 'Seller', 8, 'Grain ENA', 'other-company'],
    ['the other side’s rates never apply', 'Buyer', 7, 'Grain ENA', 'buyer-type'],
  ])('%s', (_case, type, companyId, product, expected) => {
    expect(pick(all, type, companyId, product)).toBe(expected);
  });

  it('prefers the company rate over the type + product rate', () => {
    const rates = [rate('type-product', { product: 'Grain ENA' }), rate('company', { company_id: 7 })];
    expect(pick(rates, 'Seller', 7, 'Grain ENA')).toBe('company');
  });

  it('answers null when no rate applies', () => {
    expect(pick([], 'Seller', 7, 'Grain ENA')).toBeNull();
    expect(pick([rate('buyer', { company_type: 'Buyer' })], 'Seller', 7, 'Grain ENA')).toBeNull();
    expect(pick([rate('other', { company_id: 8 })], 'Seller', 7, 'Grain ENA')).toBeNull();
    expect(pick([rate('product', { product: 'Molasses' })], 'Seller', 7, 'Grain ENA')).toBeNull();
  });

  it('does not depend on the order of the rates', () => {
    expect(pick([...all].reverse(), 'Seller', 7, 'Grain ENA')).toBe('seller-company-product');
  });
});

describe('feeTotal: quantity × rate plus GST on that base, in paise', () => {
  it.each<[string, string, Pick<Rate, 'commission_amount' | 'state_gst' | 'central_gst'>, ReturnType<typeof feeTotal>]>(
    [
      [
        'round figures',
        '1000.0',
        { commission_amount: '1.50', state_gst: '9.00', central_gst: '9.00' },
        { base: '1500.00', state_gst: '135.00', central_gst: '135.00', total: '1770.00' },
      ],
      [
        'half a paisa rounds up',
        '0.5',
        { commission_amount: '0.33', state_gst: '9.00', central_gst: '0.00' },
        { base: '0.17', state_gst: '0.02', central_gst: '0.00', total: '0.19' },
      ],
      [
        'fractional litres and percentages',
        '12345.6',
        { commission_amount: '0.75', state_gst: '2.50', central_gst: '2.50' },
        { base: '9259.20', state_gst: '231.48', central_gst: '231.48', total: '9722.16' },
      ],
      [
        'a zero rate',
        '500.0',
        { commission_amount: '0.00', state_gst: '9.00', central_gst: '9.00' },
        { base: '0.00', state_gst: '0.00', central_gst: '0.00', total: '0.00' },
      ],
      [
        'no float drift where floats would have it',
        '0.1',
        { commission_amount: '0.30', state_gst: '0.00', central_gst: '0.00' },
        { base: '0.03', state_gst: '0.00', central_gst: '0.00', total: '0.03' },
      ],
    ],
  )('%s', (_case, quantity, r, expected) => {
    expect(feeTotal(quantity, r)).toEqual(expected);
  });
});

describe('minor units', () => {
  it.each<[string, number, bigint]>([
    ['12.34', 2, 1234n],
    ['12', 2, 1200n],
    ['0.5', 2, 50n],
    ['12.345', 2, 1234n],
    ['-1.5', 2, -150n],
    [' 7.25 ', 1, 72n],
  ])('toMinor(%j, %i) = %s', (value, decimals, minor) => {
    expect(toMinor(value, decimals)).toBe(minor);
  });

  it('refuses what is not a decimal', () => {
    expect(() => toMinor('1e3')).toThrow('not a decimal');
    expect(() => toMinor('')).toThrow('not a decimal');
  });

  it.each<[bigint, number, string]>([
    [1234n, 2, '12.34'],
    [5n, 2, '0.05'],
    [0n, 2, '0.00'],
    [-150n, 2, '-1.50'],
    [72n, 1, '7.2'],
  ])('fromMinor(%s, %i) = %j', (minor, decimals, value) => {
    expect(fromMinor(minor, decimals)).toBe(value);
  });
});
