// Fills a migrated, empty database with a market: companies with their users, distilleries, mappings, fee rates,
// audit history, listings, bids with their history and a few signed-in sessions, by bulk SQL (INSERT … SELECT over
// generate_series), never through the services one row at a time. Prints its insert rate.
//
//   node bench/generate.mjs --scale small|market [--database-url postgres://…] [--data-dir dir]
//
// Used by bench/run.mjs; on its own it fills the database the flags name (PGlite under DATA_DIR/pglite by default).
import { createHash } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { hash } from '@node-rs/argon2';
import { SPIRIT_NAMES } from '@spirit/domain/companies/companies.constants';

export const SCALES = {
  small: { companies: 200, auditPerCompany: 10, listingsPerCompany: 20, bids: 40_000 },
  market: { companies: 2000, auditPerCompany: 25, listingsPerCompany: 100, bids: 2_000_000 },
};

/** PGlite, one process and a WebAssembly build, holds a quarter of the market's listings (50,000 at market). */
export const PGLITE_LISTING_SHARE = 0.25;
/** … and a twentieth of its bids (100,000 at market, 2,000 at small). */
export const PGLITE_BID_SHARE = 0.05;
/** Bids per pair of listings: at most the last is open (the open-pair index), the others closed. */
const BIDS_PER_PAIR = 10;

export const BENCH_PASSWORD = 'Bench@2026';
export const SUPER_EMAIL = 'admin@bench.test';

/** Tokens of the sessions the generator opens, so scenarios call as a signed-in user without a captcha. */
export const TOKENS = {
  superAdmin: 'bench-token-super-admin-0000000000000000000',
  admin: 'bench-token-company-admin-000000000000000000',
  negotiator: 'bench-token-negotiator-000000000000000000000',
  // The full trade: company 1 (Seller; `negotiator` above is its Negotiator) against company 2 (Buyer), the
  // centralized group's people. These sessions' approval windows are open for the run (sessions.approval_until).
  sellerAuthorizer: 'bench-token-seller-authorizer-00000000000000',
  sellerApprover: 'bench-token-seller-approver-0000000000000000',
  buyerNegotiator: 'bench-token-buyer-negotiator-00000000000000',
  buyerAuthorizer: 'bench-token-buyer-authorizer-00000000000000',
  buyerApprover: 'bench-token-buyer-approver-00000000000000000',
};
/**
 * Parallel trades (`--trade-pairs`): company 2k+1 (Seller) against 2k+2 (Buyer) for k < TRADE_PAIR_CANDIDATES, left
 * without generated bids like the pair 1/2; the pairs whose companies are both Approved are usable (22 of 25).
 */
export const TRADE_PAIR_CANDIDATES = 25;
export const PAIR_ROLES = [
  'sellerNegotiator',
  'sellerAuthorizer',
  'sellerApprover',
  'buyerNegotiator',
  'buyerAuthorizer',
  'buyerApprover',
];
/** The known token of a pair's person (`PAIR_ROLES`). */
export const pairToken = (k, role) => `bench-pair-${String(k).padStart(2, '0')}-${role}`.padEnd(44, '0');
const pairEmail = (k, role) => {
  const company = role.startsWith('seller') ? 2 * k + 1 : 2 * k + 2;
  return `${role.replace(/^(seller|buyer)/, '').toLowerCase()}.${company}@bench.test`;
};
const PAIR_SESSIONS = Array.from({ length: TRADE_PAIR_CANDIDATES }, (_, k) =>
  PAIR_ROLES.map((role) => [pairToken(k, role), pairEmail(k, role)]),
).flat();

const SESSION_EMAILS = {
  superAdmin: SUPER_EMAIL,
  admin: 'admin.1@bench.test',
  negotiator: 'negotiator.1@bench.test',
  sellerAuthorizer: 'authorizer.1@bench.test',
  sellerApprover: 'approver.1@bench.test',
  buyerNegotiator: 'negotiator.2@bench.test',
  buyerAuthorizer: 'authorizer.2@bench.test',
  buyerApprover: 'approver.2@bench.test',
};

const sha256 = (v) => createHash('sha256').update(v).digest('hex');

const PRODUCTS = SPIRIT_NAMES;
const STATES = [
  ['Maharashtra', '27', 'Pune'],
  ['Karnataka', '29', 'Mysuru'],
  ['Uttar Pradesh', '09', 'Lucknow'],
  ['Tamil Nadu', '33', 'Chennai'],
  ['Punjab', '03', 'Ludhiana'],
  ['Haryana', '06', 'Panipat'],
  ['Goa', '30', 'Panaji'],
  ['Madhya Pradesh', '23', 'Indore'],
  ['Gujarat', '24', 'Vadodara'],
  ['Telangana', '36', 'Hyderabad'],
];
const sqlArray = (items) => `(array[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}])`;
const STATE = (i) => `${sqlArray(STATES.map((s) => s[0]))}[1 + (${i}) % ${STATES.length}]`;
const STATE_CODE = (i) => `${sqlArray(STATES.map((s) => s[1]))}[1 + (${i}) % ${STATES.length}]`;
const CITY = (i) => `${sqlArray(STATES.map((s) => s[2]))}[1 + (${i}) % ${STATES.length}]`;
const WORDS = sqlArray(['Sahyadri', 'Ganga', 'Narmada', 'Deccan', 'Kaveri', 'Malwa', 'Konkan', 'Vindhya', 'Doaba']);
const KINDS = sqlArray(['Distilleries', 'Spirits', 'Agro Industries', 'Sugar Mills', 'Breweries', 'Bottlers']);

/**
 * Bids with their history. Pairs of open listings of one product (an offer and an ask of two companies; never the
 * pair of companies 1 and 2 that the full-trade scenario trades on), `pairs` of them (each open offer's first
 * pair before any offer's second, company 1 first), BIDS_PER_PAIR bids each: the
 * first nine closed (Approved, Rejected, Lapsed in turn, over the past year), the last New, OnGoing (valid for 1–47
 * hours more), Approved or Lapsed, so at most one open bid per pair. Approved bids carry `TR-YYYY-NNNNNN`
 * references below pairs × 4 + 1, where the sequence is set. History: one entry for a New bid, 2–4 otherwise.
 * Foreign keys are not checked row by row (session_replication_role = replica): the rows are built from the ids.
 */
function bidStatements(pairs) {
  const at = `(case when s.open then now() - make_interval(mins => (p.p % 600)::int)
    else now() - make_interval(mins => ((p.p * 37 + b * 1009) % 525600 + 3000)::int) end)`;
  return [
    // Statistics first: without them the planner takes the fresh tables for empty and joins them in nested loops.
    [null, `analyze listings, users`],
    [null, `set session_replication_role = replica`],
    [
      'bids',
      `insert into bids (offer_id, ask_id, seller_company_id, buyer_company_id, seller_distillery_id, buyer_distillery_id,
        seller_state, buyer_state, product, placed_by, quantity, price,
        valid_until, export_pass_fee, sales_tax, comment, is_negotiator_buyer_approved, is_authenticator_buyer_approved,
        is_approver_buyer_approved, is_negotiator_seller_approved, is_authenticator_seller_approved,
        is_approver_seller_approved, locked, status, version, trade_reference, approved_at, buyer_commission_amount,
        buyer_state_gst, buyer_central_gst, seller_commission_amount, seller_state_gst, seller_central_gst,
        created_by, updated_by, created_at, updated_at)
      select p.offer_id, p.ask_id, p.seller, p.buyer, p.seller_distillery, p.buyer_distillery,
        p.seller_state, p.buyer_state, p.product, s.placed_by,
        100 + (p.p * 13 + b * 7) % 50 * 10,
        45 + (p.p * 7 + b * 13) % 4000 / 100.0,
        case when s.open then now() + make_interval(hours => (1 + (p.p + b) % 47)::int) else t.at + interval '1 day' end,
        1.25, 18, case when b % 4 = 0 then 'Bench terms ' || b else '' end,
        case when s.status = 'Approved' or s.placed_by = 'Buyer' then true end,
        case when s.status = 'Approved' then true end, case when s.status = 'Approved' then true end,
        case when s.status = 'Approved' or s.placed_by = 'Seller' then true end,
        case when s.status = 'Approved' then true end, case when s.status = 'Approved' then true end,
        s.status = 'Approved', s.status, case when s.status = 'New' then 1 else 2 + b % 5 end,
        case when s.status = 'Approved' then 'TR-' || to_char(t.at, 'YYYY') || '-'
          || lpad((p.p * 4 + case when b = ${BIDS_PER_PAIR} then 0 else b / 3 end + 1)::text, 6, '0') end,
        case when s.status = 'Approved' then t.at + make_interval(mins => (b * 37 % 2880)::int) end,
        case when s.status = 'Approved' then 0.50 end, case when s.status = 'Approved' then 9 end,
        case when s.status = 'Approved' then 9 end, case when s.status = 'Approved' then 0.50 end,
        case when s.status = 'Approved' then 9 end, case when s.status = 'Approved' then 9 end,
        case when s.placed_by = 'Buyer' then p.buyer_user else p.seller_user end,
        case when s.placed_by = 'Buyer' then p.seller_user else p.buyer_user end,
        t.at, case when s.open then t.at else t.at + make_interval(mins => (b * 37 % 2880)::int) end
      from (
        select q.*, (row_number() over (order by q.offer_id, q.ask_id) - 1)::int as p,
          su.id as seller_user, bu.id as buyer_user
        from (select * from (
          select distinct on (o.id, a.id) o.id as offer_id, a.id as ask_id, o.company_id as seller,
            a.company_id as buyer, o.distillery_id as seller_distillery, a.distillery_id as buyer_distillery,
            o.state as seller_state, a.state as buyer_state, o.product, o.j
          from (select o.id, o.company_id, o.distillery_id, o.state, o.product, j, 1 + (o.rn * 7 + j) % an.n as target
            from (select id, company_id, distillery_id, state, product,
                row_number() over (partition by product order by id) as rn
              from listings where side = 'Offer' and status = 'Open') o
            join (select product, count(*) as n from listings where side = 'Ask' and status = 'Open'
              group by product) an on an.product = o.product
            cross join generate_series(0, 2) j) o
          join (select id, company_id, distillery_id, state, product,
              row_number() over (partition by product order by id) as rn
            from listings where side = 'Ask' and status = 'Open') a on a.product = o.product and a.rn = o.target
          where not (o.company_id % 2 = 1 and o.company_id < ${2 * TRADE_PAIR_CANDIDATES}
            and a.company_id = o.company_id + 1)
          order by o.id, a.id, o.j
        ) d order by j, seller, offer_id limit ${pairs}) q
        join users su on su.email = 'negotiator.' || q.seller || '@bench.test'
        join users bu on bu.email = 'negotiator.' || q.buyer || '@bench.test'
      ) p
      cross join generate_series(1, ${BIDS_PER_PAIR}) b
      cross join lateral (select
        case when b < ${BIDS_PER_PAIR} then (array['Approved', 'Rejected', 'Lapsed'])[1 + b % 3]
          else (array['New', 'OnGoing', 'Approved', 'Lapsed'])[1 + p.p % 4] end as status,
        b = ${BIDS_PER_PAIR} and p.p % 4 < 2 as open,
        case when (p.p + b) % 2 = 0 then 'Buyer' else 'Seller' end as placed_by) s
      cross join lateral (select ${at} as at) t`,
    ],
    [null, `analyze bids`],
    [
      'bid_history',
      `insert into bid_history (bid_id, company_type, user_id, role, quantity, price, valid_until, status, comment,
        product, state, is_confidential, created_at)
      select b.id, x.side, case when x.last and b.status = 'Lapsed' then null
          when x.side = b.placed_by then b.created_by else b.updated_by end,
        case when not (x.last and b.status = 'Lapsed') then 'Negotiator' end,
        b.quantity, b.price, b.valid_until,
        case when not x.last then (case when h = 1 then 'New' else 'OnGoing' end)
          when b.status = 'Approved' then 'Accepted' else b.status end,
        case when h = 1 then b.comment end, b.product,
        case when x.side = 'Seller' then o.state else a.state end, false,
        b.created_at + (b.updated_at - b.created_at) * (h - 1) / greatest(n.n - 1, 1)
      from bids b
      join listings o on o.id = b.offer_id
      join listings a on a.id = b.ask_id
      cross join lateral (select case when b.status = 'New' then 1 else 2 + b.id % 3 end as n) n
      cross join lateral generate_series(1, n.n) h
      cross join lateral (select h = n.n as last,
        case when (h % 2 = 1) = (b.placed_by = 'Buyer') then 'Buyer' else 'Seller' end as side) x`,
    ],
    [
      'invoices',
      // Each approved trade's two service-fee invoices, as the final approval issues them (invoices.service.ts):
      // numbered per financial year in the order of approval, at the bench bids' snapshot rates (0.50 ₹/L, 9 % + 9 %).
      `insert into invoices (number, kind, series, financial_year, serial, bid_id, side, company_id, issued_at,
        billed_name, billed_address, billed_state, billed_gstin, platform_name, platform_address, platform_state,
        platform_gstin, trade_reference, product, quantity, rate, taxable, cgst_rate, sgst_rate, igst_rate, cgst, sgst,
        igst, total)
      select 'SX/' || i.fy || '/' || lpad(i.serial::text, greatest(6, length(i.serial::text)), '0'), 'invoice', 'SX',
        i.fy, i.serial, i.bid_id, i.side, c.id, i.approved_at, c.registered_name, c.address, c.state, c.gst_number,
        'Spirit Exchange Private Limited', 'Bandra Kurla Complex, Mumbai 400051', 'Maharashtra', '27AAPFU0939F1ZV',
        i.trade_reference, i.product, i.quantity, 0.50, i.taxable, 9, 9, 0, round(i.taxable * 0.09, 2),
        round(i.taxable * 0.09, 2), 0, i.taxable + 2 * round(i.taxable * 0.09, 2)
      from (
        select b.id as bid_id, x.side, b.approved_at, b.trade_reference, b.product, b.quantity,
          round(b.quantity * 0.50, 2) as taxable, f.fy,
          case when x.side = 'buyer' then b.buyer_company_id else b.seller_company_id end as company_id,
          row_number() over (partition by f.fy order by b.approved_at, b.id, x.side)::int as serial
        from bids b
        cross join (values ('buyer'), ('seller')) x(side)
        cross join lateral (select b.approved_at at time zone 'Asia/Kolkata' as ist) t
        cross join lateral (select extract(year from t.ist)::int
          - case when extract(month from t.ist) < 4 then 1 else 0 end as start) y
        cross join lateral (select y.start || '-' || lpad(((y.start + 1) % 100)::text, 2, '0') as fy) f
        where b.status = 'Approved'
      ) i
      join companies c on c.id = i.company_id`,
    ],
    [
      null,
      `insert into invoice_counters (series, financial_year, last_number)
      select series, financial_year, max(serial) from invoices group by series, financial_year`,
    ],
    [null, `set session_replication_role = origin`],
    // The summaries (migrations 0024, 0030 and 0032): their triggers do not fire for rows inserted as a replica, so
    // they are summed here once, as the migration sums an existing market.
    [null, `select rebuild_summaries()`],
    [null, `select setval('trade_reference_seq', ${pairs * 4 + 1})`],
  ];
}

/**
 * The statements that build the market, in order, each with the table it fills. Every company g (1…n) is a Seller
 * when g is odd, a Buyer when even; about 90 % are Approved. PAN and GSTIN follow the real formats (checksums
 * are not computed: rows are inserted below the services).
 */
function statements(n, auditPerCompany, listingsPerCompany, bidCount, passwordHash) {
  const pairs = Math.ceil(bidCount / BIDS_PER_PAIR);
  const pan = `'AB' || chr(65 + g % 26) || 'P' || chr(65 + (g / 26) % 26) || lpad((g % 10000)::text, 4, '0') || chr(65 + g % 23)`;
  return [
    [
      'companies',
      `insert into companies (type, name, registered_name, license_number, pan_no, gst_number, address, city, state,
        pin_code, email, mobile_number, status, is_bid_confidential, created_at, updated_at)
      select case when g % 2 = 1 then 'Seller' else 'Buyer' end,
        ${WORDS}[1 + g % 9] || ' ' || ${KINDS}[1 + g % 6] || ' ' || g,
        ${WORDS}[1 + g % 9] || ' ' || ${KINDS}[1 + g % 6] || ' ' || g || ' Private Limited',
        'LIC/' || g, ${pan}, ${STATE_CODE('g')} || ${pan} || '1Z' || chr(65 + g % 26),
        g || ' Industrial Area', ${CITY('g')}, ${STATE('g')}, '4110' || lpad((g % 100)::text, 2, '0'),
        'company' || g || '@bench.test', '98' || lpad(g::text, 8, '0'),
        case when g % 20 = 0 then 'Pending' when g % 31 = 0 then 'Rejected' else 'Approved' end,
        g % 10 = 0, now() - (g || ' minutes')::interval, now()
      from generate_series(1, ${n}) g`,
    ],
    [
      'company_spirits',
      `insert into company_spirits (company_id, type_of_spirit)
      select c.id, ${sqlArray(PRODUCTS)}[1 + (c.id + k) % ${PRODUCTS.length}]
      from companies c cross join generate_series(0, 2) k`,
    ],
    [
      'users',
      `insert into users (company_id, name, email, mobile_number, password_hash, is_active, is_admin, created_at)
      select c.id, r.title || ' ' || c.id, r.role || '.' || c.id || '@bench.test', '97' || lpad(c.id::text, 8, '0'),
        '${passwordHash}', c.status = 'Approved', r.role = 'admin', now()
      from companies c cross join (values ('admin', 'Admin'), ('negotiator', 'Negotiator'), ('authorizer', 'Authorizer'),
        ('approver', 'Approver'), ('negotiator2', 'Second Negotiator')) r(role, title)`,
    ],
    [
      'distilleries',
      `insert into distilleries (company_id, name, address, state, license_number, gst_number)
      select c.id, 'Unit ' || k || ' of ' || c.name, 'Plot ' || k || ', ' || c.city, ${STATE('c.id + k')},
        'DL/' || c.id || '/' || k, ''
      from companies c cross join generate_series(1, 3) k`,
    ],
    [
      'mappings',
      `insert into mappings (company_id, type, name, negotiator_id, authorizer_id, approver_id)
      select c.id, m.type, case when m.type = 'Centralized' then 'Group of ' || c.id else 'Unit 1 of ' || c.name end,
        max(u.id) filter (where split_part(u.email, '.', 1) = m.negotiator),
        max(u.id) filter (where split_part(u.email, '.', 1) = 'authorizer'),
        max(u.id) filter (where split_part(u.email, '.', 1) = 'approver')
      from companies c cross join (values ('Centralized', 'negotiator'), ('Decentralized', 'negotiator2')) m(type, negotiator)
      join users u on u.company_id = c.id
      group by c.id, c.name, m.type, m.negotiator`,
    ],
    [
      'mapping_distilleries',
      `insert into mapping_distilleries (mapping_id, distillery_id)
      select m.id, d.id from mappings m join distilleries d on d.company_id = m.company_id
      where (m.type = 'Decentralized' and d.name like 'Unit 1 of %')
         or (m.type = 'Centralized' and d.name not like 'Unit 1 of %')`,
    ],
    [
      'fee_rates',
      `insert into fee_rates (company_type, company_id, product, commission_amount, state_gst, central_gst)
      select t, null, null, 0.50, 9, 9 from unnest(array['Seller', 'Buyer']) t
      union all
      select c.type, c.id, null, 0.25 + (c.id % 10) / 20.0, 9, 9 from companies c
      where c.status = 'Approved' and c.id % 10 = 0`,
    ],
    [
      'audit_log',
      `insert into audit_log (actor_user_id, company_id, action, object_type, object_id, before, after, created_at)
      select u.id, c.id, ${sqlArray(['user.updated', 'distillery.updated', 'mapping.updated', 'company.updated'])}[1 + k % 4],
        ${sqlArray(['user', 'distillery', 'mapping', 'company'])}[1 + k % 4], (c.id * 100 + k)::text,
        jsonb_build_object('name', 'Before ' || k), jsonb_build_object('name', 'After ' || k),
        now() - ((c.id * ${auditPerCompany} + k) || ' minutes')::interval
      from companies c join users u on u.company_id = c.id and u.is_admin
      cross join generate_series(1, ${auditPerCompany}) k`,
    ],
    [
      'listings',
      // Each company lists its own products at its own distilleries, over periods from 2026-10 on; one in twenty
      // is Closed (sold out). Units 2 and 3 are the centralized group's, unit 1 the de-centralized one's.
      `insert into listings (side, company_id, distillery_id, state, product, from_period, to_period,
        original_quantity, available_quantity, price, export_pass_fee, sales_tax, import_pass_fee,
        transit_permit_fee, escort_fee, corporation_fee, misc_handling, transportation, status, created_at, updated_at)
      select case when c.type = 'Seller' then 'Offer' else 'Ask' end, c.id, d.id, d.state,
        ${sqlArray(PRODUCTS)}[1 + (c.id + k % 3) % ${PRODUCTS.length}],
        to_char(date '2026-10-01' + ((k % 9) || ' months')::interval, 'YYYY-MM'),
        to_char(date '2026-10-01' + ((k % 9 + k % 5) || ' months')::interval, 'YYYY-MM'),
        1000 + (k * 37 % 90) * 100, case when k % 20 = 0 then 0 else 1000 + (k * 37 % 90) * 100 end,
        45 + (c.id * 7 + k * 13) % 4000 / 100.0,
        case when c.type = 'Seller' then 1.25 end, case when c.type = 'Seller' then 18 end,
        case when c.type = 'Buyer' then 2 end, case when c.type = 'Buyer' then 0.5 end,
        case when c.type = 'Buyer' then 0.25 end, case when c.type = 'Buyer' then 1 end,
        case when c.type = 'Buyer' then 0.1 end, case when c.type = 'Buyer' then (c.id + k) % 5 end,
        case when k % 20 = 0 then 'Closed' else 'Open' end,
        now() - ((k * 17 + c.id) || ' minutes')::interval, now() - ((k * 11 + c.id) || ' minutes')::interval
      from companies c cross join generate_series(1, ${listingsPerCompany}) k
      cross join lateral (select id, state from distilleries where company_id = c.id order by id
        offset (1 + k % 2) limit 1) d
      where c.status = 'Approved'`,
    ],
    [
      'users',
      `insert into users (company_id, name, email, password_hash, is_active, is_super_admin)
      values (null, 'Bench Platform Admin', '${SUPER_EMAIL}', '${passwordHash}', true, true)`,
    ],
    ...bidStatements(pairs),
    [
      'ratings',
      // Every company's ratings of twenty other companies' distilleries over the past year (the industry rating of a
      // list row is the mean of each company's latest), and company 1's ten thousand more (issue 22's export of
      // 10,000 rows). Distillery ids are 1…3n in a fresh database.
      `insert into ratings (from_company_id, to_company_id, to_distillery_id, rating, source, created_at)
      select g, d.company_id, d.id, 1 + (g + d.id) % 5, (array['New', 'Approved', 'Rejected'])[1 + (g * 7 + d.id) % 3],
        now() - ((g * 13 + k) % 365) * interval '1 day' - k * interval '1 minute'
      from generate_series(1, ${n}) g cross join generate_series(1, 20) k
      join distilleries d on d.id = 1 + (g * 37 + k * 101) % ${3 * n}
      where d.company_id <> g
      union all
      select 1, d.company_id, d.id, 1 + k % 5, (array['New', 'Approved', 'Rejected'])[1 + k % 3],
        now() - (k % 365) * interval '1 day' - k * interval '1 second'
      from generate_series(1, 10000) k join distilleries d on d.id = 1 + (k * 7) % ${3 * n}
      where d.company_id <> 1`,
    ],
    [
      'sessions',
      `insert into sessions (token_hash, user_id, expires_at, last_seen_at, approval_until)
      select t.hash, u.id, now() + interval '7 days', now() + interval '7 days',
        case when t.hash not in ('${sha256(TOKENS.superAdmin)}', '${sha256(TOKENS.admin)}') then now() + interval '7 days' end
      from (values ${[...Object.entries(SESSION_EMAILS).map(([k, email]) => [TOKENS[k], email]), ...PAIR_SESSIONS]
        .map(([token, email]) => `('${sha256(token)}', '${email}')`)
        .join(', ')}) t(hash, email)
      join users u on u.email = t.email`,
    ],
  ];
}

/**
 * Runs the generator through `exec(sql) → {affectedRows|rowCount}` (one statement per call, as PGlite needs).
 * Returns what it inserted and how fast.
 */
export async function generate(exec, { scale = 'small', kind = 'postgres', log = console.log } = {}) {
  const { companies, auditPerCompany } = SCALES[scale];
  const listingsPerCompany = Math.round(
    SCALES[scale].listingsPerCompany * (kind === 'pglite' ? PGLITE_LISTING_SHARE : 1),
  );
  const bidCount = Math.round(SCALES[scale].bids * (kind === 'pglite' ? PGLITE_BID_SHARE : 1));
  const passwordHash = await hash(BENCH_PASSWORD);
  const started = performance.now();
  const counts = {};
  for (const [table, text] of statements(companies, auditPerCompany, listingsPerCompany, bidCount, passwordHash)) {
    const res = await exec(text);
    if (!table) continue;
    counts[table] = (counts[table] ?? 0) + Number(res.rowCount ?? res.affectedRows ?? 0);
  }
  const seconds = (performance.now() - started) / 1000;
  // Vacuumed as well as analysed: a market's tables have been through (auto)vacuum, whose visibility map lets an
  // index-only scan skip the table. Left to the server, the embedded database's vacuum job (or PostgreSQL's
  // autovacuum) would run during the measurements and change plans' costs between scenarios.
  await exec('vacuum (analyze)');
  const ids = await marketIds(exec);
  const rows = Object.values(counts).reduce((a, b) => a + b, 0);
  log(
    `  generated ${rows.toLocaleString('en-IN')} rows (${Object.entries(counts)
      .map(([t, c]) => `${t} ${c}`)
      .join(', ')}) in ${seconds.toFixed(1)} s: ${Math.round(rows / seconds).toLocaleString('en-IN')} rows/s`,
  );
  return { scale, counts, rows, seconds, rowsPerSecond: rows / seconds, ids };
}

/** The ids the scenarios call with, read from a generated market. */
export async function marketIds(exec) {
  const ids = (
    await exec(`select
      (select company_id from users where email = 'admin.1@bench.test') as company,
      (select id from users where email = 'approver.1@bench.test') as "user",
      (select min(id) from distilleries where company_id = 1) as distillery,
      (select min(id) from mappings where company_id = 1) as mapping,
      (select min(id) from fee_rates) as fee,
      (select min(l.id) from listings l join distilleries d on d.id = l.distillery_id
        where l.company_id = 1 and l.status = 'Open' and d.name like 'Unit 2 %') as listing,
      (select min(id) from listings where company_id = 2 and status = 'Open') as market_item,
      (select min(id) from distilleries where company_id = 1 and name like 'Unit 2 %') as negotiated_distillery,
      (select state from distilleries where company_id = 1 and name like 'Unit 2 %' limit 1) as negotiated_state,
      (select min(type_of_spirit) from company_spirits where company_id = 1) as negotiated_product,
      (select min(id) from bids where seller_company_id = 1) as bid,
      (select offer_id from bids where seller_company_id = 1 group by offer_id order by count(*) desc, offer_id
        limit 1) as bid_offer`)
  ).rows[0];
  // The full trade's pair: an open offer of company 1 and an open ask of company 2, one product, overlapping periods
  // that run past next month (the bid calls refuse a listing whose period has ended).
  const [trade] = (
    await exec(`select o.id as offer, a.id as ask from listings o
      join listings a on a.product = o.product and a.side = 'Ask' and a.company_id = 2 and a.status = 'Open'
        and a.from_period <= o.to_period and o.from_period <= a.to_period
        and a.to_period >= to_char(now() + interval '1 month', 'YYYY-MM')
      where o.company_id = 1 and o.side = 'Offer' and o.status = 'Open'
        and o.to_period >= to_char(now() + interval '1 month', 'YYYY-MM')
      order by least(o.available_quantity, a.available_quantity) desc, o.id, a.id limit 1`)
  ).rows;
  Object.assign(ids, { trade_offer: trade?.offer ?? null, trade_ask: trade?.ask ?? null });
  // The same for every pair of `--trade-pairs` (k: seller 2k+1, buyer 2k+2), where both companies are Approved; not
  // the full trade's pair (k = 0), so that what each listing holds now is what it held when the parallel run began.
  ids.trade_pairs = (
    await exec(`select k, t.offer, t.ask, t.offer_available, t.ask_available
      from generate_series(1, ${TRADE_PAIR_CANDIDATES - 1}) k
      cross join lateral (select o.id as offer, a.id as ask, o.available_quantity::float8 as offer_available,
          a.available_quantity::float8 as ask_available from listings o
        join listings a on a.product = o.product and a.side = 'Ask' and a.company_id = 2 * k + 2 and a.status = 'Open'
          and a.from_period <= o.to_period and o.from_period <= a.to_period
          and a.to_period >= to_char(now() + interval '1 month', 'YYYY-MM')
        where o.company_id = 2 * k + 1 and o.side = 'Offer' and o.status = 'Open'
          and o.to_period >= to_char(now() + interval '1 month', 'YYYY-MM')
        order by least(o.available_quantity, a.available_quantity) desc, o.id, a.id limit 1) t
      where (select bool_and(status = 'Approved') from companies where id in (2 * k + 1, 2 * k + 2))
      order by k`)
  ).rows;
  return ids;
}

/** A statement runner for a PostgreSQL server URL or a PGlite data directory, and how to close it. */
export async function openExec({ databaseUrl, dataDir }) {
  if (databaseUrl) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    return { kind: 'postgres', exec: (text) => client.query(text), close: () => client.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), extensions: { pg_trgm } });
  return { kind: 'pglite', exec: (text) => db.query(text), close: () => db.close() };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : fallback;
  };
  const { kind, exec, close } = await openExec({
    databaseUrl: arg('database-url', process.env.DATABASE_URL),
    dataDir: arg('data-dir', process.env.DATA_DIR ?? './data'),
  });
  try {
    await generate(exec, { scale: arg('scale', 'small'), kind });
  } finally {
    await close();
  }
}
