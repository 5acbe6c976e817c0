import { distilleryListResultSchema, distillerySchema } from '@spirit/domain/distilleries/distilleries.schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, expectError, seedApprovedCompany, seedSuperAdmin } from '../../test/fixtures.js';
import { createHarness, type Harness } from '../../test/harness.js';

let h: Harness;
let superToken: string;
let a: Awaited<ReturnType<typeof seedApprovedCompany>>;
let b: Awaited<ReturnType<typeof seedApprovedCompany>>;

const form = (overrides: Record<string, unknown> = {}) => ({
  name: 'Baramati Unit',
  address: 'MIDC Baramati',
  state: 'Maharashtra',
  license_number: 'mhd/11111/2026',
  gst_number: '',
  ...overrides,
});

beforeAll(async () => {
  h = await createHarness();
  superToken = await seedSuperAdmin(h);
  a = await seedApprovedCompany(h, { superToken });
  b = await seedApprovedCompany(h, { superToken, type: 'Buyer' });
});
afterAll(async () => h.close());

describe('distilleries', () => {
  it('creates, reads, lists and updates a distillery of the admin’s company, with audit entries', async () => {
    const created = await h.call(
      'createDistill',
      form({ gst_number: String(a.body.gst_number).toLowerCase() }),
      a.token,
    );
    expect(created.statusCode, JSON.stringify(created.body)).toBe(200);
    expect(created.body.message).toBe('Distillery created successfully');
    const d = distillerySchema.parse(created.body.data);
    expect(d).toMatchObject({ license_number: 'MHD/11111/2026', company: a.id, gst_number: a.body.gst_number });

    const read = await h.call<{ distillery: { id: number } }>('getDistillById', { id: d.id }, a.token);
    expect(read.body.data.distillery.id).toBe(d.id);

    await h.call('createDistill', form({ name: 'aurangabad unit', state: 'Maharashtra' }), a.token);
    await h.call('createDistill', form({ name: 'Zirakpur Unit', state: 'Punjab' }), a.token);
    const list = distilleryListResultSchema.parse(
      (await h.call('getAllDistill', { page: 1, page_size: 5 }, a.token)).body.data,
    );
    expect(list.records.map((r) => r.name)).toEqual(['aurangabad unit', 'Baramati Unit', 'Zirakpur Unit']);
    expect(list.totalRecords).toBe(3);
    const desc = await h.call<{ records: { name: string }[] }>('getAllDistill', { sort_order: 'desc' }, a.token);
    expect(desc.body.data.records.map((r) => r.name)).toEqual(['Zirakpur Unit', 'Baramati Unit', 'aurangabad unit']);
    const searched = await h.call<{ records: { name: string }[]; totalRecords: number }>(
      'getAllDistill',
      { item_search: 'punjab' },
      a.token,
    );
    expect(searched.body.data.records.map((r) => r.name)).toEqual(['Zirakpur Unit']);
    const paged = await h.call<{ records: unknown[]; totalRecords: number }>(
      'getAllDistill',
      { page: 2, page_size: 5 },
      a.token,
    );
    expect(paged.body.data).toEqual({ records: [], totalRecords: 3 });

    const updated = await h.call('updateDistill', { id: d.id, ...form({ name: 'Baramati Main' }) }, a.token);
    expect(updated.body.message).toBe('Distillery updated successfully');
    expect(await auditEntries(h, 'distillery.created', d.id)).toHaveLength(1);
    expect(await auditEntries(h, 'distillery.updated', d.id)).toHaveLength(1);
  });

  it.each([
    ['name', '', '*required'],
    ['address', '', '*required'],
    ['state', '', '*required'],
    ['state', 'Atlantis', 'Please select a valid state'],
    ['license_number', '', '*required'],
    ['license_number', 'AB/1/2', 'Invalid License number format'],
    ['gst_number', '27ABCDE1234F1Z', 'Invalid GST number format'],
    // A valid GSTIN of Goa (code 30) for a distillery in Maharashtra.
    ['gst_number', '30AAPFU0939F1Z8', 'This GST number is registered in Goa, not Maharashtra'],
  ])('refuses %s = %j with “%s” and adds nothing', async (field, value, message) => {
    const before = await h.count('distilleries');
    const res = await h.call('createDistill', form({ name: `Unit ${Math.random()}`, [field]: value }), a.token);
    expectError(res, 400);
    expect(res.body.fields?.[field]).toBe(message);
    expect(await h.count('distilleries')).toBe(before);
  });

  it('refuses a second distillery of the same name in a company', async () => {
    await h.call('createDistill', form({ name: 'Twin' }), a.token);
    expectError(await h.call('createDistill', form({ name: 'twin' }), a.token), 409, {
      fields: { name: 'A distillery with this name already exists' },
    });
    // Another company may use the name.
    expect((await h.call('createDistill', form({ name: 'Twin' }), b.token)).statusCode).toBe(200);
  });

  it('answers another company’s distillery as not found and changes nothing', async () => {
    const mine = await h.call<{ id: number }>('createDistill', form({ name: 'Private Unit' }), a.token);
    const id = mine.body.data.id;
    expectError(await h.call('getDistillById', { id }, b.token), 404, { error: 'Distillery not found' });
    expectError(await h.call('updateDistill', { id, ...form({ name: 'Stolen' }) }, b.token), 404);
    const again = await h.call<{ distillery: { name: string } }>('getDistillById', { id }, a.token);
    expect(again.body.data.distillery.name).toBe('Private Unit');
    const theirs = await h.call<{ records: { id: number }[] }>('getAllDistill', { page_size: 30 }, b.token);
    expect(theirs.body.data.records.map((r) => r.id)).not.toContain(id);
  });

  it('is for company admins', async () => {
    expectError(await h.call('getAllDistill', {}, superToken), 403);
    expectError(await h.call('createDistill', form(), undefined), 401);
  });
});
