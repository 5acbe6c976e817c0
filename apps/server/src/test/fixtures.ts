// Seeders that go through the API the way a visitor, the SuperAdmin and a company admin would.
import { VALIDITY_HOURS } from '@spirit/domain/bids/bids.constants';
import { gstCheckCharacter } from '@spirit/domain/common/validators';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { auditLog } from '../modules/audit/audit.table.js';
import { bids } from '../modules/bids/bids.table.js';
import { companies } from '../modules/companies/companies.table.js';
import { users } from '../modules/users/users.table.js';
import { seed } from '../seed/index.js';
import { SUPER_ADMIN, invitationToken, otpCode, type Harness, type Reply } from './harness.js';

export const PDF_BYTES = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A whole 1×1 baseline JPEG built by hand: quantisation table of ones, a frame, one-code Huffman tables (DC category
 * 0, AC end-of-block), a scan whose two code bits `00` are padded with ones, and EOI.
 */
export const JPEG_BYTES = Buffer.from([
  ...[0xff, 0xd8],
  ...[0xff, 0xdb, 0x00, 0x43, 0x00, ...Array<number>(64).fill(1)],
  ...[0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x01, 0x00, 0x01, 0x01, 0x01, 0x11, 0x00],
  ...[0xff, 0xc4, 0x00, 0x14, 0x00, 0x01, ...Array<number>(15).fill(0), 0x00],
  ...[0xff, 0xc4, 0x00, 0x14, 0x10, 0x01, ...Array<number>(15).fill(0), 0x00],
  ...[0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00],
  0x3f,
  ...[0xff, 0xd9],
]);

export function multipart(
  field: string,
  filename: string,
  contentType: string,
  bytes: Buffer,
  fields: Record<string, string> = {},
) {
  const boundary = `----sx${Math.random().toString(16).slice(2)}`;
  const texts = Object.entries(fields)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('');
  const head = Buffer.from(
    `${texts}--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function upload(
  h: Harness,
  file: { name?: string; type?: string; bytes?: Buffer; field?: string; purpose?: string; token?: string | null } = {},
): Promise<Reply<{ file_url: string; id: string }>> {
  const body = multipart(
    file.field ?? 'file',
    file.name ?? 'pan.pdf',
    file.type ?? 'application/pdf',
    file.bytes ?? PDF_BYTES,
    file.purpose ? { purpose: file.purpose } : {},
  );
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/uploadFile',
    headers: { 'content-type': body.contentType, ...(file.token ? { authorization: `Bearer ${file.token}` } : {}) },
    payload: body.payload,
  });
  return { statusCode: res.statusCode, headers: res.headers, body: res.json() };
}

let serial = 0;

/** A unique, valid PAN and a GSTIN that embeds it (Maharashtra). */
export function panAndGst() {
  serial += 1;
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  const n = serial + Math.floor(Math.random() * 1000) * 100;
  const pan = `AA${letters[n % 24]}C${letters[Math.floor(n / 24) % 24]}${String(n % 10000).padStart(4, '0')}K`;
  const first14 = `27${pan}1Z`;
  return { pan_no: pan, gst_number: first14 + gstCheckCharacter(first14) };
}

export async function registrationBody(h: Harness, overrides: Record<string, unknown> = {}) {
  const uploaded = await upload(h);
  const ids = panAndGst();
  serial += 1;
  return {
    type: 'Seller',
    registered_name: `Test Distillery ${serial} Pvt Ltd`,
    name: `Test Distillery ${serial}`,
    email: `admin${serial}-${Math.random().toString(36).slice(2, 7)}@distillery.example`,
    mobile_number: '9876543210',
    ...ids,
    address: '12 Industrial Estate',
    state: 'Maharashtra',
    city: 'Pune',
    pin_code: '411001',
    type_of_spirits: ['Molasses ENA', 'Grain ENA'],
    license: uploaded.body.data.file_url,
    captcha: await h.captcha(),
    ...overrides,
  };
}

export async function seedSuperAdmin(h: Harness): Promise<string> {
  await seed(h.deps);
  return h.login(SUPER_ADMIN.email, SUPER_ADMIN.password);
}

/** A registered, approved company whose admin has set a password and signed in. */
export async function seedApprovedCompany(
  h: Harness,
  opts: { superToken: string; type?: 'Seller' | 'Buyer'; password?: string },
) {
  const body = await registrationBody(h, { type: opts.type ?? 'Seller' });
  const created = await h.call<{ id: number }>('createCompany', body);
  if (created.statusCode !== 200) throw new Error(`createCompany failed: ${JSON.stringify(created.body)}`);
  const id = created.body.data.id;
  const approved = await h.call('updateCompanyStatus', { id, status: 'Approved' }, opts.superToken);
  if (approved.statusCode !== 200) throw new Error(`approve failed: ${JSON.stringify(approved.body)}`);
  const token = await invitationToken(h, body.email);
  const password = opts.password ?? 'Admin@Pass1';
  const setup = await h.call('updateUser', {
    token,
    password,
    confirm_password: password,
    is_company_registration: true,
    captcha: await h.captcha(),
  });
  if (setup.statusCode !== 200) throw new Error(`setup failed: ${JSON.stringify(setup.body)}`);
  const adminToken = await h.login(body.email, password);
  return { id, email: body.email as string, password, token: adminToken, body };
}

/** Registers a company through the API; throws unless it succeeds. */
export async function registerCompany(h: Harness, overrides: Record<string, unknown> = {}) {
  const body = await registrationBody(h, overrides);
  const res = await h.call<{ id: number }>('createCompany', body);
  if (res.statusCode !== 200) throw new Error(`createCompany failed: ${JSON.stringify(res.body)}`);
  return { id: res.body.data.id, email: body.email as string, body };
}

/** A registered and approved company whose admin has not yet used the invitation. */
export async function seedInvitedCompany(h: Harness, opts: { superToken: string; type?: 'Seller' | 'Buyer' }) {
  const company = await registerCompany(h, { type: opts.type ?? 'Seller' });
  const approved = await h.call('updateCompanyStatus', { id: company.id, status: 'Approved' }, opts.superToken);
  if (approved.statusCode !== 200) throw new Error(`approve failed: ${JSON.stringify(approved.body)}`);
  return { ...company, invitation: await invitationToken(h, company.email) };
}

export async function userRow(h: Harness, email: string) {
  const rows = await h.db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return rows[0] ?? null;
}

export async function companyRow(h: Harness, id: number) {
  return (await h.db.select().from(companies).where(eq(companies.id, id)))[0] ?? null;
}

/** Arranges a company status directly (transitions beyond review belong to a later module). */
export async function setCompanyStatus(
  h: Harness,
  id: number,
  status: 'Pending' | 'Approved' | 'Rejected' | 'Deleted',
) {
  await h.db.update(companies).set({ status }).where(eq(companies.id, id));
}

/** Audit entries of one action, optionally about one object. */
export async function auditEntries(h: Harness, action: string, objectId?: number | string) {
  return h.db
    .select()
    .from(auditLog)
    .where(
      objectId === undefined
        ? eq(auditLog.action, action)
        : sql`${auditLog.action} = ${action} and ${auditLog.object_id} = ${String(objectId)}`,
    )
    .orderBy(auditLog.id);
}

/** Asserts the error envelope: HTTP status equals statusCode, and the given error, code and fields. */
export function expectError(
  res: Reply,
  statusCode: number,
  expected: { error?: string; code?: string; fields?: Record<string, string> } = {},
) {
  expect({ http: res.statusCode, status: res.body.status, statusCode: res.body.statusCode }).toEqual({
    http: statusCode,
    status: 'ERROR',
    statusCode,
  });
  if (expected.error !== undefined) expect(res.body.error).toBe(expected.error);
  if (expected.code !== undefined) expect(res.body.code).toBe(expected.code);
  if (expected.fields !== undefined) expect(res.body.fields).toEqual(expected.fields);
}

/** A six-digit code that is surely not `code`. */
export function otherCode(code: string): string {
  return code.replace(/[0-9]/g, (d) => String((Number(d) + 1) % 10));
}

// --- Users, distilleries and mappings (company Admin) ---------------------------------------------------------

export const USER_PASSWORD = 'User@Pass1';

/** An Add User body with a unique email. */
export function userBody(overrides: Record<string, unknown> = {}) {
  serial += 1;
  return {
    email: `user${serial}-${Math.random().toString(36).slice(2, 7)}@staff.example`,
    name: `Staff Member ${serial}`,
    mobile_number: '9123456780',
    ...overrides,
  };
}

/**
 * A user added through Add User by the company's Admin. With `activate` (the default) the user sets a password
 * from the invitation mail and signs in; `token` is then their session.
 */
export async function seedUser(
  h: Harness,
  opts: { adminToken: string; activate?: boolean; overrides?: Record<string, unknown> },
) {
  const body = userBody(opts.overrides);
  const res = await h.call('createUser', body, opts.adminToken);
  if (res.statusCode !== 200) throw new Error(`createUser failed: ${JSON.stringify(res.body)}`);
  const id = (await userRow(h, body.email))!.id;
  let token: string | null = null;
  if (opts.activate !== false) {
    const setup = await h.call('updateUser', {
      token: await invitationToken(h, body.email),
      password: USER_PASSWORD,
      confirm_password: USER_PASSWORD,
      is_company_registration: true,
      captcha: await h.captcha(),
    });
    if (setup.statusCode !== 200) throw new Error(`setup failed: ${JSON.stringify(setup.body)}`);
    token = await h.login(body.email, USER_PASSWORD);
  }
  return { id, email: body.email, name: body.name, password: USER_PASSWORD, token };
}

/** A distillery form with a unique name, a valid licence number and GSTIN. */
export function distilleryBody(overrides: Record<string, unknown> = {}) {
  serial += 1;
  return {
    name: `Unit ${serial} ${Math.random().toString(36).slice(2, 6)}`,
    address: `${serial} Distillery Road`,
    state: 'Maharashtra',
    license_number: `MHD/${String(10000 + (serial % 90000)).padStart(5, '0')}/2026`,
    // The GSTIN's state code is Maharashtra's: a distillery elsewhere gets none (it is optional).
    gst_number: overrides.state && overrides.state !== 'Maharashtra' ? '' : panAndGst().gst_number,
    ...overrides,
  };
}

export async function seedDistillery(h: Harness, opts: { adminToken: string; overrides?: Record<string, unknown> }) {
  const res = await h.call<{ id: number; name: string; state: string }>(
    'createDistill',
    distilleryBody(opts.overrides),
    opts.adminToken,
  );
  if (res.statusCode !== 200) throw new Error(`createDistill failed: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export type SeededMapping = {
  id: number;
  name: string;
  type: 'Centralized' | 'Decentralized';
  distilleries: { id: number; name: string; state: string }[];
  negotiator: { id: number; name: string };
  authorizer: { id: number; name: string };
  approver: { id: number; name: string };
};

/** A mapping created through createDistillGroup; Centralized unless `type` says otherwise. */
export async function seedMapping(
  h: Harness,
  opts: {
    adminToken: string;
    type?: 'Centralized' | 'Decentralized';
    name?: string;
    distilleries: number[];
    negotiator: number;
    authorizer: number;
    approver: number;
  },
): Promise<SeededMapping> {
  serial += 1;
  const { adminToken, type = 'Centralized', ...rest } = opts;
  const body = { type, name: type === 'Centralized' ? `Group ${serial}` : '', ...rest };
  const res = await h.call<SeededMapping>('createDistillGroup', body, adminToken);
  if (res.statusCode !== 200) throw new Error(`createDistillGroup failed: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** An approved company with an Admin, three signed-in users and two distilleries, nothing mapped yet. */
export async function seedTeam(h: Harness, opts: { superToken: string; type?: 'Seller' | 'Buyer' }) {
  const company = await seedApprovedCompany(h, opts);
  const adminToken = company.token;
  const negotiator = await seedUser(h, { adminToken, overrides: { name: 'Nina Negotiator' } });
  const authorizer = await seedUser(h, { adminToken, overrides: { name: 'Arun Authorizer' } });
  const approver = await seedUser(h, { adminToken, overrides: { name: 'Asha Approver' } });
  const distilleries = [
    await seedDistillery(h, { adminToken }),
    await seedDistillery(h, { adminToken, overrides: { state: 'Karnataka' } }),
  ];
  return { company, adminToken, negotiator, authorizer, approver, distilleries };
}

// --- Listings (a company's Negotiator) -------------------------------------------------------------------------

/** Months ahead of now, `YYYY-MM` (listings must not have ended). */
export function periodAhead(months: number, from = new Date()) {
  const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + months, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** A team whose negotiator, authorizer and approver are mapped to both its distilleries (Maharashtra, Karnataka). */
export async function seedTrader(h: Harness, opts: { superToken: string; type?: 'Seller' | 'Buyer' }) {
  const team = await seedTeam(h, opts);
  const mapping = await seedMapping(h, {
    adminToken: team.adminToken,
    distilleries: team.distilleries.map((d) => d.id),
    negotiator: team.negotiator.id,
    authorizer: team.authorizer.id,
    approver: team.approver.id,
  });
  return { ...team, mapping, type: opts.type ?? 'Seller' };
}

export type Trader = Awaited<ReturnType<typeof seedTrader>>;

/** A createOffer body for a trader's side (offer fees for a Seller, ask fees for a Buyer). */
export function listingBody(trader: Trader, overrides: Record<string, unknown> = {}) {
  const distillery = trader.distilleries[0]!;
  const fees =
    trader.type === 'Seller'
      ? { export_pass_fee: '1.50', sales_tax: '18' }
      : {
          import_pass_fee: '1',
          transit_permit_fee: '0.5',
          escort_fee: '0.25',
          corporation_fee: '2',
          misc_handling: '0.1',
          transportation: '3',
        };
  return {
    from_period: periodAhead(1),
    to_period: periodAhead(4),
    state: distillery.state,
    distillery_id: distillery.id,
    product: 'Molasses ENA',
    offer_quantity: '10000',
    offer_price: '60',
    ...fees,
    ...overrides,
  };
}

/** A listing created through createOffer by the trader's negotiator: an offer for a Seller, an ask for a Buyer. */
export async function seedListing(h: Harness, trader: Trader, overrides: Record<string, unknown> = {}) {
  const res = await h.call<{ id: number; version: number }>(
    'createOffer',
    listingBody(trader, overrides),
    trader.negotiator.token,
  );
  if (res.statusCode !== 200) throw new Error(`createOffer failed: ${JSON.stringify(res.body)}`);
  return res.body.data;
}
export const seedOffer = seedListing;
export const seedAsk = seedListing;

// --- Bids (the two companies' Negotiators, Authorizers and Approvers, through the API) ---------------------------

/** `valid_until` `hours` ahead of the harness's clock. */
export function validUntil(h: Harness, hours = 4) {
  return new Date(Date.now() + h.clock.offsetMs + hours * 3_600_000).toISOString();
}

type Person = { email: string; token: string | null };
const windows = new WeakMap<Harness, Map<string, number>>();

/** Opens the approval window of `user`'s session with a mailed code, unless it is open already. */
export async function openApprovalWindow(h: Harness, user: Person) {
  let open = windows.get(h);
  if (!open) windows.set(h, (open = new Map()));
  const now = Date.now() + h.clock.offsetMs;
  if ((open.get(user.token!) ?? 0) > now + 30_000) return;
  const sent = await h.call('generateUserOTP', {}, user.token);
  if (sent.statusCode !== 200) throw new Error(`generateUserOTP: ${JSON.stringify(sent.body)}`);
  const verified = await h.call<{ approval_window_until: string }>(
    'verifyOTP',
    { otp: await otpCode(h, user.email) },
    user.token,
  );
  if (verified.statusCode !== 200) throw new Error(`verifyOTP: ${JSON.stringify(verified.body)}`);
  open.set(user.token!, Date.parse(verified.body.data.approval_window_until));
}

export type Market = { seller: Trader; buyer: Trader; offer: { id: number }; ask: { id: number } };
export type BidData = { id: number; version: number; status: string; trade_reference_number: string | null };

/** A Seller and a Buyer, each with a matching listing (Molasses ENA, 10,000 L) unless given. */
export async function seedMarket(h: Harness, opts: { superToken: string; seller?: Trader; buyer?: Trader }) {
  const seller = opts.seller ?? (await seedTrader(h, { superToken: opts.superToken, type: 'Seller' }));
  const buyer = opts.buyer ?? (await seedTrader(h, { superToken: opts.superToken, type: 'Buyer' }));
  return { seller, buyer, offer: await seedOffer(h, seller), ask: await seedAsk(h, buyer) };
}

function ok<T>(res: Reply<T>, what: string): T {
  if (res.statusCode !== 200) throw new Error(`${what}: ${res.statusCode} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/**
 * A New bid placed through createBid by the buyer's (or seller's) Negotiator, valid for `hours`. The API offers 4 to
 * 48 hours in steps of 4; any other `hours` (a bid about to lapse) is placed for 4 and its validity then arranged
 * directly.
 */
export async function seedOpenBid(
  h: Harness,
  m: Market,
  opts: { by?: 'buyer' | 'seller'; quantity?: string | number; price?: string | number; hours?: number } = {},
) {
  const by = opts.by ?? 'buyer';
  const [mine, other] = by === 'buyer' ? [m.ask.id, m.offer.id] : [m.offer.id, m.ask.id];
  const offered = opts.hours === undefined || (VALIDITY_HOURS as readonly number[]).includes(opts.hours);
  const res = await h.call<BidData>(
    'createBid',
    {
      quantity: opts.quantity ?? '1000',
      price: opts.price ?? '61.50',
      valid_until: validUntil(h, offered ? opts.hours : 4),
      my_offer_id: mine,
      [by === 'buyer' ? 'offer_id' : 'ask_id']: other,
      captcha: await h.captcha(),
    },
    (by === 'buyer' ? m.buyer : m.seller).negotiator.token,
  );
  const bid = ok(res, 'createBid');
  if (!offered)
    await h.db
      .update(bids)
      .set({ valid_until: new Date(validUntil(h, opts.hours)) })
      .where(eq(bids.id, bid.id));
  return bid;
}

/** A bid whose terms both Negotiators agreed: placed by the buyer, accepted by the seller (a locked deal). */
export async function seedLockedBid(h: Harness, m: Market, opts: Parameters<typeof seedOpenBid>[2] = {}) {
  const bid = await seedOpenBid(h, m, opts);
  const acceptor = (opts.by ?? 'buyer') === 'buyer' ? m.seller.negotiator : m.buyer.negotiator;
  await openApprovalWindow(h, acceptor);
  const res = await h.call<BidData>(
    'bidAction',
    { bid_id: bid.id, is_approved: true, version: bid.version },
    acceptor.token,
  );
  return ok(res, 'accept');
}

/** One approval of a locked bid by a side's Authorizer or Approver. */
export async function approveBid(h: Harness, user: Person, bid: { id: number; version: number }) {
  await openApprovalWindow(h, user);
  return h.call<BidData>('bidAction', { bid_id: bid.id, is_approved: true, version: bid.version }, user.token);
}

/** A trade: a locked bid approved by both Authorizers and both Approvers; the last approval makes it Approved. */
export async function seedApprovedTrade(h: Harness, m: Market, opts: Parameters<typeof seedOpenBid>[2] = {}) {
  let bid = await seedLockedBid(h, m, opts);
  for (const user of [m.buyer.authorizer, m.seller.authorizer, m.buyer.approver, m.seller.approver])
    bid = ok(await approveBid(h, user, bid), 'approve');
  return bid;
}

/** A sale order uploaded by `token`'s company (`purpose=sale_order`): its `file_url`. */
export async function uploadSaleOrder(h: Harness, token: string | null, file: { name?: string; bytes?: Buffer } = {}) {
  const res = await upload(h, { ...file, name: file.name ?? 'sale-order.pdf', purpose: 'sale_order', token });
  return ok(res, 'uploadFile sale_order').file_url;
}
