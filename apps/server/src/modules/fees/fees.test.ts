import { FEE_MESSAGES, feeListResultSchema, feeSchema, type Fee } from '@spirit/domain/fees/fees.schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditEntries,
  expectError,
  registerCompany,
  seedApprovedCompany,
  seedSuperAdmin,
} from '../../test/fixtures.js';
import { seedUser } from '../../test/team-fixtures.js';
import { createHarness, type Harness } from '../../test/harness.js';
import { applicableRate } from './fees.service.js';
import { feeRates } from './fees.table.js';

let h: Harness;
let superToken: string;
let seller: Awaited<ReturnType<typeof seedApprovedCompany>>;
let buyer: Awaited<ReturnType<typeof seedApprovedCompany>>;

beforeAll(async () => {
  h = await createHarness();
  superToken = await seedSuperAdmin(h);
  seller = await seedApprovedCompany(h, { superToken });
  buyer = await seedApprovedCompany(h, { superToken, type: 'Buyer' });
});
afterAll(async () => h.close());

const nameOf = (c: { body: { name: string } }) => c.body.name;
const stored = async () => h.db.select().from(feeRates).orderBy(feeRates.id);
const feeBody = (overrides: Record<string, unknown> = {}) => ({
  company_type: 'Seller',
  company_id: null,
  product: null,
  commission_amount: 1.5,
  state_gst: 9,
  central_gst: 9,
  ...overrides,
});
async function create(overrides: Record<string, unknown> = {}): Promise<Fee> {
  const res = await h.call('createCommission', feeBody(overrides), superToken);
  if (res.statusCode !== 200) throw new Error(`createCommission failed: ${JSON.stringify(res.body)}`);
  return feeSchema.parse(res.body.data);
}
/** Only the SuperAdmin keeps rates: anonymous 401, a company Admin 403; nothing changes. */
async function expectSuperAdminOnly(method: string, body: Record<string, unknown>) {
  const before = await stored();
  const audit = await h.count('audit_log');
  expectError(await h.call(method, body), 401, { error: 'Invalid token' });
  expectError(await h.call(method, body, seller.token), 403, { code: 'auth.forbidden' });
  expect(await stored()).toEqual(before);
  expect(await h.count('audit_log')).toBe(audit);
}

describe('getAllCommission', () => {
  let rates: Record<string, Fee>;
  beforeAll(async () => {
    rates = {};
    rates.sellerDefault = await create({ commission_amount: 1 });
    h.clock.offsetMs += 1000;
    rates.buyerDefault = await create({ company_type: 'Buyer', commission_amount: 2 });
    h.clock.offsetMs += 1000;
    rates.sellerOverride = await create({ company_id: seller.id, product: 'Molasses ENA', commission_amount: 0.75 });
    h.clock.offsetMs += 1000;
    rates.buyerProduct = await create({ company_type: 'Buyer', product: 'Grain ENA', commission_amount: 1.25 });
  });

  const list = async (body: Record<string, unknown>) => {
    const res = await h.call('getAllCommission', body, superToken);
    expect(res.statusCode).toBe(200);
    return feeListResultSchema.parse(res.body.data);
  };

  it('lists rates most recently changed first, with company names and amounts as decimal strings', async () => {
    const page = await list({});
    expect(page.totalRecords).toBe(4);
    expect(page.records.map((r) => r.id)).toEqual(
      [rates.buyerProduct, rates.sellerOverride, rates.buyerDefault, rates.sellerDefault].map((r) => r!.id),
    );
    expect(page.records[1]).toEqual({
      id: rates.sellerOverride!.id,
      company_type: 'Seller',
      company_id: seller.id,
      company_name: nameOf(seller),
      product: 'Molasses ENA',
      commission_amount: '0.75',
      state_gst: '9.00',
      central_gst: '9.00',
      modified_on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    expect(page.records[3]).toMatchObject({ company_id: null, company_name: null, product: null });
  });

  it.each([
    ['a company name', () => nameOf(seller).toUpperCase(), ['sellerOverride']],
    ['a product', () => 'grain', ['buyerProduct']],
    ['a company type', () => 'buyer', ['buyerProduct', 'buyerDefault']],
    ['nothing', () => 'zzz', []],
  ])('searches by %s', async (_case, term, keys) => {
    const page = await list({ item_search: term() });
    expect(page.records.map((r) => r.id)).toEqual(keys.map((k) => rates[k]!.id));
    expect(page.totalRecords).toBe(keys.length);
  });

  it('pages', async () => {
    const second = await list({ page: 2, page_size: 5 });
    expect(second).toEqual({ records: [], totalRecords: 4 });
    expect(await list({ item_search: 'buyer', page: 2, page_size: 5 })).toEqual({ records: [], totalRecords: 2 });
    expectError(await h.call('getAllCommission', { page_size: 3 }, superToken), 400, {
      fields: { page_size: 'Page size must be 5, 10, 20 or 30' },
    });
  });

  it('is for the SuperAdmin only', async () => {
    await expectSuperAdminOnly('getAllCommission', {});
  });
});

describe('createCommission', () => {
  it('adds a company + product rate and audits it', async () => {
    const res = await h.call(
      'createCommission',
      feeBody({
        company_type: 'Buyer',
        company_id: buyer.id,
        product: 'Malt Spirit',
        commission_amount: '2.35',
        state_gst: '2.5',
        central_gst: 2.5,
      }),
      superToken,
    );
    expect(res.body).toMatchObject({ status: 'OK', statusCode: 200, message: FEE_MESSAGES.created });
    const fee = feeSchema.parse(res.body.data);
    expect(fee).toMatchObject({
      company_type: 'Buyer',
      company_id: buyer.id,
      company_name: nameOf(buyer),
      product: 'Malt Spirit',
      commission_amount: '2.35',
      state_gst: '2.50',
      central_gst: '2.50',
    });
    expect(await auditEntries(h, 'fee.created', fee.id)).toEqual([
      expect.objectContaining({
        company_id: buyer.id,
        after: expect.objectContaining({ company_type: 'Buyer', product: 'Malt Spirit', commission_amount: '2.35' }),
      }),
    ]);
  });

  it('stores an empty product as “every product”', async () => {
    const fee = await create({ company_id: seller.id, product: '' });
    expect(fee).toMatchObject({ product: null, company_id: seller.id });
  });

  it('refuses a second rate for the same type, company and product with 409 and adds nothing', async () => {
    await create({ company_id: seller.id, product: 'Grain ENA' });
    const before = await stored();
    for (const scope of [
      { company_type: 'Seller' }, // the type-wide rate of the list above
      { company_type: 'Seller', product: '' },
      { company_type: 'Seller', company_id: seller.id, product: 'Grain ENA' },
    ]) {
      expectError(await h.call('createCommission', feeBody({ ...scope, commission_amount: 9 }), superToken), 409, {
        error: FEE_MESSAGES.duplicate,
        code: 'fee.duplicate',
      });
    }
    expect(await stored()).toEqual(before);
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['no company type', { company_type: undefined }, { company_type: '*required' }],
    ['an unknown company type', { company_type: 'Trader' }, { company_type: '*required' }],
    ['no commission amount', { commission_amount: undefined }, { commission_amount: '*required' }],
    ['a negative amount', { commission_amount: -1 }, { commission_amount: 'Must not be negative' }],
    ['an amount below a paisa', { commission_amount: 1.234 }, { commission_amount: 'Use steps of 0.01' }],
    ['no state GST', { state_gst: undefined }, { state_gst: '*required' }],
    ['a GST above 100', { central_gst: 101 }, { central_gst: 'Must be at most 100' }],
    ['an unknown product', { product: 'Vodka' }, { product: FEE_MESSAGES.unknownProduct }],
    ['an unknown company', { company_id: 999_999 }, { company_id: FEE_MESSAGES.companyType }],
  ])('refuses %s with the message in fields and adds nothing', async (_case, override, fields) => {
    const before = await stored();
    expectError(await h.call('createCommission', feeBody({ product: 'Rum Spirit', ...override }), superToken), 400, {
      fields,
    });
    expect(await stored()).toEqual(before);
  });

  it('refuses a company of the other type, and one that is not Approved', async () => {
    const pending = await registerCompany(h);
    const before = await stored();
    for (const company_id of [buyer.id, pending.id]) {
      expectError(await h.call('createCommission', feeBody({ company_id }), superToken), 400, {
        fields: { company_id: FEE_MESSAGES.companyType },
      });
    }
    expect(await stored()).toEqual(before);
  });

  it('is for the SuperAdmin only', async () => {
    await expectSuperAdminOnly('createCommission', feeBody({ product: 'Molasses' }));
  });
});

describe('getCommissionbyId and updateCommission', () => {
  it('answers one rate; an unknown id is 404', async () => {
    const fee = await create({ company_type: 'Buyer', product: 'Rum Spirit' });
    const res = await h.call('getCommissionbyId', { id: fee.id }, superToken);
    expect(feeSchema.parse(res.body.data)).toEqual(fee);
    expectError(await h.call('getCommissionbyId', { id: 999_999 }, superToken), 404, { error: FEE_MESSAGES.notFound });
    await expectSuperAdminOnly('getCommissionbyId', { id: fee.id });
  });

  it('changes a rate, moves modified on, and audits before and after', async () => {
    const fee = await create({ company_type: 'Buyer', company_id: buyer.id, product: 'Grape Spirit' });
    h.clock.offsetMs += 60_000;
    const res = await h.call(
      'updateCommission',
      feeBody({
        id: fee.id,
        company_type: 'Buyer',
        company_id: buyer.id,
        product: 'Grape Spirit',
        commission_amount: 3.1,
        state_gst: 6,
      }),
      superToken,
    );
    expect(res.body).toMatchObject({ status: 'OK', message: FEE_MESSAGES.updated });
    const after = feeSchema.parse(res.body.data);
    expect(after).toMatchObject({ id: fee.id, commission_amount: '3.10', state_gst: '6.00', central_gst: '9.00' });
    expect(Date.parse(after.modified_on) - Date.parse(fee.modified_on)).toBeGreaterThanOrEqual(60_000);
    expect(await auditEntries(h, 'fee.updated', fee.id)).toEqual([
      expect.objectContaining({
        before: expect.objectContaining({ commission_amount: '1.50', state_gst: '9.00' }),
        after: expect.objectContaining({ commission_amount: '3.10', state_gst: '6.00' }),
      }),
    ]);
  });

  it('keeps its own scope, but refuses another rate’s scope with 409 and changes nothing', async () => {
    const a = await create({ company_id: seller.id, product: 'Malt Spirit' });
    const b = await create({ company_id: seller.id, product: 'Rum Spirit' });
    expect(
      (
        await h.call(
          'updateCommission',
          feeBody({ id: a.id, company_id: seller.id, product: 'Malt Spirit', commission_amount: 4 }),
          superToken,
        )
      ).statusCode,
    ).toBe(200);
    const before = await stored();
    expectError(
      await h.call(
        'updateCommission',
        feeBody({ id: b.id, company_id: seller.id, product: 'Malt Spirit' }),
        superToken,
      ),
      409,
      { error: FEE_MESSAGES.duplicate },
    );
    expect(await stored()).toEqual(before);
  });

  it('refuses bad input and an unknown id, changing nothing', async () => {
    const fee = await create({ company_id: seller.id, product: 'Molasses RS' });
    const before = await stored();
    expectError(await h.call('updateCommission', feeBody({ id: fee.id, product: 'Gin' }), superToken), 400, {
      fields: { product: FEE_MESSAGES.unknownProduct },
    });
    expectError(
      await h.call(
        'updateCommission',
        feeBody({ id: fee.id, company_type: 'Buyer', company_id: seller.id }),
        superToken,
      ),
      400,
      { fields: { company_id: FEE_MESSAGES.companyType } },
    );
    expectError(await h.call('updateCommission', feeBody({ id: 999_999 }), superToken), 404, {
      error: FEE_MESSAGES.notFound,
    });
    expect(await stored()).toEqual(before);
    await expectSuperAdminOnly(
      'updateCommission',
      feeBody({ id: fee.id, company_id: seller.id, product: 'Molasses RS' }),
    );
  });
});

describe('applicableRate', () => {
  it('takes the most specific rate of the company’s type', async () => {
    const other = await seedApprovedCompany(h, { superToken });
    const company = await create({ company_id: other.id, commission_amount: 0.5 });
    const companyProduct = await create({ company_id: other.id, product: 'Grain ENA', commission_amount: 0.25 });
    const rate = (product: string, companyId = other.id) =>
      applicableRate(h.deps, { companyType: 'Seller', companyId, product });
    expect((await rate('Grain ENA'))!.id).toBe(companyProduct.id);
    expect((await rate('Molasses'))!.id).toBe(company.id);
    const typeWide = (await stored()).find(
      (r) => r.company_type === 'Seller' && r.company_id === null && r.product === null,
    )!;
    expect((await rate('Molasses', seller.id + 100_000))!.id).toBe(typeWide.id);
    await h.db.delete(feeRates).where(eq(feeRates.company_type, 'Buyer'));
    expect(
      await applicableRate(h.deps, { companyType: 'Buyer', companyId: buyer.id, product: 'Grain ENA' }),
    ).toBeNull();
  });

  it('is not a call: company users cannot read rates, not even without the Admin role', async () => {
    const staff = await seedUser(h, { adminToken: seller.token });
    expectError(await h.call('getAllCommission', {}, staff.token), 403, {});
  });
});
