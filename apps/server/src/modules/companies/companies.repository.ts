import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { fixedStatement, notSearched, searchPattern, searchTextPlaceholder, statement } from '../../db/statements.js';
import { byName, pageOf, searchTextLike, totalWhere } from '../../lib/list.js';
import { users } from '../users/users.table.js';
import { companies, companyColumns, companySpirits, shownName } from './companies.table.js';

export type CompanyRow = Omit<typeof companies.$inferSelect, 'search_text'>;

export async function lockCompany(tx: Tx, id: number): Promise<CompanyRow | null> {
  const rows = await tx.select(companyColumns).from(companies).where(eq(companies.id, id)).for('update');
  return rows[0] ?? null;
}

/** Another live (not Rejected or Deleted) company already registered this PAN. */
export async function livePanExists(tx: Tx, pan: string, exceptId?: number): Promise<boolean> {
  const rows = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(
      sql`${companies.pan_no} = ${pan} and ${companies.status} in ('Pending', 'Approved') and ${companies.id} <> ${exceptId ?? 0}`,
    )
    .limit(1);
  return rows.length > 0;
}

/** A live company already holds this admin email. */
export async function liveCompanyEmailExists(tx: Tx, email: string, exceptId?: number): Promise<boolean> {
  const rows = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(
      sql`lower(${companies.email}) = ${email.toLowerCase()} and ${companies.status} in ('Pending', 'Approved') and ${companies.id} <> ${exceptId ?? 0}`,
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertCompany(tx: Tx, row: typeof companies.$inferInsert, spirits: string[]) {
  const [created] = await tx.insert(companies).values(row).returning(companyColumns);
  await tx
    .insert(companySpirits)
    .values(spirits.map((type_of_spirit) => ({ company_id: created!.id, type_of_spirit })));
  return created!;
}

const displayNameSql = shownName(companies);

export type ListShape = {
  type: boolean;
  status: boolean;
  search: boolean;
  sort_by: 'name' | 'created_at';
  order: 'asc' | 'desc';
  total: boolean;
  /** Past the first page: rows are skipped on the way (see `companyListQuery`). */
  deep: boolean;
};

/** The platform's company list as a query builder, placeholders for its values (`listShape` prepares it). */
export function companyListQuery(tx: Tx, shape: ListShape) {
  const where = and(
    shape.type ? eq(companies.type, sql.placeholder('type')) : undefined,
    shape.status ? sql`${companies.status} = any(${sql.placeholder('statuses')})` : undefined,
    shape.search ? searchTextPlaceholder(companies.search_text) : undefined,
  );
  // A scalar subquery with LIMIT, not EXISTS: PostgreSQL may turn an EXISTS in the select list into a hash of every
  // pending admin in the platform; this one runs for the page's rows only, through users_company_idx.
  const adminPending = sql<boolean>`(${companies.status} = 'Approved' and (select true from users pa
    where pa.company_id = "companies"."id" and pa.is_admin and not pa.is_active limit 1) is not null)`;
  const order =
    shape.sort_by === 'created_at'
      ? [
          shape.order === 'desc' ? sql`${companies.created_at} desc` : sql`${companies.created_at} asc`,
          sql`${companies.id} asc`,
        ]
      : byName(displayNameSql, companies.id, shape.order);
  const fields = {
    id: companies.id,
    name: displayNameSql,
    registered_name: companies.registered_name,
    gst_number: companies.gst_number,
    pan_no: companies.pan_no,
    type: companies.type,
    status: companies.status,
    email: companies.email,
    mobile_number: companies.mobile_number,
    admin_pending: adminPending,
    created_at: companies.created_at,
    ...(shape.total ? { total_records: totalWhere(companies, where) } : {}),
  };
  // The first page skips nothing, and a search reads each candidate row to match it anyway: one statement does
  // less (on the first page, a third less of PostgreSQL's time than the ids-first form below).
  if (shape.search || !shape.deep)
    return tx
      .select(fields)
      .from(companies)
      .where(where)
      .orderBy(...order)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
  // The page's ids first, then its rows: the offset skips index entries only (companies_display_name_idx holds the
  // name columns, so an unsearched page by name is an index-only scan), and the select list — the pending-admin
  // subquery above all — is worked out for the page's rows, not for every row skipped on the way to a deep page.
  // `= any(array(…))`, not a join: a generic plan cannot see the page size and would hash the whole table.
  const pageIds = tx
    .select({ id: companies.id })
    .from(companies)
    .where(where)
    .orderBy(...order)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
  return tx
    .select(fields)
    .from(companies)
    .where(sql`${companies.id} = any(array(${pageIds}))`)
    .orderBy(...order);
}

const listShape = statement(companyListQuery, notSearched);

export type CompanyListQuery = {
  page: number;
  page_size: number;
  item_search?: string | undefined;
  sort_order: 'asc' | 'desc';
  sort_by: 'name' | 'created_at';
  type?: 'Seller' | 'Buyer' | null | undefined;
  status?: string[] | undefined;
};

/**
 * A page of every company (the platform's list), with `total_records` on its rows when `withTotal`: counting
 * the platform's companies costs more than the page, so the service keeps the total for seconds.
 */
export async function listCompanies(tx: Tx, q: CompanyListQuery, withTotal: boolean) {
  const pattern = searchPattern(q.item_search);
  const statuses = q.status?.length ? q.status : undefined;
  const shape = {
    type: !!q.type,
    status: !!statuses,
    search: !!pattern,
    sort_by: q.sort_by,
    order: q.sort_order,
    total: withTotal,
    deep: q.page > 1,
  };
  return listShape(tx, shape).execute({ type: q.type, statuses, pattern, ...pageOf(q) });
}

export async function countCompanies(tx: Tx, q: CompanyListQuery): Promise<number> {
  const pattern = searchPattern(q.item_search);
  const where = and(
    q.type ? eq(companies.type, q.type) : undefined,
    q.status?.length ? inArray(companies.status, q.status as CompanyRow['status'][]) : undefined,
    pattern ? searchTextLike(companies.search_text, pattern) : undefined,
  );
  return (await tx.select({ n: count() }).from(companies).where(where))[0]!.n;
}

const findShape = fixedStatement((tx) =>
  tx
    .select(companyColumns)
    .from(companies)
    .where(eq(companies.id, sql.placeholder('id')))
    .limit(1),
);

export async function findCompany(tx: Tx, id: number): Promise<CompanyRow | null> {
  const rows = await findShape(tx).execute({ id });
  return rows[0] ?? null;
}

/** The company's spirits in `spiritsOf`'s order, as JSON, for a statement over `companies`. */
const spiritsJson = sql<{ id: number; type_of_spirit: string }[]>`(select coalesce(json_agg(json_build_object(
  'id', cs.id, 'type_of_spirit', cs.type_of_spirit) order by cs.id), '[]'::json)
  from company_spirits cs where cs.company_id = "companies"."id")`;

const detailsShape = fixedStatement((tx) =>
  tx
    .select({ company: companyColumns, spirits: spiritsJson })
    .from(companies)
    .where(eq(companies.id, sql.placeholder('id')))
    .limit(1),
);

/** A company with its spirits (the company details), in one statement. */
export async function findCompanyWithSpirits(tx: Tx, id: number) {
  const rows = await detailsShape(tx).execute({ id });
  return rows[0] ?? null;
}

export async function spiritsOf(tx: Tx, companyId: number) {
  return tx
    .select({ id: companySpirits.id, type_of_spirit: companySpirits.type_of_spirit })
    .from(companySpirits)
    .where(eq(companySpirits.company_id, companyId))
    .orderBy(companySpirits.id);
}

export async function replaceSpirits(tx: Tx, companyId: number, spirits: string[]) {
  await tx.delete(companySpirits).where(eq(companySpirits.company_id, companyId));
  await tx.insert(companySpirits).values(spirits.map((type_of_spirit) => ({ company_id: companyId, type_of_spirit })));
}

/** Approved companies of a type, by name; only `onlyId` when given. */
export async function approvedCompanyNames(tx: Tx, type: 'Seller' | 'Buyer', onlyId?: number) {
  return tx
    .select({ id: companies.id, name: displayNameSql })
    .from(companies)
    .where(
      and(
        eq(companies.type, type),
        eq(companies.status, 'Approved'),
        onlyId === undefined ? undefined : eq(companies.id, onlyId),
      ),
    )
    .orderBy(sql`lower(${displayNameSql})`, companies.id);
}

/** The company's registered admin (the user approval created), if any. */
export async function companyAdmin(tx: Tx, companyId: number) {
  const rows = await tx
    .select()
    .from(users)
    .where(and(eq(users.company_id, companyId), eq(users.is_admin, true)))
    .orderBy(users.id)
    .limit(1);
  return rows[0] ?? null;
}
