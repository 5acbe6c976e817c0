// Seeders of a company's team and listings, through the API as its Admin and Negotiator would: users, distilleries,
// mappings, then offers and asks (the company itself comes from fixtures.ts, its bids from bid-fixtures.ts).
import { invitationToken } from './harness.js';
import { nextSerial, panAndGst, seedApprovedCompany, userRow } from './fixtures.js';
import type { Harness } from './harness.js';

export const USER_PASSWORD = 'User@Pass1';

/** An Add User body with a unique email. */
export function userBody(overrides: Record<string, unknown> = {}) {
  const serial = nextSerial();
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
  const serial = nextSerial();
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
  const serial = nextSerial();
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
