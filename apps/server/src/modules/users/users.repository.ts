import type { Role } from '@spirit/domain/auth/auth.constants';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { companies } from '../companies/companies.table.js';
import { mappings } from '../mappings/mappings.table.js';
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

export async function emailInUse(tx: Tx, email: string): Promise<boolean> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
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
