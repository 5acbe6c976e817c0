// First-start data: the SuperAdmin, and with SEED_DEMO a small market of approved companies whose admins can
// sign in. Companies go through the same review service as real registrations, so the seed obeys the rules.
import { randomBytes } from 'node:crypto';
import { gstCheckCharacter } from '@spirit/domain/common/validators';
import { distilleryFormSchema } from '@spirit/domain/distilleries/distilleries.schemas';
import { gstStateCode } from '@spirit/domain/geo/geo.rules';
import { currentPeriod } from '@spirit/domain/listings/listings.rules';
import { feeFormSchema } from '@spirit/domain/fees/fees.schemas';
import { mappingFormSchema } from '@spirit/domain/mappings/mappings.schemas';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Actor } from './lib/actor.js';
import { hashPassword } from './lib/crypto.js';
import { voidInvitations } from './modules/auth/auth.repository.js';
import { insertCompany } from './modules/companies/companies.repository.js';
import { reviewCompany } from './modules/companies/companies.service.js';
import { create as createDistillery } from './modules/distilleries/distilleries.service.js';
import { create as createFee } from './modules/fees/fees.service.js';
import { claimUpload } from './modules/files/files.service.js';
import { files } from './modules/files/files.table.js';
import { stateCities } from './modules/geo/geo.service.js';
import { create as createListing } from './modules/listings/listings.service.js';
import { create as createMapping } from './modules/mappings/mappings.service.js';
import { seedBids } from './seed-bids.js';
import { seedRatings } from './seed-ratings.js';
import { addUser } from './modules/users/users.admin.service.js';
import { findUserByEmail } from './modules/users/users.repository.js';
import { users } from './modules/users/users.table.js';
import type { Deps } from './types.js';

export const DEMO_PASSWORD = 'Demo@2026';

type DemoCompany = {
  type: 'Seller' | 'Buyer';
  name: string;
  pan: string;
  state: string;
  city: string;
  email: string;
  spirits: string[];
  /** Distillery towns: the first and last in `state`, the middle one in `otherState`. */
  towns: [string, string, string];
  otherState: string;
  /** The negotiator, authorizer, approver and second negotiator. */
  people: [string, string, string, string];
};

export const DEMO_COMPANIES: DemoCompany[] = [
  {
    type: 'Seller',
    name: 'Deccan Distilleries',
    pan: 'AADCD1234K',
    state: 'Maharashtra',
    city: 'Pune',
    email: 'admin@deccan-distilleries.example',
    spirits: ['Molasses ENA', 'Molasses RS', 'Molasses'],
    towns: ['Baramati', 'Ponda', 'Nashik'],
    otherState: 'Goa',
    people: ['Rohan Patil', 'Meera Kulkarni', 'Sanjay Deshmukh', 'Pooja Jadhav'],
  },
  {
    type: 'Seller',
    name: 'Ganga Grain Spirits',
    pan: 'AAGCG5678L',
    state: 'Uttar Pradesh',
    city: 'Lucknow',
    email: 'admin@ganga-grain.example',
    spirits: ['Grain ENA', 'Grain Tripple Distilled ENA'],
    towns: ['Meerut', 'Panipat', 'Kanpur'],
    otherState: 'Haryana',
    people: ['Amit Verma', 'Neha Srivastava', 'Rajesh Tripathi', 'Kavita Mishra'],
  },
  {
    type: 'Seller',
    name: 'Kaveri Malt Works',
    pan: 'AAKCK9012M',
    state: 'Karnataka',
    city: 'Mysore',
    email: 'admin@kaveri-malt.example',
    spirits: ['Malt Spirit', 'Grain ENA', 'Rum Spirit', 'Grape Spirit'],
    towns: ['Mandya', 'Hosur', 'Hassan'],
    otherState: 'Tamil Nadu',
    people: ['Kiran Gowda', 'Lakshmi Rao', 'Suresh Hegde', 'Divya Shetty'],
  },
  {
    type: 'Buyer',
    name: 'Punjab Bottling Company',
    pan: 'AAPCP3456N',
    state: 'Punjab',
    city: 'Ludhiana',
    email: 'admin@punjab-bottling.example',
    spirits: ['Molasses ENA', 'Grain ENA', 'Malt Spirit'],
    towns: ['Ludhiana', 'Alwar', 'Jalandhar'],
    otherState: 'Rajasthan',
    people: ['Harpreet Singh', 'Simran Kaur', 'Gurdeep Sandhu', 'Manpreet Gill'],
  },
  {
    type: 'Buyer',
    name: 'Bengal Blenders',
    pan: 'AABCB7890P',
    state: 'West Bengal',
    city: 'Kolkata',
    email: 'admin@bengal-blenders.example',
    spirits: ['Molasses ENA', 'Grain Tripple Distilled ENA', 'Molasses RS', 'Molasses'],
    towns: ['Howrah', 'Varanasi', 'Durgapur'],
    otherState: 'Uttar Pradesh',
    people: ['Arjun Banerjee', 'Riya Chatterjee', 'Sourav Ghosh', 'Ananya Mukherjee'],
  },
  {
    type: 'Buyer',
    name: 'Rajputana Beverages',
    pan: 'AARCR2345Q',
    state: 'Rajasthan',
    city: 'Jaipur',
    email: 'admin@rajputana-beverages.example',
    spirits: ['Grain ENA', 'Rum Spirit', 'Grape Spirit'],
    towns: ['Jaipur', 'Bathinda', 'Udaipur'],
    otherState: 'Punjab',
    people: ['Vikram Rathore', 'Priya Shekhawat', 'Mahesh Choudhary', 'Sunita Meena'],
  },
];

export function demoGst(state: string, pan: string): string {
  const first14 = `${gstStateCode(state) ?? '27'}${pan}1Z`;
  return first14 + gstCheckCharacter(first14);
}

/** A one-page PDF standing in for a scanned PAN card. */
function demoPanPdf(company: string): Buffer {
  const text = `PAN card of ${company} (demo)`.replace(/[()\\]/g, '');
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** The demo users of each company: the address's local part names the role (at the admin's domain). */
export const DEMO_STAFF = [
  { local: 'negotiator', role: 'Negotiator' },
  { local: 'authorizer', role: 'Authorizer' },
  { local: 'approver', role: 'Approver' },
  { local: 'negotiator2', role: 'Negotiator' },
] as const;

const LICENCE_PREFIX: Record<string, string> = {
  Maharashtra: 'MHA',
  'Uttar Pradesh': 'UPL',
  Karnataka: 'KAR',
  Punjab: 'PBL',
  'West Bengal': 'WBL',
  Rajasthan: 'RJL',
  Goa: 'GAL',
  Haryana: 'HRL',
  'Tamil Nadu': 'TNL',
};

const domainOf = (c: DemoCompany) => c.email.slice(c.email.indexOf('@') + 1);

export type DemoAccount = { email: string; role: string };
export type SeedReport = {
  superAdmin: { email: string; password: string | null };
  demo: { company: string; type: string; domain: string; password: string; accounts: DemoAccount[] }[];
};

const accountsOf = (c: DemoCompany): DemoAccount[] => [
  { email: c.email, role: 'Admin' },
  ...DEMO_STAFF.map((s) => ({ email: `${s.local}@${domainOf(c)}`, role: s.role })),
];

const actorOf = (
  user: { id: number; name: string; email: string },
  company: Actor['companyId'],
  c?: DemoCompany,
): Actor => ({
  sessionId: 0,
  userId: user.id,
  name: user.name,
  email: user.email,
  companyId: company,
  companyName: c?.name ?? null,
  companyType: c?.type ?? null,
  roles: c ? ['Admin'] : ['SuperAdmin'],
});

/**
 * Demo users get the known demo password directly. The link their approval or invitation mail carried is voided:
 * the mail stays in the outbox and the log, and must not be a way to replace the documented password.
 */
async function giveDemoPassword(deps: Deps, userId: number, demoHash: string) {
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ password_hash: demoHash, is_active: true }).where(eq(users.id, userId));
    await voidInvitations(tx, userId, deps.now());
  });
}

/**
 * A demo company's team, through the same services an Admin uses: four users (active, with the demo password),
 * three distilleries in two states, a centralized group of two and a de-centralized mapping of the third.
 */
async function seedTeam(deps: Deps, c: DemoCompany, index: number, companyId: number, demoHash: string) {
  const admin = (await findUserByEmail(deps.db, c.email))!;
  const actor = actorOf(admin, companyId, c);
  // The demo users get the known demo password instead of an invitation mail.
  const quiet: Deps = { ...deps, mailer: { send: async () => {}, flush: async () => {} } };
  const staff: number[] = [];
  for (const [i, s] of DEMO_STAFF.entries()) {
    const { id } = await addUser(quiet, actor, {
      email: `${s.local}@${domainOf(c)}`,
      name: c.people[i]!,
      mobile_number: `98${String(index).padStart(2, '0')}0000${String(i).padStart(2, '0')}`,
    });
    await giveDemoPassword(deps, id, demoHash);
    staff.push(id);
  }
  const distilleryIds: number[] = [];
  for (const [i, town] of c.towns.entries()) {
    const state = i === 1 ? c.otherState : c.state;
    const form = distilleryFormSchema.parse({
      name: `${town} Distillery`,
      address: `Industrial Area, ${town}`,
      state,
      license_number: `${LICENCE_PREFIX[state] ?? 'DST'}/${10_000 + index * 10 + i}/2025`,
      gst_number: demoGst(state, c.pan),
    });
    distilleryIds.push((await createDistillery(deps, actor, form)).id);
  }
  const [negotiator, authorizer, approver, negotiator2] = staff as [number, number, number, number];
  await createMapping(
    deps,
    actor,
    mappingFormSchema.parse({
      type: 'Centralized',
      name: `${c.name.split(' ')[0]} Central Group`,
      distilleries: distilleryIds.slice(0, 2),
      negotiator,
      authorizer,
      approver,
    }),
  );
  await createMapping(
    deps,
    actor,
    mappingFormSchema.parse({
      type: 'Decentralized',
      distilleries: [distilleryIds[2]],
      negotiator: negotiator2,
      authorizer,
      approver,
    }),
  );
  return { negotiator, negotiator2, distilleryIds };
}

/** Ex-distillery prices (₹/L) the demo market moves around, per product. */
const BASE_PRICE: Record<string, number> = {
  'Molasses ENA': 62,
  'Molasses RS': 55,
  'Grain ENA': 74,
  'Grain Tripple Distilled ENA': 82,
  Molasses: 14,
  'Malt Spirit': 110,
  'Grape Spirit': 96,
  'Rum Spirit': 68,
};

/**
 * The demo market: every product of each demo company at each of its distilleries, posted by the distillery's
 * Negotiator through the listings service, over periods that start this month, so every demo Negotiator sees
 * possible counterparties at once. Prices and fees vary by company and distillery, so the landed ranking differs
 * from the price ranking.
 */
async function seedMarket(
  deps: Deps,
  c: DemoCompany,
  index: number,
  companyId: number,
  team: Awaited<ReturnType<typeof seedTeam>>,
) {
  const period = currentPeriod(deps.now());
  for (const [i, distilleryId] of team.distilleryIds.entries()) {
    const negotiatorId = i === 2 ? team.negotiator2 : team.negotiator;
    const user = (await deps.db.select().from(users).where(eq(users.id, negotiatorId)))[0]!;
    const actor: Actor = { ...actorOf(user, companyId, c), roles: ['Negotiator'] };
    for (const [p, product] of c.spirits.entries()) {
      const step = (index * 7 + i * 3 + p) % 9; // 0–8, a spread of prices and fees
      const price = BASE_PRICE[product]! * (c.type === 'Seller' ? 1 : 0.96) + step * 0.75 - 3;
      const common = {
        from_period: addMonths(period, step % 2),
        to_period: addMonths(period, 3 + (step % 4)),
        state: i === 1 ? c.otherState : c.state,
        distillery_id: distilleryId,
        product,
        offer_quantity: (20_000 + step * 5_000 + p * 2_500).toFixed(1),
        offer_price: price.toFixed(2),
      };
      const fees =
        c.type === 'Seller'
          ? { export_pass_fee: (0.5 + (step % 4) * 0.5).toFixed(2), sales_tax: [5, 12, 18][step % 3]! }
          : {
              import_pass_fee: (1 + (step % 3) * 0.5).toFixed(2),
              transit_permit_fee: '0.50',
              escort_fee: (0.25 * (step % 3)).toFixed(2),
              corporation_fee: (1 + (step % 2)).toFixed(2),
              misc_handling: '0.20',
              transportation: (2 + (step % 5) * 0.75).toFixed(2),
            };
      await createListing(deps, actor, { ...common, ...fees });
    }
  }
}

function addMonths(period: string, months: number) {
  const [y, m] = period.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + months, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** Type-wide rates for both sides, and for each side one company + product override. */
async function seedFees(deps: Deps, superAdmin: Actor, companyIds: Map<string, number>) {
  const rates = [
    { company_type: 'Seller', commission_amount: 1, state_gst: 9, central_gst: 9 },
    { company_type: 'Buyer', commission_amount: 1.25, state_gst: 9, central_gst: 9 },
    {
      company_type: 'Seller',
      company_id: companyIds.get('Deccan Distilleries'),
      product: 'Molasses ENA',
      commission_amount: 0.75,
      state_gst: 9,
      central_gst: 9,
    },
    {
      company_type: 'Buyer',
      company_id: companyIds.get('Punjab Bottling Company'),
      product: 'Grain ENA',
      commission_amount: 1,
      state_gst: 6,
      central_gst: 6,
    },
  ];
  for (const rate of rates) await createFee(deps, superAdmin, feeFormSchema.parse(rate));
}

export async function seed(deps: Deps): Promise<SeedReport | null> {
  const { config, db } = deps;
  if (await findUserByEmail(db, config.adminEmail)) return null;
  const password = config.adminPassword ?? `Sx-${randomBytes(9).toString('base64url')}1!`;
  const [admin] = await db
    .insert(users)
    .values({
      name: 'Platform Admin',
      email: config.adminEmail,
      password_hash: await hashPassword(password),
      is_active: true,
      is_super_admin: true,
    })
    .returning();
  const report: SeedReport = {
    superAdmin: { email: config.adminEmail, password: config.adminPassword ? null : password },
    demo: [],
  };
  if (!config.seedDemo) return report;

  const actor = actorOf(admin!, null);
  const table = await stateCities();
  const demoHash = await hashPassword(DEMO_PASSWORD);
  const companyIds = new Map<string, number>();
  for (const [index, c] of DEMO_COMPANIES.entries()) {
    const cities = table.find((s) => s.state === c.state)?.cities ?? [];
    const city = cities.includes(c.city) ? c.city : (cities[0] ?? c.city);
    const pdf = demoPanPdf(c.name);
    const fileId = crypto.randomUUID();
    await deps.storage.put(fileId, pdf);
    const company = await db.transaction(async (tx) => {
      await tx.insert(files).values({
        id: fileId,
        original_name: 'pan-card.pdf',
        content_type: 'application/pdf',
        size: pdf.length,
        storage_key: fileId,
      });
      const created = await insertCompany(
        tx,
        {
          type: c.type,
          name: c.name,
          registered_name: `${c.name} Private Limited`,
          pan_no: c.pan,
          gst_number: demoGst(c.state, c.pan),
          address: `Plot 12, Industrial Area, ${city}`,
          city,
          state: c.state,
          pin_code: '411001',
          email: c.email,
          mobile_number: '9876543210',
          license_number: 'ABC/12345/2026',
          license_file_id: fileId,
          status: 'Pending',
        },
        c.spirits,
      );
      await claimUpload(tx, fileId, created.id, deps.now());
      return created;
    });
    await reviewCompany(deps, actor, { id: company.id, status: 'Approved' });
    await giveDemoPassword(deps, (await findUserByEmail(db, c.email))!.id, demoHash);
    const team = await seedTeam(deps, c, index, company.id, demoHash);
    await seedMarket(deps, c, index, company.id, team);
    companyIds.set(c.name, company.id);
    report.demo.push({
      company: c.name,
      type: c.type,
      domain: domainOf(c),
      password: DEMO_PASSWORD,
      accounts: accountsOf(c),
    });
  }
  await seedFees(deps, actor, companyIds);
  await seedBids(deps, { companies: DEMO_COMPANIES, companyIds });
  await seedRatings(deps, { companies: DEMO_COMPANIES, companyIds, superAdmin: actor });
  return report;
}

/** The demo accounts that exist in this database (demo passwords are fixed, so they can be shown every start). */
export async function existingDemoAccounts(deps: Deps): Promise<SeedReport['demo']> {
  const wanted = DEMO_COMPANIES.flatMap(accountsOf).map((a) => a.email);
  const rows = await deps.db
    .select({ email: users.email })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, wanted));
  const present = new Set(rows.map((r) => r.email.toLowerCase()));
  return DEMO_COMPANIES.map((c) => ({
    company: c.name,
    type: c.type,
    domain: domainOf(c),
    password: DEMO_PASSWORD,
    accounts: accountsOf(c).filter((a) => present.has(a.email)),
  })).filter((d) => d.accounts.length > 0);
}

export function printSignIns(
  opts: {
    url: string;
    superAdminEmail: string;
    superAdminPassword: string | null;
    firstStart: boolean;
    demo: SeedReport['demo'];
  },
  log: (line: string) => void = console.log,
) {
  log('');
  log(`  Spirit Exchange is running at ${opts.url}`);
  log('');
  log('  Sign in with:');
  const adminPassword =
    opts.superAdminPassword ??
    (opts.firstStart ? '(the ADMIN_PASSWORD you set)' : '(as printed at first start, or ADMIN_PASSWORD)');
  log(`    SuperAdmin  ${opts.superAdminEmail.padEnd(38)} ${adminPassword}`);
  if (opts.superAdminPassword)
    log('                (generated and shown once: note it, or set ADMIN_PASSWORD before the first start)');
  if (opts.demo.length) {
    const passwords = [...new Set(opts.demo.map((d) => d.password))].join(', ');
    log('');
    log(`  Demo companies (password ${passwords}); sign in as <account>@<domain>:`);
    const width = Math.max(...opts.demo.map((d) => d.company.length));
    const domainWidth = Math.max(...opts.demo.map((d) => d.domain.length)) + 1;
    for (const d of opts.demo) {
      const locals = d.accounts.map((a) => a.email.slice(0, a.email.indexOf('@')));
      log(`    ${d.type.padEnd(6)}  ${d.company.padEnd(width)}  @${d.domain.padEnd(domainWidth)} ${locals.join('  ')}`);
    }
    log('    admin = Admin; negotiator, authorizer, approver = the chain of the centralized group;');
    log('    negotiator2 = Negotiator of the de-centralized distillery (same authorizer and approver).');
  }
  log('');
}
