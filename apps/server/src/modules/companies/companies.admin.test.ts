import { companyDetailsSchema, companyListResultSchema } from '@spirit/domain/companies/companies.admin.schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditEntries,
  companyRow,
  expectError,
  registerCompany,
  seedApprovedCompany,
  seedInvitedCompany,
  seedSuperAdmin,
  upload,
  PNG_BYTES,
} from '../../test/fixtures.js';
import { createHarness, type Harness } from '../../test/harness.js';

let h: Harness;
let superToken: string;
let seller: Awaited<ReturnType<typeof seedApprovedCompany>>;
let buyer: Awaited<ReturnType<typeof seedApprovedCompany>>;

beforeAll(async () => {
  h = await createHarness();
  superToken = await seedSuperAdmin(h);
  seller = await seedApprovedCompany(h, { superToken, type: 'Seller' });
  buyer = await seedApprovedCompany(h, { superToken, type: 'Buyer' });
});
afterAll(async () => h.close());

const editBody = (id: number, body: Record<string, unknown>, overrides: Record<string, unknown> = {}) => ({
  id,
  type: body.type,
  registered_name: body.registered_name,
  name: body.name,
  email: body.email,
  mobile_number: body.mobile_number,
  license_number: 'MHD/12345/2026',
  pan_no: body.pan_no,
  gst_number: body.gst_number,
  address: body.address,
  state: body.state,
  city: body.city,
  pin_code: body.pin_code,
  type_of_spirits: body.type_of_spirits,
  license: body.license,
  is_bid_confidential: false,
  ...overrides,
});

describe('getAllCompany', () => {
  it('lists approved companies of a type by name, paginated, with the envelope the contract declares', async () => {
    const res = await h.call(
      'getAllCompany',
      { page: 1, page_size: 5, search: { type: 'Seller', status: ['Approved'] } },
      superToken,
    );
    expect(res.statusCode).toBe(200);
    const data = companyListResultSchema.parse(res.body.data);
    expect(data.records.map((r) => r.id)).toContain(seller.id);
    expect(data.records.every((r) => r.type === 'Seller' && r.status === 'Approved')).toBe(true);
    expect(data.totalRecords).toBeGreaterThanOrEqual(1);
  });

  it('lists prospects oldest first and searches on the server', async () => {
    const pendingTotal = async () =>
      (
        await h.call<{ totalRecords: number }>(
          'getAllCompany',
          { page_size: 5, search: { status: ['Pending'] } },
          superToken,
        )
      ).body.data.totalRecords;
    // Enough prospects that a page of five is full: its total then comes from the kept figure, not the page.
    for (const n of [1, 2, 3, 4, 5]) await registerCompany(h, { name: `Filler Prospect ${n}` });
    const before = await pendingTotal();
    const first = await registerCompany(h, { name: 'Zeta Prospect' });
    const second = await registerCompany(h, { name: 'Alpha Prospect' });
    const res = await h.call<{ records: { id: number }[] }>(
      'getAllCompany',
      { page: 1, page_size: 30, sort_by: 'created_at', search: { status: ['Pending'] } },
      superToken,
    );
    const ids = res.body.data.records.map((r) => r.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    // The platform's total is kept for seconds, but a registration through this server shows at once.
    expect(await pendingTotal()).toBe(before + 2);
    const found = await h.call<{ records: { id: number }[]; totalRecords: number }>(
      'getAllCompany',
      { item_search: 'zeta prosp', search: { status: ['Pending'] } },
      superToken,
    );
    expect(found.body.data.records.map((r) => r.id)).toEqual([first.id]);
    // Newest first, over two statuses at once.
    const newest = await h.call<{ records: { id: number; status: string }[] }>(
      'getAllCompany',
      { page_size: 30, sort_by: 'created_at', sort_order: 'desc', search: { status: ['Pending', 'Approved'] } },
      superToken,
    );
    const newestIds = newest.body.data.records.map((r) => r.id);
    expect(newestIds.indexOf(second.id)).toBeLessThan(newestIds.indexOf(first.id));
    expect(newestIds).toContain(seller.id);
    expect(new Set(newest.body.data.records.map((r) => r.status))).toEqual(new Set(['Pending', 'Approved']));
  });

  it('searches each searched column case-insensitively, never across two, and sees an edit at once', async () => {
    const company = await registerCompany(h, { name: 'Kaveri Spirits', registered_name: 'Kaveri Spirits Pvt Ltd' });
    const b = company.body;
    const search = async (term: string) =>
      (
        await h.call<{ records: { id: number }[] }>(
          'getAllCompany',
          { page_size: 30, item_search: term, search: { status: ['Pending'] } },
          superToken,
        )
      ).body.data.records.map((r) => r.id);
    for (const term of [
      'kaveri',
      'SPIRITS PVT',
      b.email.toUpperCase(),
      b.gst_number.toLowerCase(),
      b.pan_no.slice(2, 8),
    ])
      expect(await search(term), term).toEqual([company.id]);
    // The end of the name and the start of the registered name are two columns, not one text.
    expect(await search('spirits kaveri')).toEqual([]);
    expect(await search('spirits\u001fkaveri')).toEqual([]);
    // The answer carries the list's columns, not the stored search text.
    const page = await h.call<{ records: Record<string, unknown>[] }>(
      'getAllCompany',
      { item_search: 'kaveri', search: { status: ['Pending'] } },
      superToken,
    );
    expect(page.body.data.records[0]).not.toHaveProperty('search_text');
    const details = await h.call<Record<string, unknown>>('getCompanyDetails', { id: company.id }, superToken);
    expect(details.body.data).not.toHaveProperty('search_text');
    // The stored text follows an edit of the name.
    const edited = await h.call(
      'updateCompany',
      editBody(company.id, company.body, { name: 'Godavari Spirits', registered_name: 'Godavari Spirits Pvt Ltd' }),
      superToken,
    );
    expect(edited.statusCode, JSON.stringify(edited.body)).toBe(200);
    expect(await search('kaveri')).toEqual([]);
    expect(await search('godavari')).toEqual([company.id]);
  });

  it('sorts names both ways, case-insensitively', async () => {
    const asc = await h.call<{ records: { name: string }[] }>(
      'getAllCompany',
      { page_size: 30, sort_order: 'asc' },
      superToken,
    );
    const names = asc.body.data.records.map((r) => r.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const desc = await h.call<{ records: { name: string }[] }>(
      'getAllCompany',
      { page_size: 30, sort_order: 'desc' },
      superToken,
    );
    expect(desc.body.data.records.map((r) => r.name.toLowerCase())).toEqual([...names].reverse());
  });

  it('marks approved companies whose admin has not set a password', async () => {
    const invited = await seedInvitedCompany(h, { superToken });
    const res = await h.call<{ records: { id: number; admin_pending: boolean }[] }>(
      'getAllCompany',
      { page_size: 30, search: { status: ['Approved'] } },
      superToken,
    );
    const byId = new Map(res.body.data.records.map((r) => [r.id, r.admin_pending]));
    expect(byId.get(invited.id)).toBe(true);
    expect(byId.get(seller.id)).toBe(false);
  });

  it('refuses a page size the lists do not offer', async () => {
    expectError(await h.call('getAllCompany', { page_size: 7 }, superToken), 400);
  });

  it('is for the SuperAdmin only', async () => {
    expectError(await h.call('getAllCompany', {}, seller.token), 403);
    expectError(await h.call('getAllCompany', {}), 401);
  });
});

describe('getCompanyDetails', () => {
  it('shows the SuperAdmin any company with its PAN card reference and spirits', async () => {
    const res = await h.call('getCompanyDetails', { id: seller.id }, superToken);
    expect(res.statusCode).toBe(200);
    const data = companyDetailsSchema.parse(res.body.data);
    expect(data.license).toMatch(/^\/api\/getFile\?id=/);
    expect(data.type_of_spirits).toEqual(['Molasses ENA', 'Grain ENA']);
    expect(data.company_spirits).toHaveLength(2);
  });

  it('shows a company user their own company, also without an id', async () => {
    const own = await h.call<{ id: number }>('getCompanyDetails', {}, seller.token);
    expect(own.body.data.id).toBe(seller.id);
    const byId = await h.call<{ id: number }>('getCompanyDetails', { id: seller.id }, seller.token);
    expect(byId.body.data.id).toBe(seller.id);
  });

  it('answers another company’s details as not found', async () => {
    expectError(await h.call('getCompanyDetails', { id: buyer.id }, seller.token), 404, { error: 'Company not found' });
    expectError(await h.call('getCompanyDetails', { id: 999_999 }, superToken), 404);
  });
});

describe('updateCompany', () => {
  it('edits every field, replaces the spirits, keeps the admin’s email in step and audits', async () => {
    const target = await seedApprovedCompany(h, { superToken });
    const newEmail = `renamed-${target.id}@distillery.example`;
    const res = await h.call(
      'updateCompany',
      editBody(target.id, target.body, {
        name: 'Renamed Distillery',
        email: newEmail,
        type_of_spirits: ['Rum Spirit'],
        is_bid_confidential: true,
        license_number: 'abc/12345/6789',
      }),
      superToken,
    );
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Company updated successfully');
    const details = await h.call<{
      name: string;
      email: string;
      type_of_spirits: string[];
      is_bid_confidential: boolean;
      license_number: string;
    }>('getCompanyDetails', { id: target.id }, superToken);
    expect(details.body.data).toMatchObject({
      name: 'Renamed Distillery',
      email: newEmail,
      type_of_spirits: ['Rum Spirit'],
      is_bid_confidential: true,
      license_number: 'ABC/12345/6789',
    });
    await expect(h.login(newEmail, target.password)).resolves.toBeTruthy();
    // The entry holds exactly the fields that changed, each as it was and as it is now.
    const [entry] = await auditEntries(h, 'company.updated', target.id);
    expect(entry).toMatchObject({
      before: {
        name: target.body.name,
        email: target.email,
        type_of_spirits: ['Molasses ENA', 'Grain ENA'],
        is_bid_confidential: false,
        license_number: '',
      },
      after: {
        name: 'Renamed Distillery',
        email: newEmail,
        type_of_spirits: ['Rum Spirit'],
        is_bid_confidential: true,
        license_number: 'ABC/12345/6789',
      },
    });
    expect(Object.keys(entry!.before as object).sort()).toEqual(
      ['email', 'is_bid_confidential', 'license_number', 'name', 'type_of_spirits'].sort(),
    );
    expect(Object.keys(entry!.after as object).sort()).toEqual(Object.keys(entry!.before as object).sort());
  });

  it('takes a new PAN card upload and refuses an unknown one', async () => {
    const fresh = await upload(h, { name: 'pan.png', type: 'image/png', bytes: PNG_BYTES });
    const ok = await h.call(
      'updateCompany',
      editBody(seller.id, seller.body, { license: fresh.body.data.file_url }),
      superToken,
    );
    expect(ok.statusCode).toBe(200);
    const bad = await h.call(
      'updateCompany',
      editBody(seller.id, seller.body, { license: '/api/getFile?id=00000000-0000-4000-8000-000000000000' }),
      superToken,
    );
    expectError(bad, 400, { fields: { license: 'The uploaded PAN card was not found. Please upload it again.' } });
  });

  it.each([
    ['license_number', 'AB/123/45', 'Invalid License number format'],
    ['license_number', '', '*required'],
    ['name', '', '*required'],
    ['email', 'not-an-email', 'Invalid email format'],
    ['mobile_number', '0123456789', 'Invalid mobile format'],
    ['pan_no', 'ABCDE1234', 'Invalid PAN number format'],
    ['gst_number', '27ABCDE1234F1Y0', 'Invalid GST number format'],
    ['type_of_spirits', [], '*required'],
  ])('refuses %s = %j with “%s” and changes nothing', async (field, value, message) => {
    const before = await companyRow(h, seller.id);
    const res = await h.call('updateCompany', editBody(seller.id, seller.body, { [field]: value }), superToken);
    expectError(res, 400);
    expect(res.body.fields?.[field]).toBe(message);
    expect(await companyRow(h, seller.id)).toEqual(before);
  });

  it('refuses a GSTIN of another state than the State chosen, naming the expected state', async () => {
    const before = await companyRow(h, seller.id);
    const res = await h.call(
      'updateCompany',
      editBody(seller.id, seller.body, { state: 'Goa', city: 'Panaji' }),
      superToken,
    );
    expectError(res, 400, { fields: { gst_number: 'This GST number is registered in Maharashtra, not Goa' } });
    expect(await companyRow(h, seller.id)).toEqual(before);
  });

  it('refuses a GSTIN with a wrong check character', async () => {
    const gst = String(seller.body.gst_number);
    const wrong = gst.slice(0, 14) + (gst.endsWith('A') ? 'B' : 'A');
    const res = await h.call('updateCompany', editBody(seller.id, seller.body, { gst_number: wrong }), superToken);
    expectError(res, 400, { fields: { gst_number: 'Invalid GST number format' } });
  });

  it('refuses another live company’s email or PAN', async () => {
    expectError(
      await h.call('updateCompany', editBody(seller.id, seller.body, { email: buyer.email }), superToken),
      409,
      {
        code: 'company.email_in_use',
      },
    );
  });

  it('is for the SuperAdmin only', async () => {
    expectError(await h.call('updateCompany', editBody(seller.id, seller.body), seller.token), 403);
  });
});

describe('deleteCompany and undeleteCompany', () => {
  it('deletes softly, signs the company’s users out, mails the admin, and restores the previous status', async () => {
    const target = await seedApprovedCompany(h, { superToken });
    const del = await h.call('deleteCompany', { company_id: target.id }, superToken);
    expect(del.statusCode).toBe(200);
    expect(del.body.message).toBe('Company deleted successfully');
    expect((await companyRow(h, target.id))?.status).toBe('Deleted');
    expectError(await h.call('refreshUser', {}, target.token), 401, { error: 'Invalid token' });
    expect((await h.mailsTo(target.email)).some((m) => m.kind === 'company_deleted')).toBe(true);
    const listed = await h.call<{ records: { id: number }[] }>(
      'getAllCompany',
      { page_size: 30, search: { status: ['Rejected', 'Deleted'] } },
      superToken,
    );
    expect(listed.body.data.records.map((r) => r.id)).toContain(target.id);

    expectError(await h.call('deleteCompany', { company_id: target.id }, superToken), 400, {
      error: 'This company is already deleted',
    });

    const restored = await h.call('undeleteCompany', { company_id: target.id }, superToken);
    expect(restored.body.message).toBe('Company restored successfully');
    expect((await companyRow(h, target.id))?.status).toBe('Approved');
    await expect(h.login(target.email, target.password)).resolves.toBeTruthy();
    expect(await auditEntries(h, 'company.deleted', target.id)).toHaveLength(1);
    expect(await auditEntries(h, 'company.restored', target.id)).toHaveLength(1);
  });

  it('restores only deleted companies and only for the SuperAdmin', async () => {
    expectError(await h.call('undeleteCompany', { company_id: seller.id }, superToken), 400, {
      error: 'Only a deleted company can be restored',
    });
    expectError(await h.call('deleteCompany', { company_id: seller.id }, buyer.token), 403);
    expect((await companyRow(h, seller.id))?.status).toBe('Approved');
  });
});

describe('sendCompanyCreationNotification', () => {
  it('resends the set-password link to an approved company’s admin, voiding the old link', async () => {
    const invited = await seedInvitedCompany(h, { superToken });
    const res = await h.call('sendCompanyCreationNotification', { company_id: invited.id }, superToken);
    expect(res.body.message).toBe('A new set-password link was sent to the company admin');
    const old = await h.call('verifyToken', { token: invited.invitation });
    expectError(old, 410, { error: 'Link got deactivated' });
    const invitations = (await h.mailsTo(invited.email)).filter((m) => m.kind === 'invitation');
    expect(invitations).toHaveLength(2);
  });

  it('notifies a prospect and refuses an admin who already set a password', async () => {
    const prospect = await registerCompany(h);
    const res = await h.call('sendCompanyCreationNotification', { company_id: prospect.id }, superToken);
    expect(res.statusCode).toBe(200);
    expect((await h.mailsTo(prospect.email)).filter((m) => m.kind === 'registration_received')).toHaveLength(2);
    expectError(await h.call('sendCompanyCreationNotification', { company_id: seller.id }, superToken), 400, {
      error: 'The company admin has already set a password',
    });
  });
});

describe('getAllCompanyName', () => {
  it('lists approved companies of the type', async () => {
    const res = await h.call<{ id: number; name: string }[]>(
      'getAllCompanyName',
      { company_type: 'Buyer' },
      superToken,
    );
    expect(res.body.data.map((c) => c.id)).toContain(buyer.id);
    expect(res.body.data.map((c) => c.id)).not.toContain(seller.id);
    expectError(await h.call('getAllCompanyName', { company_type: 'Trader' }, superToken), 400, {
      fields: { company_type: '*required' },
    });
  });
});
