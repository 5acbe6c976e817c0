import { describe, expect, it } from 'vitest';
import {
  amountInWords,
  financialYearOf,
  formatIndianAmount,
  indianDateOf,
  invoiceNumber,
  invoiceTaxes,
  isIntraState,
  numberInWords,
  sideFeeTotal,
} from './invoices.rules.js';

describe('financialYearOf: April–March in India’s time', () => {
  it.each<[string, string]>([
    // 31 March 23:59 IST is 18:29 UTC; 1 April 00:00 IST is 31 March 18:30 UTC.
    ['2027-03-31T18:29:59.999Z', '2026-27'],
    ['2027-03-31T18:30:00.000Z', '2027-28'],
    ['2026-03-31T18:29:59.999Z', '2025-26'],
    ['2026-03-31T18:30:00.000Z', '2026-27'],
    ['2026-04-01T00:00:00.000Z', '2026-27'],
    ['2026-12-31T20:00:00.000Z', '2026-27'], // 1 January 2027 in India
    ['2099-06-15T00:00:00.000Z', '2099-00'],
  ])('%s → %s', (at, fy) => {
    expect(financialYearOf(new Date(at))).toBe(fy);
  });

  it('dates an invoice by India’s day', () => {
    expect(indianDateOf(new Date('2027-03-31T18:30:00.000Z'))).toBe('2027-04-01');
    expect(indianDateOf(new Date('2027-03-31T18:29:00.000Z'))).toBe('2027-03-31');
  });
});

describe('invoiceNumber', () => {
  it.each<[Parameters<typeof invoiceNumber>, string]>([
    [['invoice', '2026-27', 1], 'SX/2026-27/000001'],
    [['invoice', '2026-27', 123456], 'SX/2026-27/123456'],
    [['credit_note', '2027-28', 42], 'SXCN/2027-28/000042'],
  ])('%j → %s', (args, expected) => {
    expect(invoiceNumber(...args)).toBe(expected);
  });
});

describe('sideFeeTotal: the spec’s NA rule', () => {
  const rates = { commission_amount: '1.50', state_gst: '9.00', central_gst: '9.00' };
  it.each<[string, string | null, Parameters<typeof sideFeeTotal>[1], string | null]>([
    ['every part', '1000.0', rates, '1770.00'],
    ['no quantity', null, rates, null],
    ['no rate', '1000.0', { ...rates, commission_amount: null }, null],
    ['no state GST', '1000.0', { ...rates, state_gst: null }, null],
    ['no central GST', '1000.0', { ...rates, central_gst: null }, null],
    ['zero rates are not missing', '1000.0', { commission_amount: '0', state_gst: '0', central_gst: '0' }, '0.00'],
  ])('%s', (_case, quantity, r, expected) => {
    expect(sideFeeTotal(quantity, r)).toBe(expected);
  });
});

describe('invoiceTaxes: CGST + SGST within the platform’s state, IGST across states', () => {
  const r = (commission_amount: string, state_gst: string, central_gst: string) => ({
    commission_amount,
    state_gst,
    central_gst,
  });
  it.each<[string, string, ReturnType<typeof r>, boolean, Partial<ReturnType<typeof invoiceTaxes>>]>([
    [
      'intra-state, round figures',
      '1000.0',
      r('1.50', '9', '9'),
      true,
      { taxable: '1500.00', cgst: '135.00', sgst: '135.00', igst: '0.00', igst_rate: '0.00', total: '1770.00' },
    ],
    [
      'inter-state, the two rates added',
      '1000.0',
      r('1.50', '9', '9'),
      false,
      { taxable: '1500.00', cgst: '0.00', sgst: '0.00', igst: '270.00', igst_rate: '18.00', total: '1770.00' },
    ],
    [
      'intra-state, half a paisa rounds up on each half',
      '0.5',
      r('0.33', '9', '9'),
      true,
      { taxable: '0.17', cgst: '0.02', sgst: '0.02', total: '0.21' },
    ],
    [
      'inter-state keeps the same total as the fee screens',
      '0.5',
      r('0.33', '9', '9'),
      false,
      { taxable: '0.17', igst: '0.04', total: '0.21' },
    ],
    [
      'fractional litres and uneven rates',
      '12345.6',
      r('0.75', '2.5', '6'),
      true,
      { taxable: '9259.20', sgst: '231.48', cgst: '555.55', sgst_rate: '2.50', cgst_rate: '6.00', total: '10046.23' },
    ],
  ])('%s', (_case, quantity, rates, intra, expected) => {
    expect(invoiceTaxes(quantity, rates, intra)).toMatchObject(expected);
  });

  it('is intra-state when the states match, whatever their case and spaces', () => {
    expect(isIntraState(' maharashtra', 'Maharashtra')).toBe(true);
    expect(isIntraState('Karnataka', 'Maharashtra')).toBe(false);
  });
});

describe('amounts in words: Indian numbering', () => {
  it.each<[bigint, string]>([
    [0n, 'Zero'],
    [7n, 'Seven'],
    [19n, 'Nineteen'],
    [40n, 'Forty'],
    [101n, 'One Hundred One'],
    [1000n, 'One Thousand'],
    [99_999n, 'Ninety Nine Thousand Nine Hundred Ninety Nine'],
    [100_000n, 'One Lakh'],
    [1_23_45_678n, 'One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight'],
    [10_00_00_000n, 'Ten Crore'],
    [1_00_000_00_00_000n, 'One Lakh Crore'],
    [1_00_00_00_00_000n, 'Ten Thousand Crore'],
  ])('%s', (n, words) => {
    expect(numberInWords(n)).toBe(words);
  });

  it.each<[string, string]>([
    ['1770.00', 'Rupees One Thousand Seven Hundred Seventy Only'],
    ['0.21', 'Rupees Zero and Twenty One Paise Only'],
    ['120000.05', 'Rupees One Lakh Twenty Thousand and Five Paise Only'],
    ['-270.50', 'Minus Rupees Two Hundred Seventy and Fifty Paise Only'],
  ])('%s', (amount, words) => {
    expect(amountInWords(amount)).toBe(words);
  });

  it.each<[string, string]>([
    ['0', '0.00'],
    ['999.5', '999.50'],
    ['1000', '1,000.00'],
    ['1234567.89', '12,34,567.89'],
    ['-123456789.01', '-12,34,56,789.01'],
  ])('formatIndianAmount(%j) = %j', (amount, shown) => {
    expect(formatIndianAmount(amount)).toBe(shown);
  });
});
