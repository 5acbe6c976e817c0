import type { ListQuery } from '@spirit/domain/common/list.schemas';
import { and, count, desc, eq, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { alwaysGeneric, fixedStatement, searchPattern, statement } from '../../db/statements.js';
import { pageOf, pageWithTotal, totalOver } from '../../lib/list.js';
import { companies, shownName } from '../companies/companies.table.js';
import { feeRates } from './fees.table.js';

export type FeeRow = typeof feeRates.$inferSelect;
export type FeeScope = { company_type: 'Seller' | 'Buyer'; company_id: number | null; product: string | null };

const companyName = shownName(companies);

/**
 * The rate's company name as a scalar subquery, not a join: a join made PostgreSQL hash all the platform's
 * companies for a page of rates (there are tens of rates and thousands of companies); the subquery runs for the
 * page's rows only, through the companies' key.
 */
const rateCompanyName = sql<string | null>`(select coalesce(nullif(rc.name, ''), rc.registered_name)
  from companies rc where rc.id = ${feeRates.company_id})`;

/** The search: the rate's product or company type, or its company's name. */
function rateSearch(pattern: SQL | Placeholder) {
  return sql`(lower(${feeRates.product}) like ${pattern} or lower(${feeRates.company_type}) like ${pattern}
    or exists (select 1 from companies sc where sc.id = ${feeRates.company_id}
      and (lower(sc.name) like ${pattern} or lower(sc.registered_name) like ${pattern})))`;
}

const listShape = statement(
  (tx, shape: { search: boolean }) =>
    tx
      .select({ rate: feeRates, company_name: rateCompanyName, total_records: totalOver })
      .from(feeRates)
      .where(shape.search ? rateSearch(sql.placeholder('pattern')) : undefined)
      .orderBy(desc(feeRates.modified_on), desc(feeRates.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')),
  alwaysGeneric,
);

/** Rates, most recently changed first; search over company name, product and company type. */
export async function listFees(tx: Tx, q: ListQuery) {
  const pattern = searchPattern(q.item_search);
  const rows = await listShape(tx, { search: !!pattern }).execute({ pattern, ...pageOf(q) });
  return pageWithTotal(
    q,
    rows,
    async () =>
      (
        await tx
          .select({ n: count() })
          .from(feeRates)
          .where(pattern ? rateSearch(sql`${pattern}`) : undefined)
      )[0]!.n,
  );
}

const findShape = fixedStatement((tx) =>
  tx
    .select({ rate: feeRates, company_name: companyName })
    .from(feeRates)
    .leftJoin(companies, eq(companies.id, feeRates.company_id))
    .where(eq(feeRates.id, sql.placeholder('id')))
    .limit(1),
);

export async function findFee(tx: Tx, id: number) {
  const rows = await findShape(tx).execute({ id });
  return rows[0] ?? null;
}

export async function lockFee(tx: Tx, id: number): Promise<FeeRow | null> {
  const rows = await tx.select().from(feeRates).where(eq(feeRates.id, id)).for('update');
  return rows[0] ?? null;
}

/** Another rate with the same scope (type, company, product), compared as the unique index does. */
export async function scopeTaken(tx: Tx, scope: FeeScope, exceptId?: number): Promise<boolean> {
  const rows = await tx
    .select({ id: feeRates.id })
    .from(feeRates)
    .where(
      and(
        eq(feeRates.company_type, scope.company_type),
        sql`coalesce(${feeRates.company_id}, 0) = ${scope.company_id ?? 0}`,
        sql`coalesce(${feeRates.product}, '') = ${scope.product ?? ''}`,
        exceptId ? ne(feeRates.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Is `id` an Approved company of this type? */
export async function isApprovedCompanyOfType(tx: Tx, id: number, type: 'Seller' | 'Buyer'): Promise<boolean> {
  const rows = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.id, id), eq(companies.type, type), eq(companies.status, 'Approved')))
    .limit(1);
  return rows.length > 0;
}

/** Every rate of a company type: the candidates `pickRate` chooses from. */
export type RateTarget = { companyType: 'Seller' | 'Buyer'; companyId: number; product: string };

/**
 * The rates that could apply to these targets — for each, its company's or everyone's, for its product or every
 * product: at most four rows a target, read through the scope index, never every rate of a company type.
 */
export async function candidateRates(tx: Tx, targets: readonly RateTarget[]): Promise<FeeRow[]> {
  const values: Record<string, unknown> = {};
  targets.forEach((t, i) =>
    Object.assign(values, { [`type${i}`]: t.companyType, [`company${i}`]: t.companyId, [`product${i}`]: t.product }),
  );
  return candidateRatesStatement(tx, { targets: String(targets.length) }).execute(values);
}
// Each target's four keys: its company's or any company's rate, for its product or any product.
const candidateRatesStatement = statement((tx: Tx, shape: { targets: string }) => {
  const keys = Array.from({ length: Number(shape.targets) }, (_, i) => {
    const [type, company, product] = ['type', 'company', 'product'].map((n) => sql.placeholder(`${n}${i}`));
    return [company, sql`0`].flatMap((c) => [product, sql`''`].map((p) => sql`(${type}, ${c}::int, ${p})`));
  }).flat();
  return tx
    .select()
    .from(feeRates)
    .where(
      sql`(${feeRates.company_type}, coalesce(${feeRates.company_id}, 0), coalesce(${feeRates.product}, '')) in (${sql.join(keys, sql`, `)})`,
    );
});
