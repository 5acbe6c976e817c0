import type { ListQuery } from '@spirit/domain/common/list.schemas';
import { and, count, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { byName, pageOf, pageWithTotal, searchAny, totalOver } from '../../lib/list.js';
import { distilleries } from './distilleries.table.js';

export type DistilleryRow = typeof distilleries.$inferSelect;

export async function listDistilleries(tx: Tx, companyId: number, q: ListQuery) {
  const where = and(
    eq(distilleries.company_id, companyId),
    searchAny(q.item_search, [
      distilleries.name,
      distilleries.state,
      distilleries.license_number,
      distilleries.gst_number,
    ]),
  );
  const { limit, offset } = pageOf(q);
  const rows = await tx
    .select({ ...getTableColumns(distilleries), total_records: totalOver })
    .from(distilleries)
    .where(where)
    .orderBy(...byName(distilleries.name, distilleries.id, q.sort_order))
    .limit(limit)
    .offset(offset);
  return pageWithTotal(q, rows, async () => (await tx.select({ n: count() }).from(distilleries).where(where))[0]!.n);
}

export async function findDistillery(tx: Tx, companyId: number, id: number): Promise<DistilleryRow | null> {
  const rows = await tx
    .select()
    .from(distilleries)
    .where(and(eq(distilleries.id, id), eq(distilleries.company_id, companyId)))
    .limit(1);
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
