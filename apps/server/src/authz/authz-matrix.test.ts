// The authorization matrix, generated from the contract: every signed-in method × anonymous, the SuperAdmin, and
// each role of company A and of company B acting on A's objects. Each expected answer comes from the method's
// declared access (api/methods.ts); a refusal must leave every table as it was.
import { METHODS, type MethodName } from '@spirit/domain/api/methods';
import { fileIdFromUrl } from '@spirit/domain/files/files.constants';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../modules/invoices/invoices.table.js';
import { webhookDeliveries, webhooks } from '../modules/webhooks/webhooks.table.js';
import { tableDigest } from '../test/db-digest.js';
import { registerCompany, seedApprovedCompany, seedSuperAdmin } from '../test/fixtures.js';
import { type Trader } from '../test/team-fixtures.js';
import {
  approveBid,
  openApprovalWindow,
  seedApprovedTrade,
  seedLockedBid,
  seedOpenBid,
  uploadSaleOrder,
  validUntil,
  type BidData,
  type Market,
} from '../test/bid-fixtures.js';
import { createHarness, invitationToken, otpCode, type Harness } from '../test/harness.js';

type Role = 'Admin' | 'Negotiator' | 'Authorizer' | 'Approver';
type Actor = { label: string; token: string | null; roles: string[]; company: 'A' | 'B' | null; email?: string };

let h: Harness;
let superToken: string;
const actors: Actor[] = [];
let A: Awaited<ReturnType<typeof buildCompany>>;
/** A Buyer outside the matrix: A's counterparty in the bids. */
let C: Awaited<ReturnType<typeof buildCompany>>;
let feeId: number;
let serial = 0;

const next = () => `${Date.now().toString(36)}${(serial += 1)}`;

/** A company with its admin and a negotiator, authorizer and approver mapped to one distillery. */
async function buildCompany(type: 'Seller' | 'Buyer') {
  const company = await seedApprovedCompany(h, { superToken, type });
  const users: Record<Exclude<Role, 'Admin'>, { id: number; email: string; token: string }> = {} as never;
  for (const role of ['Negotiator', 'Authorizer', 'Approver'] as const) {
    const user = await addActiveUser(company.token, role);
    users[role] = user;
  }
  const distillery = await addDistillery(company.token);
  const mapping = await h.call<{ id: number }>(
    'createDistillGroup',
    {
      type: 'Decentralized',
      distilleries: [distillery],
      negotiator: users.Negotiator.id,
      authorizer: users.Authorizer.id,
      approver: users.Approver.id,
    },
    company.token,
  );
  if (mapping.statusCode !== 200) throw new Error(`mapping: ${JSON.stringify(mapping.body)}`);
  // Sign the mapped users in again so their sessions are fresh (roles are derived per request anyway).
  for (const role of ['Negotiator', 'Authorizer', 'Approver'] as const) {
    users[role].token = await h.login(users[role].email, 'Mapped@Pass1');
  }
  return { ...company, users, distillery, mappingId: mapping.body.data.id };
}

async function addUser(adminToken: string, label: string) {
  const email = `${label.toLowerCase()}-${next()}@matrix.example`;
  const res = await h.call(
    'createUser',
    { email, name: `${label} ${next()}`, mobile_number: '9876501234' },
    adminToken,
  );
  if (res.statusCode !== 200) throw new Error(`createUser: ${JSON.stringify(res.body)}`);
  const list = await h.call<{ records: { id: number; email: string }[] }>(
    'getAllUsers',
    { item_search: email },
    adminToken,
  );
  const id = list.body.data.records.find((r) => r.email === email)?.id;
  if (!id) throw new Error(`user ${email} not listed`);
  return { id, email };
}

async function addActiveUser(adminToken: string, label: string) {
  const user = await addUser(adminToken, label);
  const token = await invitationToken(h, user.email);
  const setup = await h.call('updateUser', {
    is_company_registration: true,
    token,
    password: 'Mapped@Pass1',
    confirm_password: 'Mapped@Pass1',
    captcha: await h.captcha(),
  });
  if (setup.statusCode !== 200) throw new Error(`setup: ${JSON.stringify(setup.body)}`);
  return { ...user, token: '' };
}

async function addDistillery(adminToken: string) {
  const res = await h.call<{ id: number }>(
    'createDistill',
    { name: `Unit ${next()}`, address: 'MIDC', state: 'Maharashtra', license_number: 'MHD/12345/2026' },
    adminToken,
  );
  if (res.statusCode !== 200) throw new Error(`createDistill: ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}

type Case = {
  /**
   * The body, built afresh for each actor: writes get their own fresh target so one success cannot change another
   * case. Bid actions need a bid waiting for the actor's own tier, so the builder is told who will call.
   */
  body: (actor: Actor) => Promise<Record<string, unknown>>;
  /** The body names an object of company A: B's users must be told it does not exist. */
  scopedToA: boolean;
  /** For `optional` methods: the roles the non-public form needs. */
  roles?: Role[];
  /**
   * What B's users get for A's objects: 404, or 400 where the objects are choices in a form (a mapping's users and
   * distilleries), answered as an invalid choice without saying whether it exists elsewhere.
   */
  foreign?: 400 | 404;
};

const amount = { commission_amount: 1.5, state_gst: 9, central_gst: 9 };

function cases(): Partial<Record<MethodName, Case>> {
  const userForm = () => ({ email: `new-${next()}@matrix.example`, name: 'New Person', mobile_number: '9123456789' });
  return {
    refreshUser: { body: async () => ({}), scopedToA: false },
    getFile: { body: async () => ({ id: fileIdFromUrl(String(A.body.license)) }), scopedToA: true },
    getCompanyDetails: { body: async () => ({ id: A.id }), scopedToA: true },
    getAllStateWiseDistillforUser: { body: async () => ({}), scopedToA: false },

    updateCompanyStatus: {
      body: async () => ({ id: (await registerCompany(h)).id, status: 'Approved' }),
      scopedToA: false,
    },
    getAllCompany: { body: async () => ({}), scopedToA: false },
    updateCompany: {
      body: async () => ({
        id: A.id,
        type: A.body.type,
        registered_name: A.body.registered_name,
        name: A.body.name,
        email: A.email,
        mobile_number: A.body.mobile_number,
        license_number: 'ABC/12345/6789',
        pan_no: A.body.pan_no,
        gst_number: A.body.gst_number,
        address: A.body.address,
        state: A.body.state,
        city: A.body.city,
        pin_code: A.body.pin_code,
        type_of_spirits: A.body.type_of_spirits,
        license: A.body.license,
        is_bid_confidential: false,
      }),
      scopedToA: true,
    },
    deleteCompany: { body: async () => ({ company_id: (await registerCompany(h)).id }), scopedToA: false },
    undeleteCompany: {
      body: async () => {
        const { id } = await registerCompany(h);
        await h.call('deleteCompany', { company_id: id }, superToken);
        return { company_id: id };
      },
      scopedToA: false,
    },
    sendCompanyCreationNotification: {
      body: async () => ({ company_id: (await registerCompany(h)).id }),
      scopedToA: false,
    },
    getAllCompanyName: { body: async () => ({ company_type: 'Seller' }), scopedToA: false },

    createUser: { body: async () => userForm(), scopedToA: false, roles: ['Admin'] },
    updateUser: {
      body: async () => ({
        id: A.users.Negotiator.id,
        email: A.users.Negotiator.email,
        name: 'Renamed',
        mobile_number: '9123456789',
      }),
      scopedToA: true,
      roles: ['Admin'],
    },
    getUserbyId: { body: async () => ({ id: A.users.Negotiator.id }), scopedToA: true },
    getAllUsers: { body: async () => ({}), scopedToA: false },
    archiveUser: { body: async () => ({ user_id: (await addUser(A.token, 'Archivable')).id }), scopedToA: true },
    unarchiveUser: {
      body: async () => {
        const user = await addUser(A.token, 'Unarchivable');
        await h.call('archiveUser', { user_id: user.id }, A.token);
        return { user_id: user.id };
      },
      scopedToA: true,
    },
    sendUserCredentials: { body: async () => ({ user_id: (await addUser(A.token, 'Invited')).id }), scopedToA: true },

    getAllDistill: { body: async () => ({}), scopedToA: false },
    getDistillById: { body: async () => ({ id: A.distillery }), scopedToA: true },
    createDistill: {
      body: async () => ({
        name: `Unit ${next()}`,
        address: 'MIDC',
        state: 'Maharashtra',
        license_number: 'MHD/12345/2026',
      }),
      scopedToA: false,
    },
    updateDistill: {
      body: async () => ({
        id: A.distillery,
        name: `Unit ${next()}`,
        address: 'MIDC',
        state: 'Maharashtra',
        license_number: 'MHD/12345/2026',
      }),
      scopedToA: true,
    },

    getAllDistillGroup: { body: async () => ({ type: 'Decentralized' }), scopedToA: false },
    getDistillGroupById: { body: async () => ({ id: A.mappingId }), scopedToA: true },
    createDistillGroup: {
      body: async () => {
        const [n, au, ap] = [await addUser(A.token, 'N'), await addUser(A.token, 'Au'), await addUser(A.token, 'Ap')];
        return {
          type: 'Decentralized',
          distilleries: [await addDistillery(A.token)],
          negotiator: n.id,
          authorizer: au.id,
          approver: ap.id,
        };
      },
      scopedToA: true,
      foreign: 400,
    },
    updateDistillGroup: {
      body: async () => ({
        id: A.mappingId,
        type: 'Decentralized',
        distilleries: [A.distillery],
        negotiator: A.users.Negotiator.id,
        authorizer: A.users.Authorizer.id,
        approver: A.users.Approver.id,
      }),
      scopedToA: true,
    },
    getAllUntaggedUser: { body: async () => ({}), scopedToA: false },
    getAllUntaggedDistill: { body: async () => ({}), scopedToA: false },

    getAllCommission: { body: async () => ({}), scopedToA: false },
    getCommissionbyId: { body: async () => ({ id: feeId }), scopedToA: false },
    createCommission: {
      body: async () => ({
        company_type: 'Seller',
        company_id: (await seedApprovedCompany(h, { superToken })).id,
        ...amount,
      }),
      scopedToA: false,
    },
    updateCommission: { body: async () => ({ id: feeId, company_type: 'Buyer', ...amount }), scopedToA: false },
    getAuditLog: { body: async () => ({}), scopedToA: false },

    getAllOffers: { body: async () => ({}), scopedToA: false },
    getOfferById: { body: async () => ({ id: await listingOfA() }), scopedToA: true },
    getMarketStats: { body: async () => ({ product: 'Molasses ENA' }), scopedToA: false },
    // B is a Buyer: an offer at A's distillery is an invalid choice for it.
    createOffer: { body: async () => offerForm(), scopedToA: true, foreign: 400 },
    updateInventory: { body: async () => ({ ...offerForm(), id: await listingOfA() }), scopedToA: true },
    getSpiritsAvailableStates: { body: async () => ({}), scopedToA: false },
    latestNegotiation: { body: async () => ({ product: 'Molasses ENA' }), scopedToA: false },
    getAllPossibleOffer: { body: async () => ({ offer_id: await listingOfA() }), scopedToA: true },
    getOfferMap: { body: async () => ({ offer_id: await listingOfA() }), scopedToA: true },
    getAllInventory: { body: async () => ({}), scopedToA: false },
    // A's open offer is B's market: everyone of a company may open it.
    getInventorybyId: { body: async () => ({ id: await listingOfA() }), scopedToA: false },
    generateExcel: { body: async () => ({ type: 'offer' }), scopedToA: true, foreign: 400 },
    uploadCSV: { body: async () => ({ s3_url: await bulkFileOfA() }), scopedToA: true },

    // Bids between A (Seller) and C (a Buyer outside the matrix): B's users are not parties.
    createBid: { body: async () => placeBody(), scopedToA: true },
    createOrder: {
      body: async () => {
        const { my_offer_id, ask_id, quantity, price, ...rest } = await placeBody();
        return { ...rest, my_offer_id, inventory_id: ask_id, order_quantity: quantity, order_price: price };
      },
      scopedToA: true,
    },
    negotiateBid: { body: async () => counterBody(await bidFor('negotiator')), scopedToA: true },
    updateOrder: {
      body: async () => {
        const { bid_id, quantity, price, ...rest } = await counterBody(await bidFor('negotiator'));
        return { ...rest, order_id: bid_id, order_quantity: quantity, order_price: price };
      },
      scopedToA: true,
    },
    bidAction: { body: async (actor) => actionBody(actor), scopedToA: true },
    approveOrder: {
      body: async (actor) => {
        const { bid_id, is_approved, version } = await actionBody(actor);
        return { order_id: bid_id, approval_status: is_approved, version };
      },
      scopedToA: true,
    },
    // The SuperAdmin reads approved trades only (other lists: bids.approved.test.ts).
    getAllBids: { body: async () => ({ bid_status: 'Approved', is_tracked_bid: true }), scopedToA: false },
    getAllOrderDetails: { body: async () => ({}), scopedToA: false },
    getAwaitingBidCount: { body: async () => ({}), scopedToA: false },
    getEventTicket: { body: async () => ({}), scopedToA: false },
    getDashboardData: { body: async () => ({ company_id: A.id }), scopedToA: false },
    getDashboardAllApprovedBids: { body: async () => ({ days: 7 }), scopedToA: false },
    getDashboardAllOpenBids: { body: async () => ({}), scopedToA: false },
    getDashboardCommissionData: { body: async () => ({}), scopedToA: false },
    getDashboardAllLapsedBids: { body: async () => ({}), scopedToA: false },
    getDashboardAllPendingAprrovedBids: { body: async () => ({}), scopedToA: false },
    getDashboardAllPending: { body: async () => ({}), scopedToA: false },
    getBidById: { body: async () => ({ bid_id: (await tradeOfA()).id }), scopedToA: true },
    // Every user of A here is its Admin or mapped to the trade's seller distillery (the others: bids.sale-order.test.ts).
    updateBid: {
      body: async () => ({ bid_id: (await tradeOfA()).id, sell_order: await uploadSaleOrder(h, A.token) }),
      scopedToA: true,
    },
    getOrderById: { body: async () => ({ order_id: (await bidFor('negotiator')).id }), scopedToA: true },
    // Ratings: a trade of A and C reviewed by A (any user of a party; the SuperAdmin names A as the rater); B's
    // users are no party to it. The form's pickers: B is a Buyer, A's distilleries are ones it may rate.
    reviewDistillery: {
      body: async (actor) => ({
        rating_details: [
          {
            bid_id: (await approvedTradeOfA()).id,
            rating: 4,
            source: 'Approved',
            to_distillery_id: C.distillery,
            ...(actor.roles.includes('SuperAdmin') ? { from_company_id: A.id } : {}),
          },
        ],
      }),
      scopedToA: true,
    },
    getBidRating: { body: async () => ({ bid_id: (await approvedTradeOfA()).id }), scopedToA: true },
    exportRating: { body: async () => ({}), scopedToA: false },
    // Notifications: each user's own (issue 25).
    getNotifications: { body: async () => ({ page: 1, page_size: 5 }), scopedToA: false },
    getUnreadNotificationCount: { body: async () => ({}), scopedToA: false },
    markNotificationsRead: { body: async () => ({ all: true }), scopedToA: false },
    getNotificationPreferences: { body: async () => ({}), scopedToA: false },
    updateNotificationPreferences: {
      body: async () => ({ preferences: [{ type: 'bid_placed', in_app: true, mail: false }] }),
      scopedToA: false,
    },
    // Price alerts: a Negotiator's own, on the side their company trades with (A sells to asks, B buys offers).
    getPriceAlerts: { body: async () => ({}), scopedToA: false },
    createPriceAlert: {
      body: async (actor) => ({ side: actor.company === 'B' ? 'Offer' : 'Ask', product: 'Molasses ENA', price: 60 }),
      scopedToA: false,
    },
    deletePriceAlert: {
      body: async () => {
        const res = await h.call<{ id: number }>(
          'createPriceAlert',
          { side: 'Ask', product: 'Molasses ENA', price: 60 },
          A.users.Negotiator.token,
        );
        if (res.statusCode !== 200) throw new Error(`createPriceAlert: ${JSON.stringify(res.body)}`);
        return { id: res.body.data.id };
      },
      scopedToA: true,
    },
    // The trend is market-wide and names nobody; the analysis is the SuperAdmin's.
    getPriceTrend: { body: async () => ({ product: 'Molasses ENA' }), scopedToA: false },
    getAnalysisVolume: { body: async () => ({ group_by: 'state' }), scopedToA: false },
    getAnalysisFunnel: { body: async () => ({}), scopedToA: false },
    getAnalysisTopCompanies: { body: async () => ({}), scopedToA: false },
    getDistillNameByCompanyId: { body: async () => ({ company_id: A.id }), scopedToA: false },
    // Every trading tier of either company asks for and checks its own code.
    generateUserOTP: { body: async () => (advanceClock(), {}), scopedToA: false },
    verifyOTP: { body: async (actor) => ({ otp: await freshCode(actor) }), scopedToA: false },

    // A trade's service fee and invoices: A's own side; the correction is the SuperAdmin's.
    getAllBidCommission: { body: async () => ({}), scopedToA: false },
    getBidCommissionById: { body: async () => ({ id: await invoicedTradeOfA() }), scopedToA: true },
    updateBidCommission: {
      body: async () => ({
        id: await invoicedTradeOfA(),
        buyer_commission_amount: (1 + (serial % 50) / 100).toFixed(2),
        buyer_central_gst: 9,
        buyer_state_gst: 9,
        seller_commission_amount: (2 + ((serial += 1) % 50) / 100).toFixed(2),
        seller_central_gst: 6,
        seller_state_gst: 6,
      }),
      scopedToA: false,
    },
    getInvoicePdf: { body: async () => ({ id: await invoiceOfA() }), scopedToA: true },

    // Integrations (issue 25 part 5): the company Admin's API keys and webhooks.
    getApiKeys: { body: async () => ({}), scopedToA: false },
    createApiKey: { body: async () => ({ name: `ERP ${next()}`, scope: 'read' }), scopedToA: false },
    revokeApiKey: { body: async () => ({ id: await apiKeyOfA() }), scopedToA: true },
    getWebhooks: { body: async () => ({}), scopedToA: false },
    createWebhook: {
      // An event only the lapse job makes (off in tests): this webhook writes no deliveries meanwhile.
      body: async () => ({ url: `https://erp-${next()}.example.com/hook`, event_types: ['bid.lapsed'] }),
      scopedToA: false,
    },
    updateWebhook: { body: async () => ({ id: await webhookOfA(), is_active: false }), scopedToA: true },
    deleteWebhook: { body: async () => ({ id: await webhookOfA() }), scopedToA: true },
    getWebhookDeliveries: { body: async () => ({ webhook_id: await webhookOfA() }), scopedToA: true },
    replayWebhookDelivery: { body: async () => ({ id: await deliveryOfA() }), scopedToA: true },
  };
}

async function apiKeyOfA() {
  const res = await h.call<{ id: number }>('createApiKey', { name: `K ${next()}`, scope: 'read' }, A.token);
  if (res.statusCode !== 200) throw new Error(`createApiKey: ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}

async function webhookOfA() {
  const res = await h.call<{ id: number }>(
    'createWebhook',
    { url: `https://a-${next()}.example.com/hook`, event_types: ['bid.placed'] },
    A.token,
  );
  if (res.statusCode !== 200) throw new Error(`createWebhook: ${JSON.stringify(res.body)}`);
  // Off: the matrix's own bids must not write deliveries while a refused call's digest is compared.
  await h.db.update(webhooks).set({ is_active: false }).where(eq(webhooks.id, res.body.data.id));
  return res.body.data.id;
}

/** A logged delivery of one of A's webhooks (written as the consumer would). */
async function deliveryOfA() {
  const webhookId = await webhookOfA();
  const now = new Date();
  const [row] = await h.db
    .insert(webhookDeliveries)
    .values({
      webhook_id: webhookId,
      company_id: A.id,
      event_seq: 1,
      event_type: 'bid.placed',
      event: { seq: 1, type: 'bid.placed' },
      next_attempt_at: now,
      created_at: now,
      status: 'delivered',
    })
    .returning({ id: webhookDeliveries.id });
  return row!.id;
}

let tradeId: number | null = null;
/** An approved trade of A (seller) and C (buyer), with a seller rate so that A is invoiced. */
async function invoicedTradeOfA() {
  if (tradeId) return tradeId;
  const rate = await h.call('createCommission', { company_type: 'Seller', ...amount }, superToken);
  if (rate.statusCode !== 200) throw new Error(`seller rate: ${JSON.stringify(rate.body)}`);
  let bid = await seedLockedBid(h, await marketOfA(), { quantity: 10 });
  for (const user of [C.users.Authorizer, A.users.Authorizer, C.users.Approver, A.users.Approver]) {
    const res = await approveBid(h, user, bid);
    if (res.statusCode !== 200) throw new Error(`approve: ${JSON.stringify(res.body)}`);
    bid = res.body.data;
  }
  return (tradeId = bid.id);
}

/** A's (the seller's) first invoice of that trade. */
async function invoiceOfA() {
  const [row] = await h.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.bid_id, await invoicedTradeOfA()), eq(invoices.side, 'seller')))
    .orderBy(invoices.id)
    .limit(1);
  if (!row) throw new Error('no invoice of A');
  return row.id;
}

/** A month ahead of now, `YYYY-MM`. */
const monthsAhead = (n: number) => {
  const d = new Date();
  const m = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1));
  return `${m.getUTCFullYear()}-${String(m.getUTCMonth() + 1).padStart(2, '0')}`;
};

/** An offer of A's negotiator at A's distillery. */
const offerForm = () => ({
  from_period: monthsAhead(1),
  to_period: monthsAhead(3),
  state: 'Maharashtra',
  distillery_id: A.distillery,
  product: 'Molasses ENA',
  offer_quantity: 100,
  offer_price: 50,
  export_pass_fee: 1,
  sales_tax: 18,
});

let listingId: number | null = null;
async function listingOfA() {
  if (listingId) return listingId;
  const res = await h.call<{ id: number }>('createOffer', offerForm(), A.users.Negotiator.token);
  if (res.statusCode !== 200) throw new Error(`createOffer: ${JSON.stringify(res.body)}`);
  return (listingId = res.body.data.id);
}

/** A one-row bulk sheet of A, uploaded by A's negotiator (each successful uploadCSV creates its row). */
async function bulkFileOfA() {
  const f = offerForm();
  const columns = ['state', 'product', 'from_period', 'to_period', 'quantity', 'price', 'distillery_id'];
  const values = [f.state, f.product, f.from_period, f.to_period, f.offer_quantity, f.offer_price, f.distillery_id];
  const csv = `${columns.join(',')},export_pass_fee,sales_tax\n${values.join(',')},${f.export_pass_fee},${f.sales_tax}\n`;
  const boundary = `----matrix${next()}`;
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/uploadFile',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${A.users.Negotiator.token}`,
    },
    payload:
      `--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\nbulk\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="offers.csv"\r\n` +
      `Content-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
  });
  if (res.statusCode !== 200) throw new Error(`uploadFile: ${res.body}`);
  return (res.json() as { data: { file_url: string } }).data.file_url;
}

// --- Bids -------------------------------------------------------------------------------------------------------

type Tier = 'negotiator' | 'authorizer' | 'approver';
const TIER_ROLE = { negotiator: 'Negotiator', authorizer: 'Authorizer', approver: 'Approver' } as const;

/** A company of the matrix as the bid fixtures see a trader. */
const asTrader = (c: typeof A) =>
  ({
    negotiator: c.users.Negotiator,
    authorizer: c.users.Authorizer,
    approver: c.users.Approver,
  }) as unknown as Trader;

/** A's open offer and a fresh ask of C: each bid gets its own pair of listings. */
async function marketOfA(): Promise<Market> {
  const ask = await h.call<{ id: number }>(
    'createOffer',
    {
      ...offerForm(),
      distillery_id: C.distillery,
      import_pass_fee: 1,
      transit_permit_fee: 1,
      escort_fee: 1,
      corporation_fee: 1,
      misc_handling: 1,
      transportation: 1,
    },
    C.users.Negotiator.token,
  );
  if (ask.statusCode !== 200) throw new Error(`ask of C: ${JSON.stringify(ask.body)}`);
  return { seller: asTrader(A), buyer: asTrader(C), offer: { id: await listingOfA() }, ask: ask.body.data };
}

async function placeBody() {
  const market = await marketOfA();
  return {
    quantity: 10,
    price: 50,
    valid_until: validUntil(h),
    my_offer_id: market.offer.id,
    ask_id: market.ask.id,
    captcha: await h.captcha(),
  };
}

/** A bid of A and C waiting for A's `tier`: placed by C; accepted by A's Negotiator; approved by A's Authorizer. */
async function bidFor(tier: Tier): Promise<BidData> {
  const market = await marketOfA();
  if (tier === 'negotiator') return seedOpenBid(h, market, { quantity: 10 });
  const locked = await seedLockedBid(h, market, { quantity: 10 });
  if (tier === 'authorizer') return locked;
  const res = await approveBid(h, A.users.Authorizer, locked);
  if (res.statusCode !== 200) throw new Error(`approve: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

let trade: BidData | null = null;
/** An approved trade of A (the seller) and C. */
async function tradeOfA() {
  return (trade ??= await seedApprovedTrade(h, await marketOfA(), { quantity: 10 }));
}

let approvedTrade: BidData | null = null;
/** One Approved trade of A (seller) and C, made once: reviewing it changes only the ratings. */
async function approvedTradeOfA(): Promise<BidData> {
  if (!approvedTrade) approvedTrade = await seedApprovedTrade(h, await marketOfA(), { quantity: 10 });
  return approvedTrade;
}

async function counterBody(bid: BidData) {
  const captcha = await h.captcha();
  return { bid_id: bid.id, version: bid.version, quantity: 10, price: 51, valid_until: validUntil(h), captcha };
}

async function actionBody(actor: Actor) {
  const tier = (Object.keys(TIER_ROLE) as Tier[]).find((t) => actor.roles.includes(TIER_ROLE[t])) ?? 'negotiator';
  const bid = await bidFor(tier);
  if (actor.company === 'A') await openApprovalWindow(h, A.users[TIER_ROLE[tier]]);
  return { bid_id: bid.id, version: bid.version, is_approved: true };
}

/** Moves the clock past the 60 s a user waits between codes. */
const advanceClock = () => void (h.clock.offsetMs += 61_000);

/** A code just mailed to the actor (any string for callers refused before the body matters). */
async function freshCode(actor: Actor) {
  if (!actor.token || actor.roles.some((r) => r === 'SuperAdmin' || r === 'Admin')) return '123456';
  advanceClock();
  const sent = await h.call('generateUserOTP', {}, actor.token);
  if (sent.statusCode !== 200) throw new Error(`generateUserOTP: ${JSON.stringify(sent.body)}`);
  return otpCode(h, actor.email!);
}

/** Methods the matrix leaves to their own tests, and why. */
const ELSEWHERE: Partial<Record<MethodName, string>> = {
  logout: 'ends the caller’s own session; covered in session.test.ts',
  changePassword: 'needs a captcha and revokes the caller’s sessions; covered in session.test.ts',
};

function expected(method: MethodName, c: Case, actor: Actor): number {
  const access = METHODS[method].access;
  if (!actor.token) return 401;
  const needed: readonly string[] | null =
    access === 'session' ? null : access === 'optional' ? (c.roles ?? []) : (access as readonly string[]);
  if (needed && !needed.some((r) => actor.roles.includes(r))) return 403;
  if (c.scopedToA && actor.company === 'B') return c.foreign ?? 404;
  return 200;
}

beforeAll(async () => {
  h = await createHarness();
  superToken = await seedSuperAdmin(h);
  A = await buildCompany('Seller');
  const B = await buildCompany('Buyer');
  C = await buildCompany('Buyer');
  const fee = await h.call<{ id: number }>('createCommission', { company_type: 'Buyer', ...amount }, superToken);
  if (fee.statusCode !== 200) throw new Error(`fee: ${JSON.stringify(fee.body)}`);
  feeId = fee.body.data.id;
  actors.push({ label: 'anonymous', token: null, roles: [], company: null });
  actors.push({ label: 'SuperAdmin', token: superToken, roles: ['SuperAdmin'], company: null });
  for (const [name, company] of [
    ['A', A],
    ['B', B],
  ] as const) {
    actors.push({
      label: `${name} Admin`,
      token: company.token,
      roles: ['Admin'],
      company: name,
      email: company.email,
    });
    for (const role of ['Negotiator', 'Authorizer', 'Approver'] as const) {
      actors.push({
        label: `${name} ${role}`,
        token: company.users[role].token,
        roles: [role],
        company: name,
        email: company.users[role].email,
      });
    }
  }
}, 180_000);
afterAll(async () => h.close());

describe('authorization matrix', () => {
  const table = cases();

  it('covers every signed-in method of the contract', () => {
    const signedIn = (Object.keys(METHODS) as MethodName[]).filter((m) => METHODS[m].access !== 'public');
    const uncovered = signedIn.filter((m) => !table[m] && !ELSEWHERE[m]);
    expect(uncovered).toEqual([]);
  });

  for (const [method, c] of Object.entries(table) as [MethodName, Case][]) {
    it(`${method}`, async () => {
      const outcomes: string[] = [];
      const wanted: string[] = [];
      for (const actor of actors) {
        const body = await c.body(actor);
        const want = expected(method, c, actor);
        const before = want === 200 ? null : await tableDigest(h);
        const res = await h.call(method, body, actor.token);
        outcomes.push(`${actor.label}: ${res.statusCode}${res.statusCode >= 400 ? ` ${res.body?.error ?? ''}` : ''}`);
        wanted.push(`${actor.label}: ${want}`);
        if (before)
          expect(await tableDigest(h), `${method} refused for ${actor.label} changed the database`).toEqual(before);
      }
      expect(outcomes.map((o) => o.replace(/^(.*?: \d+).*$/, '$1'))).toEqual(wanted);
    }, 120_000);
  }
});
