import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../common/validators.js';
import { LISTING_MESSAGES } from './listings.constants.js';
import {
  addMonths,
  amountOf,
  bulkErrorKey,
  bulkRowToForm,
  changedTermErrors,
  columnOfField,
  currentPeriod,
  finalPrice,
  finalTotal,
  isOpen,
  isPossibleCounterparty,
  landedPrice,
  landedTotal,
  listingContextErrors,
  maskName,
  mayManageListing,
  parseBulkErrorKey,
  periodBoundErrors,
  periodRangeError,
  requantify,
  type MatchListing,
} from './listings.rules.js';
import { askFormSchema, createOfferSchema, offerByIdSchema, offerFormSchema } from './listings.schemas.js';

const offer = {
  from_period: '2026-05',
  to_period: '2026-08',
  state: 'Maharashtra',
  distillery_id: 3,
  product: 'Molasses ENA',
  offer_quantity: '12000.5',
  offer_price: '61.25',
  export_pass_fee: '1.5',
  sales_tax: '18',
};
const ask = {
  ...offer,
  export_pass_fee: undefined,
  sales_tax: undefined,
  import_pass_fee: 1,
  transit_permit_fee: 0.5,
  escort_fee: 0.25,
  corporation_fee: 2,
  misc_handling: 0,
  transportation: 3.1,
};

describe('periods', () => {
  it.each<[string, string, string | null]>([
    ['2026-05', '2026-05', null],
    ['2026-05', '2026-06', null],
    ['2025-12', '2026-01', null],
    ['2026-06', '2026-05', LISTING_MESSAGES.dateRange],
    ['2027-01', '2026-12', LISTING_MESSAGES.dateRange],
    ['2026-13', '2026-12', LISTING_MESSAGES.invalidDate],
    ['2026-5', '2026-06', LISTING_MESSAGES.invalidDate],
    ['05-2026', '2026-06', LISTING_MESSAGES.invalidDate],
    ['2026-05-01', '2026-06', LISTING_MESSAGES.invalidDate],
  ])('%s → %s: %j', (from, to, error) => {
    expect(periodRangeError(from, to)).toBe(error);
  });

  it.each<[string, string]>([
    ['2026-01-31T18:29:59Z', '2026-01'],
    ['2026-01-31T18:30:00Z', '2026-02'], // midnight in India
    ['2026-12-31T20:00:00Z', '2027-01'],
  ])('the current period at %s is %s (India)', (at, period) => {
    expect(currentPeriod(new Date(at))).toBe(period);
  });

  it.each<[Record<string, unknown>, Record<string, string>]>([
    [{ from_period: '2026-09' }, { from_period: 'Date range is invalid !!' }],
    [{ from_period: '2026/05' }, { from_period: '*Invalid Date' }],
    [{ to_period: '' }, { to_period: '*required' }],
    [{ from_period: undefined }, { from_period: '*required' }],
  ])('the form schema refuses %j with %j', (change, fields) => {
    const res = offerFormSchema.safeParse({ ...offer, ...change });
    expect(res.success).toBe(false);
    expect(fieldErrors(res.error!)).toEqual(fields);
  });
});

describe('form schemas', () => {
  it('reads an offer and an ask', () => {
    expect(offerFormSchema.parse(offer)).toMatchObject({ offer_quantity: 12000.5, offer_price: 61.25, sales_tax: 18 });
    expect(askFormSchema.parse(ask)).toMatchObject({ transportation: 3.1, corporation_fee: 2 });
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['offer', { offer_quantity: 0 }, 'offer_quantity', 'Must be greater than 0'],
    ['offer', { offer_quantity: -5 }, 'offer_quantity', 'Must not be negative'],
    ['offer', { offer_quantity: '10.25' }, 'offer_quantity', 'Must be a number with at most 1 decimals'],
    ['offer', { offer_quantity: 10.25 }, 'offer_quantity', 'Use steps of 0.1'],
    ['offer', { offer_price: '61.255' }, 'offer_price', 'Must be a number with at most 2 decimals'],
    ['offer', { offer_price: 0 }, 'offer_price', 'Must be greater than 0'],
    ['offer', { offer_price: '1e2' }, 'offer_price', 'Must be a number with at most 2 decimals'],
    ['offer', { sales_tax: 101 }, 'sales_tax', 'Must be at most 100'],
    ['offer', { export_pass_fee: '' }, 'export_pass_fee', '*required'],
    ['offer', { distillery_id: '' }, 'distillery_id', '*required'],
    ['offer', { distillery_id: 'x' }, 'distillery_id', 'Must be a positive whole number'],
    ['offer', { product: ' ' }, 'product', '*required'],
    ['ask', { transportation: undefined }, 'transportation', '*required'],
    ['ask', { corporation_fee: '-1' }, 'corporation_fee', 'Must be a number with at most 2 decimals'],
  ])('%s with %j: %s says %j', (side, change, field, message) => {
    const schema = side === 'offer' ? offerFormSchema : askFormSchema;
    const res = schema.safeParse({ ...(side === 'offer' ? offer : ask), ...change });
    expect(fieldErrors(res.error!)[field]).toBe(message);
  });

  it('createOffer takes either side’s fees; each side’s schema then requires its own', () => {
    expect(createOfferSchema.safeParse(ask).success).toBe(true);
    expect(createOfferSchema.safeParse(offer).success).toBe(true);
    expect(offerFormSchema.safeParse(ask).success).toBe(false);
    expect(askFormSchema.safeParse(offer).success).toBe(false);
  });

  it('getOfferById takes id or offer_id', () => {
    expect(offerByIdSchema.parse({ offer_id: '7' })).toEqual({ id: 7 });
    expect(offerByIdSchema.parse({ id: 8, offer_id: 7 })).toEqual({ id: 8 });
    expect(offerByIdSchema.safeParse({}).success).toBe(false);
  });
});

describe('masking', () => {
  it.each([
    ['Deccan Distilleries', '****es'],
    ['  Ab  ', '****Ab'],
    ['X', '****X'],
    ['', '****'],
  ])('%j → %j', (name, masked) => {
    expect(maskName(name)).toBe(masked);
  });
});

describe('final (landed) price', () => {
  it.each<[Parameters<typeof finalPrice>[0], string, string]>([
    [{ price: '100', sales_tax: '18' }, '118.00', '18.00'],
    [{ price: 61.25, sales_tax: 18, export_pass_fee: 1.5 }, '73.78', '11.03'], // 11.025 → 11.03
    [{ price: '0.01', sales_tax: '49.99' }, '0.01', '0.00'],
    [{ price: '0.01', sales_tax: '50' }, '0.02', '0.01'],
    [
      {
        price: '50',
        sales_tax: '5',
        import_pass_fee: '1',
        escort_fee: '0.25',
        transit_permit_fee: '0.5',
        corporation_fee: '2',
        misc_handling: '0.1',
        transportation: '3.15',
        export_pass_fee: '1.2',
      },
      '60.70',
      '2.50',
    ],
    [{ price: '999999.99', sales_tax: '100', transportation: null }, '1999999.98', '999999.99'],
  ])('%j → %s', (parts, total, tax) => {
    const r = finalPrice(parts);
    expect(r.total).toBe(total);
    expect(r.sales_tax_amount).toBe(tax);
    // The total alone, as a list's rows show it, is the breakdown's.
    expect(finalTotal(parts)).toBe(total);
  });

  it('a landed price takes the offer’s sales tax and export pass fee and the ask’s delivery fees', () => {
    const r = landedPrice({
      offer: { sales_tax: '10', export_pass_fee: '1', transportation: '99' },
      ask: { sales_tax: '99', export_pass_fee: '99', import_pass_fee: '2', transportation: '3' },
      price: '40',
    });
    expect(r).toMatchObject({
      total: '50.00',
      sales_tax_amount: '4.00',
      transportation: '3.00',
      export_pass_fee: '1.00',
    });
    expect(
      landedTotal({
        offer: { sales_tax: '10', export_pass_fee: '1', transportation: '99' },
        ask: { sales_tax: '99', export_pass_fee: '99', import_pass_fee: '2', transportation: '3' },
        price: '40',
      }),
    ).toBe('50.00');
  });
});

describe('amount of a trade', () => {
  it.each<[string | number, string | number, string]>([
    ['1000', '67.50', '67500.00'],
    ['12000.5', '73.78', '885396.89'], // 885,396.889 → .89
    ['0.1', '0.05', '0.01'], // 0.005 → 0.01, half up
    ['0.1', '0.04', '0.00'],
    [2500, 61.25, '153125.00'],
    ['', '10', '0.00'],
  ])('%s L at ₹%s → ₹%s', (quantity, perLitre, amount) => {
    expect(amountOf({ quantity, perLitre })).toBe(amount);
  });
});

describe('possible counterparties', () => {
  const now = new Date('2026-05-10T00:00:00Z');
  const mine: MatchListing = {
    side: 'Ask',
    company_id: 1,
    product: 'Grain ENA',
    from_period: '2026-05',
    to_period: '2026-07',
    status: 'Open',
    available_quantity: '100',
    company_approved: true,
  };
  const other: MatchListing = { ...mine, side: 'Offer', company_id: 2 };
  it.each<[string, Partial<MatchListing>, boolean]>([
    ['open offer of another company', {}, true],
    ['same side', { side: 'Ask' }, false],
    ['own company', { company_id: 1 }, false],
    ['other product', { product: 'Malt Spirit' }, false],
    ['period before', { from_period: '2026-01', to_period: '2026-04' }, false],
    ['period touching the start', { from_period: '2026-01', to_period: '2026-05' }, true],
    ['period after', { from_period: '2026-08', to_period: '2026-09' }, false],
    ['period touching the end', { from_period: '2026-07', to_period: '2026-12' }, true],
    ['closed', { status: 'Closed' }, false],
    ['nothing left', { available_quantity: '0.0' }, false],
    ['company not approved', { company_approved: false }, false],
    ['period passed', { from_period: '2026-01', to_period: '2026-04' }, false],
  ])('%s: %j', (_, change, expected) => {
    expect(isPossibleCounterparty(mine, { ...other, ...change }, now)).toBe(expected);
  });

  it('a listing whose To Period is this month is still open', () => {
    expect(isOpen({ ...other, to_period: '2026-05' }, now)).toBe(true);
    expect(isOpen({ ...other, to_period: '2026-04' }, now)).toBe(false);
  });
});

describe('who may manage a listing', () => {
  const listing = { company_id: 1, distillery_id: 10 };
  it.each<[string, { companyId: number | null; ids: number[] }, boolean]>([
    ['the negotiator of its distillery', { companyId: 1, ids: [10, 11] }, true],
    ['a negotiator of other distilleries', { companyId: 1, ids: [11] }, false],
    ['another company, same distillery id', { companyId: 2, ids: [10] }, false],
    ['no company', { companyId: null, ids: [10] }, false],
  ])('%s: %j', (_, a, expected) => {
    expect(mayManageListing({ companyId: a.companyId, negotiatedDistilleryIds: new Set(a.ids) }, listing)).toBe(
      expected,
    );
  });
});

describe('quantities', () => {
  it.each<[string, string, string, string | null, string | null]>([
    ['1000', '1000', '500', '500.0', null],
    ['1000', '600', '400', '0.0', null],
    ['1000', '600', '399.9', null, 'Quantity cannot be below the 400.0 litres already traded'],
    ['1000.5', '0.5', '1200', '200.0', null],
  ])('original %s, available %s, edited to %s', (original, available, wanted, left, error) => {
    const r = requantify({ original, available, wanted });
    if (error) expect(r).toEqual({ error });
    else expect('available' in r && (Number(r.available) / 10).toFixed(1)).toBe(left);
  });
});

describe('context checks', () => {
  const ctx = {
    distilleries: new Map([[3, { state: 'Maharashtra' }]]),
    products: new Set(['Molasses ENA']),
    states: new Set(['Maharashtra', 'Goa']),
    currentPeriod: '2026-05',
  };
  const form = {
    state: 'Maharashtra',
    distillery_id: 3,
    product: 'Molasses ENA',
    from_period: '2026-05',
    to_period: '2026-05',
  };
  it.each<[Partial<typeof form>, Record<string, string>]>([
    [{}, {}],
    [{ state: 'Atlantis' }, { state: 'Please select a valid state' }],
    [{ state: 'Goa' }, { state: 'The distillery is not in the chosen state' }],
    [{ distillery_id: 4 }, { distillery_id: 'You do not negotiate for this distillery' }],
    [{ product: 'Grape Spirit' }, { product: 'Please select a valid product' }],
    [
      { from_period: '2026-03', to_period: '2026-04' },
      { from_period: LISTING_MESSAGES.fromPeriodPast, to_period: 'To Period has already passed' },
    ],
    [{ to_period: '2028-05' }, {}],
    [{ to_period: '2028-06' }, { to_period: LISTING_MESSAGES.toPeriodTooFar }],
    [
      { from_period: '1900-01', to_period: '9999-12' },
      { from_period: LISTING_MESSAGES.fromPeriodPast, to_period: LISTING_MESSAGES.toPeriodTooFar },
    ],
  ])('%j → %j', (change, fields) => {
    expect(listingContextErrors({ ...form, ...change }, ctx)).toEqual(fields);
  });
  it('an edit may keep a From Period that has passed, but not move it into the past', () => {
    const edit = { ...form, from_period: '2026-01' };
    expect(listingContextErrors(edit, ctx, { from_period: '2026-01' })).toEqual({});
    expect(listingContextErrors(edit, ctx, { from_period: '2026-02' })).toEqual({
      from_period: LISTING_MESSAGES.fromPeriodPast,
    });
  });
});

describe('terms under a deal', () => {
  const before = {
    product: 'Molasses ENA',
    distillery_id: 3,
    state: 'Maharashtra',
    from_period: '2026-05',
    to_period: '2026-08',
  };
  it('names every changed term, and only those', () => {
    expect(changedTermErrors(before, { ...before })).toEqual({});
    expect(changedTermErrors(before, { ...before, product: 'Molasses RS', to_period: '2026-09' })).toEqual({
      product: LISTING_MESSAGES.termsUnderBids,
      to_period: LISTING_MESSAGES.termsUnderBids,
    });
    const moved = {
      product: 'Grain ENA',
      distillery_id: 4,
      state: 'Goa',
      from_period: '2026-06',
      to_period: '2026-07',
    };
    expect(Object.keys(changedTermErrors(before, moved)).sort()).toEqual(
      ['distillery_id', 'from_period', 'product', 'state', 'to_period'].sort(),
    );
  });
});

describe('period bounds', () => {
  it.each<[string, number, string]>([
    ['2026-05', 0, '2026-05'],
    ['2026-05', 24, '2028-05'],
    ['2026-11', 2, '2027-01'],
    ['2026-01', -1, '2025-12'],
    ['2026-12', 1, '2027-01'],
  ])('%s plus %i months is %s', (period, months, expected) => {
    expect(addMonths(period, months)).toBe(expected);
  });
  it.each<[string, string, string | undefined, Record<string, string>]>([
    ['2026-05', '2028-05', undefined, {}],
    ['2026-04', '2026-06', undefined, { from_period: LISTING_MESSAGES.fromPeriodPast }],
    ['2026-04', '2026-06', '2026-04', {}],
    ['2026-04', '2026-06', '2026-03', { from_period: LISTING_MESSAGES.fromPeriodPast }],
    ['2026-05', '2028-06', undefined, { to_period: LISTING_MESSAGES.toPeriodTooFar }],
    // Malformed months are the schema's to report.
    ['1900-1', '9999-13', undefined, {}],
  ])('from %s to %s (kept from %s) → %j', (from_period, to_period, keptFromPeriod, fields) => {
    expect(periodBoundErrors({ from_period, to_period }, { currentPeriod: '2026-05', keptFromPeriod })).toEqual(fields);
  });
});

describe('bulk rows', () => {
  it('maps the spreadsheet’s columns to the form and back', () => {
    expect(bulkRowToForm({ quantity: 5, price: 6, state: 'Goa' })).toEqual({
      offer_quantity: 5,
      offer_price: 6,
      state: 'Goa',
    });
    expect(columnOfField('offer_quantity')).toBe('quantity');
    expect(columnOfField('sales_tax')).toBe('sales_tax');
  });
  it('names a row error by row and column', () => {
    expect(bulkErrorKey(3, 'distillery_id')).toBe('3.distillery_id');
    expect(parseBulkErrorKey('3.distillery_id')).toEqual({ row: 3, column: 'distillery_id' });
    expect(parseBulkErrorKey('file')).toBeNull();
  });
});
