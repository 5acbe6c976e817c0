import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { companies, companySpirits } from './companies.table.js';

export type CompanyRow = typeof companies.$inferSelect;

export async function lockCompany(tx: Tx, id: number): Promise<CompanyRow | null> {
  const rows = await tx.select().from(companies).where(eq(companies.id, id)).for('update');
  return rows[0] ?? null;
}

/** Another live (not Rejected or Deleted) company already registered this PAN. */
export async function livePanExists(tx: Tx, pan: string): Promise<boolean> {
  const rows = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(sql`${companies.pan_no} = ${pan} and ${companies.status} in ('Pending', 'Approved')`)
    .limit(1);
  return rows.length > 0;
}

/** A live company already holds this admin email. */
export async function liveCompanyEmailExists(tx: Tx, email: string): Promise<boolean> {
  const rows = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(sql`lower(${companies.email}) = ${email.toLowerCase()} and ${companies.status} in ('Pending', 'Approved')`)
    .limit(1);
  return rows.length > 0;
}

export async function insertCompany(tx: Tx, row: typeof companies.$inferInsert, spirits: string[]) {
  const [created] = await tx.insert(companies).values(row).returning();
  await tx
    .insert(companySpirits)
    .values(spirits.map((type_of_spirit) => ({ company_id: created!.id, type_of_spirit })));
  return created!;
}
