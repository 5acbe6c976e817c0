// First-start data: the SuperAdmin, and with SEED_DEMO a small market of approved companies whose admins can
// sign in. Companies go through the same review service as real registrations, so the seed obeys the rules.
import { randomBytes } from 'node:crypto';
import { gstCheckCharacter } from '@spirit/domain/common/validators';
import { eq } from 'drizzle-orm';
import type { Actor } from './lib/actor.js';
import { hashPassword } from './lib/crypto.js';
import { insertCompany } from './modules/companies/companies.repository.js';
import { reviewCompany } from './modules/companies/companies.service.js';
import { claimUpload } from './modules/files/files.service.js';
import { files } from './modules/files/files.table.js';
import { stateCities } from './modules/geo/geo.service.js';
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
  },
  {
    type: 'Seller',
    name: 'Ganga Grain Spirits',
    pan: 'AAGCG5678L',
    state: 'Uttar Pradesh',
    city: 'Lucknow',
    email: 'admin@ganga-grain.example',
    spirits: ['Grain ENA', 'Grain Tripple Distilled ENA'],
  },
  {
    type: 'Seller',
    name: 'Kaveri Malt Works',
    pan: 'AAKCK9012M',
    state: 'Karnataka',
    city: 'Mysore',
    email: 'admin@kaveri-malt.example',
    spirits: ['Malt Spirit', 'Grain ENA', 'Rum Spirit'],
  },
  {
    type: 'Buyer',
    name: 'Punjab Bottling Company',
    pan: 'AAPCP3456N',
    state: 'Punjab',
    city: 'Ludhiana',
    email: 'admin@punjab-bottling.example',
    spirits: ['Molasses ENA', 'Grain ENA', 'Malt Spirit'],
  },
  {
    type: 'Buyer',
    name: 'Bengal Blenders',
    pan: 'AABCB7890P',
    state: 'West Bengal',
    city: 'Kolkata',
    email: 'admin@bengal-blenders.example',
    spirits: ['Molasses ENA', 'Grain Tripple Distilled ENA'],
  },
  {
    type: 'Buyer',
    name: 'Rajputana Beverages',
    pan: 'AARCR2345Q',
    state: 'Rajasthan',
    city: 'Jaipur',
    email: 'admin@rajputana-beverages.example',
    spirits: ['Grain ENA', 'Rum Spirit', 'Grape Spirit'],
  },
];

const STATE_CODES: Record<string, string> = {
  Maharashtra: '27',
  'Uttar Pradesh': '09',
  Karnataka: '29',
  Punjab: '03',
  'West Bengal': '19',
  Rajasthan: '08',
};

export function demoGst(state: string, pan: string): string {
  const first14 = `${STATE_CODES[state] ?? '27'}${pan}1Z`;
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

export type SeedReport = {
  superAdmin: { email: string; password: string | null };
  demo: { company: string; type: string; email: string; password: string }[];
};

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

  const actor: Actor = {
    sessionId: 0,
    userId: admin!.id,
    name: admin!.name,
    email: admin!.email,
    companyId: null,
    companyName: null,
    companyType: null,
    roles: ['SuperAdmin'],
  };
  const table = await stateCities();
  const demoHash = await hashPassword(DEMO_PASSWORD);
  for (const c of DEMO_COMPANIES) {
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
    await db.update(users).set({ password_hash: demoHash, is_active: true }).where(eq(users.email, c.email));
    report.demo.push({ company: c.name, type: c.type, email: c.email, password: DEMO_PASSWORD });
  }
  return report;
}

/** The demo accounts that exist in this database (demo passwords are fixed, so they can be shown every start). */
export async function existingDemoAccounts(deps: Deps): Promise<SeedReport['demo']> {
  const found: SeedReport['demo'] = [];
  for (const c of DEMO_COMPANIES) {
    if (await findUserByEmail(deps.db, c.email))
      found.push({ company: c.name, type: c.type, email: c.email, password: DEMO_PASSWORD });
  }
  return found;
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
  for (const d of opts.demo)
    log(`    ${d.type.padEnd(10)}  ${d.email.padEnd(38)} ${d.password}   Admin of ${d.company}`);
  log('');
}
