import type { ListQuery } from '@spirit/domain/common/list.schemas';
import { and, count, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { alwaysGeneric, fixedStatement, searchAnyPlaceholder, searchPattern, statement } from '../../db/statements.js';
import { byName, pageOf, pageWithTotal, searchAny, totalOver } from '../../lib/list.js';
import { companies } from '../companies/companies.table.js';
import { distilleries } from './distilleries.table.js';

export type DistilleryRow = typeof distilleries.$inferSelect;

const SEARCHED = [distilleries.name, distilleries.state, distilleries.license_number, distilleries.gst_number];

const listShape = statement(
  (tx, shape: { search: boolean; order: 'asc' | 'desc' }) =>
    tx
      .select({ ...getTableColumns(distilleries), total_records: totalOver })
      .from(distilleries)
      .where(
        and(
          eq(distilleries.company_id, sql.placeholder('company')),
          shape.search ? searchAnyPlaceholder(SEARCHED) : undefined,
        ),
      )
      .orderBy(...byName(distilleries.name, distilleries.id, shape.order))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')),
  alwaysGeneric,
);

export async function listDistilleries(tx: Tx, companyId: number, q: ListQuery) {
  const pattern = searchPattern(q.item_search);
  const rows = await listShape(tx, { search: !!pattern, order: q.sort_order }).execute({
    company: companyId,
    pattern,
    ...pageOf(q),
  });
  return pageWithTotal(q, rows, async () => {
    const where = and(eq(distilleries.company_id, companyId), searchAny(q.item_search, SEARCHED));
    return (await tx.select({ n: count() }).from(distilleries).where(where))[0]!.n;
  });
}

const findShape = fixedStatement((tx) =>
  tx
    .select()
    .from(distilleries)
    .where(and(eq(distilleries.id, sql.placeholder('id')), eq(distilleries.company_id, sql.placeholder('company'))))
    .limit(1),
);

export async function findDistillery(tx: Tx, companyId: number, id: number): Promise<DistilleryRow | null> {
  const rows = await findShape(tx).execute({ id, company: companyId });
  return rows[0] ?? null;
}

export async function nameTaken(tx: Tx, companyId: number, name: string, exceptId?: number): Promise<boolean> {
  const rows = await tx
    .select({ id: distilleries.id })
    .from(distilleries)
    .where(
      and(
        eq(distilleries.company_id, companyId),
        sql`lower(${distilleries.name}) = ${name.toLowerCase()}`,
        exceptId ? sql`${distilleries.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** A company's type and status, and its distilleries' ids and names by name (the ratings form's picker). */
export async function companyWithDistilleryNames(tx: Tx, companyId: number) {
  const [company] = await tx
    .select({ id: companies.id, type: companies.type, status: companies.status })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) return null;
  const names = await tx
    .select({ id: distilleries.id, name: distilleries.name })
    .from(distilleries)
    .where(eq(distilleries.company_id, companyId))
    .orderBy(sql`lower(${distilleries.name})`, distilleries.id);
  return { company, names };
}
