import type { Role } from '@spirit/domain/auth/auth.constants';
import { normaliseRoles } from '@spirit/domain/auth/auth.rules';
import type { ListQuery } from '@spirit/domain/common/list.schemas';
import { and, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { byName, pageOf, searchAny } from '../../lib/list.js';
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
 * A user's roles. SuperAdmin is a platform user; Admin is granted; Negotiator, Authorizer and Approver come from
 * distillery mappings (added with the mappings module).
 */
export async function rolesOf(tx: Tx, user: UserRow): Promise<Role[]> {
  if (user.is_super_admin) return ['SuperAdmin'];
  const rows = await tx
    .select({
      negotiator: sql<boolean>`bool_or(${mappings.negotiator_id} = ${user.id})`,
      authorizer: sql<boolean>`bool_or(${mappings.authorizer_id} = ${user.id})`,
      approver: sql<boolean>`bool_or(${mappings.approver_id} = ${user.id})`,
    })
    .from(mappings)
    .where(
      sql`${mappings.negotiator_id} = ${user.id} or ${mappings.authorizer_id} = ${user.id} or ${mappings.approver_id} = ${user.id}`,
    );
  const held = rows[0];
  const roles: Role[] = [];
  if (user.is_admin) roles.push('Admin');
  if (held?.negotiator) roles.push('Negotiator');
  if (held?.authorizer) roles.push('Authorizer');
  if (held?.approver) roles.push('Approver');
  return roles;
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

export async function findCompanyUser(tx: Tx, companyId: number, id: number): Promise<UserRow | null> {
  const rows = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.company_id, companyId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function listCompanyUsers(
  tx: Tx,
  companyId: number,
  q: ListQuery & { filters: { is_archived: boolean } },
) {
  const where = and(
    eq(users.company_id, companyId),
    eq(users.is_archived, q.filters.is_archived),
    searchAny(q.item_search, [users.name, users.email, users.mobile_number]),
  );
  const { limit, offset } = pageOf(q);
  const [records, total] = await Promise.all([
    tx
      .select()
      .from(users)
      .where(where)
      .orderBy(...byName(users.name, users.id, q.sort_order))
      .limit(limit)
      .offset(offset),
    tx.select({ n: count() }).from(users).where(where),
  ]);
  return { records, totalRecords: total[0]!.n };
}

export type MappedFacts = { roles: Role[]; distilleries: string[] };

/**
 * Roles (as `rolesOf` derives them) and mapped distillery names of several company users, in one query: the
 * mappings naming any of them, one row per mapped distillery.
 */
export async function mappedFactsOf(tx: Tx, list: readonly UserRow[]): Promise<Map<number, MappedFacts>> {
  const ids = list.map((u) => u.id);
  const rows = ids.length
    ? await tx
        .select({
          negotiator: mappings.negotiator_id,
          authorizer: mappings.authorizer_id,
          approver: mappings.approver_id,
          distillery: distilleries.name,
        })
        .from(mappings)
        .leftJoin(mappingDistilleries, eq(mappingDistilleries.mapping_id, mappings.id))
        .leftJoin(distilleries, eq(distilleries.id, mappingDistilleries.distillery_id))
        .where(
          or(
            inArray(mappings.negotiator_id, ids),
            inArray(mappings.authorizer_id, ids),
            inArray(mappings.approver_id, ids),
          ),
        )
    : [];
  const held = new Map(
    list.map((u) => [u.id, { roles: new Set<string>(u.is_admin ? ['Admin'] : []), names: new Set<string>() }]),
  );
  for (const row of rows) {
    for (const [role, userId] of [
      ['Negotiator', row.negotiator],
      ['Authorizer', row.authorizer],
      ['Approver', row.approver],
    ] as const) {
      const facts = held.get(userId);
      if (!facts) continue;
      facts.roles.add(role);
      if (row.distillery !== null) facts.names.add(row.distillery);
    }
  }
  return new Map(
    [...held].map(([id, f]) => [
      id,
      {
        roles: normaliseRoles([...f.roles]),
        distilleries: [...f.names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })),
      },
    ]),
  );
}
