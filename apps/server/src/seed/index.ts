// First-start data: the SuperAdmin, and with SEED_DEMO a small market of approved companies whose admins can
// sign in. Companies go through the same review service as real registrations, so the seed obeys the rules.
// The one entry of the seed: seed(), and what start-up prints of it.
import { randomBytes } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { hashPassword } from '../lib/crypto.js';
import { insertCompany } from '../modules/companies/companies.repository.js';
import { reviewCompany } from '../modules/companies/companies.service.js';
import { claimUpload } from '../modules/files/files.service.js';
import { files } from '../modules/files/files.table.js';
import { stateCities } from '../modules/geo/geo.service.js';
import { markAllMailed } from '../modules/notifications/notifications.jobs.js';
import { seedBids } from './bids.js';
import { seedRatings } from './ratings.js';
import { findUserByEmail } from '../modules/users/users.repository.js';
import { users } from '../modules/users/users.table.js';
import type { Deps } from '../types.js';
import { DEMO_COMPANIES, DEMO_PASSWORD, accountsOf, actorOf, demoGst, domainOf, type SeedReport } from './demo.js';
import { demoPanPdf, giveDemoPassword, seedTeam } from './teams.js';
import { seedFees, seedMarket } from './market.js';

export { DEMO_COMPANIES, DEMO_PASSWORD, type DemoAccount, type SeedReport } from './demo.js';

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
  await quietDemoHistory(deps);
  return report;
}

/**
 * The demo's history is told in the app, not by mail: its events become notifications now (the bell shows them on
 * first start) and those are marked mailed, so the first digest run does not mail every demo account what the seed
 * played, nor print it all under the sign-ins. Runs only on a database the seed has just filled.
 */
async function quietDemoHistory(deps: Deps) {
  await deps.events.flush();
  await markAllMailed(deps);
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
