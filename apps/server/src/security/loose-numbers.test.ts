// Issue 7, item 5: ids and amounts read loosely acted on real rows (`{"company_id": true}` deleted company 1).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedApprovedCompany, seedSuperAdmin } from '../test/fixtures.js';
import { createHarness, type Harness } from '../test/harness.js';

let h: Harness;
let superToken: string;
let companyId: number;

beforeAll(async () => {
  h = await createHarness();
  superToken = await seedSuperAdmin(h);
  companyId = (await seedApprovedCompany(h, { superToken, type: 'Buyer' })).id;
});
afterAll(async () => h.close());

describe('ids', () => {
  // Each loose form names the real company (`true` was read as 1, the first company).
  it.each<[string, (id: number) => unknown]>([
    ['true', () => true],
    ['hex', (id) => `0x${id.toString(16)}`],
    ['padded', (id) => ` ${id} `],
    ['exponent', (id) => `${id}e0`],
    ['array', (id) => [id]],
    ['decimal string', (id) => `${id}.0`],
    ['signed', (id) => `+${id}`],
    // Found by the contract fuzz: beyond PostgreSQL's integer the query failed with 500.
    ['too large for an integer column', () => 2_147_483_648],
  ])('deleteCompany refuses a %s company_id', async (_, form) => {
    const loose = form(companyId);
    const res = await h.call('deleteCompany', { company_id: loose }, superToken);
    expect(res.statusCode).toBe(400);
    expect(res.body.fields).toHaveProperty('company_id');
    const details = await h.call<{ status: string }>('getCompanyDetails', { id: companyId }, superToken);
    expect(details.body.data.status).toBe('Approved');
  });

  it('still reads the digit strings the forms send', async () => {
    const res = await h.call<{ id: number }>('getCompanyDetails', { id: String(companyId) }, superToken);
    expect(res.statusCode).toBe(200);
    expect(res.body.data.id).toBe(companyId);
  });
});

describe('amounts', () => {
  const fee = { company_type: 'Buyer', commission_amount: '1.50', state_gst: '9', central_gst: '9' };

  it.each([
    ['central_gst', '0x10'],
    ['central_gst', '1e1'],
    ['state_gst', ' 9'],
    ['commission_amount', true],
    ['commission_amount', [2]],
  ])('createCommission refuses %s = %j and stores nothing', async (field, value) => {
    const before = await h.count('fee_rates');
    const res = await h.call('createCommission', { ...fee, [field]: value }, superToken);
    expect(res.statusCode).toBe(400);
    expect(res.body.fields).toHaveProperty(field);
    expect(await h.count('fee_rates')).toBe(before);
  });

  it('takes plain decimal strings and numbers', async () => {
    const res = await h.call('createCommission', { ...fee, central_gst: 9 }, superToken);
    expect(res.statusCode).toBe(200);
  });
});
