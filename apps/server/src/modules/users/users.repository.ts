import type { Role } from '@spirit/domain/auth/auth.constants';
import { normaliseRoles } from '@spirit/domain/auth/auth.rules';
import type { ListQuery } from '@spirit/domain/common/list.schemas';
import { and, count, eq, getTableColumns, sql, type SQLWrapper } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { alwaysGeneric, fixedStatement, searchAnyPlaceholder, searchPattern, statement } from '../../db/statements.js';
import { byName, pageOf, pageWithTotal, searchAny, totalOver } from '../../lib/list.js';
import { companies } from '../companies/companies.table.js';
import { distilleries } from '../distilleries/distilleries.table.js';
import { mappingDistilleries, mappings } from '../mappings/mappings.table.js';
import { users } from './users.table.js';

export type UserRow = typeof users.$inferSelect;

export type UserWithCompany = UserRow & {
  company: { id: number; name: string; registered_name: string; type: 'Seller' | 'Buyer'; status: string } | null;
};

const withCompany = {
  user: users,
  company: {
    id: companies.id,
    name: companies.name,
    registered_name: companies.registered_name,
    type: companies.type,
    status: companies.status,
  },
};

export async function findUserByEmail(tx: Tx, email: string): Promise<UserWithCompany | null> {
  const rows = await tx
    .select(withCompany)
    .from(users)
    .leftJoin(companies, eq(companies.id, users.company_id))
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  const row = rows[0];
  return row ? { ...row.user, company: row.company } : null;
}

export async function findUserById(tx: Tx, id: number): Promise<UserWithCompany | null> {
  const rows = await tx
    .select(withCompany)
    .from(users)
    .leftJoin(companies, eq(companies.id, users.company_id))
    .where(eq(users.id, id))
    .limit(1);
  const row = rows[0];
  return row ? { ...row.user, company: row.company } : null;
}

export async function emailInUse(tx: Tx, email: string, exceptUserId?: number): Promise<boolean> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()} and ${users.id} <> ${exceptUserId ?? 0}`)
    .limit(1);
  return rows.length > 0;
}

/**
 * Which mapping tiers name a user, as three boolean columns of the query that selects the user: Negotiator,
 * Authorizer and Approver come from distillery mappings, each test served by its index on the mappings table —
 * or from `source`, rows holding the mappings' three tier columns (the users list's `fm`). Written with qualified
 * names: Drizzle leaves columns unqualified in single-table selects, where they would resolve to the subquery's
 * own table.
 */
export function mappedTierColumns(userId: SQLWrapper = sql.raw('"users"."id"'), source = sql.raw('mappings')) {
  return {
    is_negotiator: sql<boolean>`exists (select 1 from ${source} tm where tm.negotiator_id = ${userId})`,
    is_authorizer: sql<boolean>`exists (select 1 from ${source} tm where tm.authorizer_id = ${userId})`,
    is_approver: sql<boolean>`exists (select 1 from ${source} tm where tm.approver_id = ${userId})`,
  };
}

export type MappedTiers = { is_negotiator: boolean; is_authorizer: boolean; is_approver: boolean };

/** A user's roles from the flags and the tiers `mappedTierColumns` selected; SuperAdmin is a platform user. */
export function rolesFrom(user: Pick<UserRow, 'is_admin' | 'is_super_admin'> & MappedTiers): Role[] {
  if (user.is_super_admin) return ['SuperAdmin'];
  const roles: Role[] = [];
  if (user.is_admin) roles.push('Admin');
  if (user.is_negotiator) roles.push('Negotiator');
  if (user.is_authorizer) roles.push('Authorizer');
  if (user.is_approver) roles.push('Approver');
  return roles;
}

/** A user's roles, read on their own (sign-in); a signed-in request gets them with its session. */
export async function rolesOf(tx: Tx, user: UserRow): Promise<Role[]> {
  if (user.is_super_admin) return ['SuperAdmin'];
  const rows = await tx.select(mappedTierColumns(sql`${user.id}::int`)).from(sql`(select 1) as one`);
  return rolesFrom({ ...user, ...rows[0]! });
}

/** A user of the company, locked for the rest of the transaction; null when there is none (or it is another's). */
export async function lockCompanyUser(tx: Tx, companyId: number, id: number): Promise<UserRow | null> {
  const rows = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.company_id, companyId)))
    .for('update');
  return rows[0] ?? null;
}

/** The names of the distilleries whose mappings name the user in any tier, as a JSON array. */
const mappedDistilleryNames = sql<string[]>`(select coalesce(json_agg(distinct fd.name), '[]'::json)
  from mappings fm
  join mapping_distilleries fmd on fmd.mapping_id = fm.id
  join distilleries fd on fd.id = fmd.distillery_id
  where fm.negotiator_id = "users"."id" or fm.authorizer_id = "users"."id" or fm.approver_id = "users"."id")`;

/** A user's columns with their mapping tiers and mapped distilleries: a users-list record in one query. */
const userWithFacts = {
  ...getTableColumns(users),
  ...mappedTierColumns(),
  mapped_distilleries: mappedDistilleryNames,
};

export type UserWithFacts = UserRow & MappedTiers & { mapped_distilleries: string[] };

/**
 * Names in the list's order, case- and accent-insensitive, with one collator: `localeCompare` with options builds
 * one per comparison, which was 6 % of a users page's time on PGlite.
 */
const byNameInsensitive = new Intl.Collator('en', { sensitivity: 'base' }).compare;

/** Roles and distillery names (sorted as the list shows them) of a user read with `userWithFacts`. */
export function factsOf(u: UserWithFacts): { roles: Role[]; distilleries: string[] } {
  return {
    roles: normaliseRoles(rolesFrom({ ...u, is_super_admin: false })),
    distilleries: [...u.mapped_distilleries].sort(byNameInsensitive),
  };
}

const findWithFacts = fixedStatement((tx) =>
  tx
    .select(userWithFacts)
    .from(users)
    .where(and(eq(users.id, sql.placeholder('id')), eq(users.company_id, sql.placeholder('company'))))
    .limit(1),
);

export async function findCompanyUserWithFacts(tx: Tx, companyId: number, id: number): Promise<UserWithFacts | null> {
  const rows = await findWithFacts(tx).execute({ id, company: companyId });
  return rows[0] ?? null;
}

const SEARCHED = [users.name, users.email, users.mobile_number];

/**
 * The list's facts come from the company's mappings, read once per page into `fm` (a mapping per row, one row per
 * mapped distillery): a mapping names only its own company's users (mappings.service.ts `checkForm`), so each row's
 * tiers and distilleries are a scan of those few rows — where `userWithFacts` probes three indexes and joins three
 * tables per user (on PGlite the page cost a tenth more that way).
 */
const companyMappingFacts = (tx: Tx) =>
  tx.$with('fm').as(
    tx
      .select({
        negotiator_id: mappings.negotiator_id,
        authorizer_id: mappings.authorizer_id,
        approver_id: mappings.approver_id,
        distillery: sql<string | null>`${distilleries.name}`.as('distillery'),
      })
      .from(mappings)
      .leftJoin(mappingDistilleries, eq(mappingDistilleries.mapping_id, mappings.id))
      .leftJoin(distilleries, eq(distilleries.id, mappingDistilleries.distillery_id))
      .where(eq(mappings.company_id, sql.placeholder('company'))),
  );

const userWithCompanyFacts = {
  ...getTableColumns(users),
  ...mappedTierColumns(undefined, sql.raw('fm')),
  mapped_distilleries: sql<string[]>`(select coalesce(json_agg(distinct fm.distillery)
    filter (where fm.distillery is not null), '[]'::json)
    from fm where "users"."id" in (fm.negotiator_id, fm.authorizer_id, fm.approver_id))`,
};

/** The company's users list (`listCompanyUsers`), a page with its total; exported for its plan's test. */
export const companyUsersListQuery = (tx: Tx, shape: { search: boolean; order: 'asc' | 'desc' }) =>
  tx
    .with(companyMappingFacts(tx))
    .select({ ...userWithCompanyFacts, total_records: totalOver })
    .from(users)
    .where(
      and(
        eq(users.company_id, sql.placeholder('company')),
        eq(users.is_archived, sql.placeholder('archived')),
        shape.search ? searchAnyPlaceholder(SEARCHED) : undefined,
      ),
    )
    .orderBy(...byName(users.name, users.id, shape.order))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));

const listShape = statement(companyUsersListQuery, alwaysGeneric);

/** A page of the company's users with their roles and mapped distilleries, and the total, in one query. */
export async function listCompanyUsers(
  tx: Tx,
  companyId: number,
  q: ListQuery & { filters: { is_archived: boolean } },
) {
  const pattern = searchPattern(q.item_search);
  const rows = await listShape(tx, { search: !!pattern, order: q.sort_order }).execute({
    company: companyId,
    archived: q.filters.is_archived,
    pattern,
    ...pageOf(q),
  });
  return pageWithTotal(q, rows, async () => {
    const where = and(
      eq(users.company_id, companyId),
      eq(users.is_archived, q.filters.is_archived),
      searchAny(q.item_search, SEARCHED),
    );
    return (await tx.select({ n: count() }).from(users).where(where))[0]!.n;
  });
}
