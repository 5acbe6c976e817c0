import type { ListQuery } from '@spirit/domain/common/list.schemas';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { byName, countWhere, pageOf, pageWithTotal, searchAny, totalOver } from '../../lib/list.js';
import { companies } from '../companies/companies.table.js';
import { users } from '../users/users.table.js';
import { apiKeys, apiKeyUses } from './apikeys.table.js';

const uses = sql<number>`(select count(*) from ${apiKeyUses} where ${apiKeyUses.key_id} = ${apiKeys.id})::int`.mapWith(
  Number,
);

const listColumns = {
  id: apiKeys.id,
  name: apiKeys.name,
  scope: apiKeys.scope,
  hint: apiKeys.hint,
  created_at: apiKeys.created_at,
  created_by_name: users.name,
  last_used_at: apiKeys.last_used_at,
  revoked_at: apiKeys.revoked_at,
  uses,
};

export type ApiKeyListRow = {
  [K in keyof typeof listColumns]: (typeof apiKeys.$inferSelect & { created_by_name: string; uses: number })[K];
};

export async function listKeys(tx: Tx, companyId: number, q: ListQuery & { sort_by?: 'name' | 'created_at' }) {
  const where = and(eq(apiKeys.company_id, companyId), searchAny(q.item_search, [apiKeys.name, apiKeys.hint]));
  const order =
    q.sort_by === 'name'
      ? byName(apiKeys.name, apiKeys.id, q.sort_order)
      : [q.sort_order === 'asc' ? asc(apiKeys.id) : desc(apiKeys.id)];
  const rows = await tx
    .select({ ...listColumns, total_records: totalOver })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.created_by))
    .where(where)
    .orderBy(...order)
    .limit(pageOf(q).limit)
    .offset(pageOf(q).offset);
  return pageWithTotal(q, rows, () => countWhere(tx, apiKeys, where));
}

export async function findKeyRow(tx: Tx, companyId: number, id: number) {
  const [row] = await tx
    .select({ ...listColumns })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.created_by))
    .where(and(eq(apiKeys.id, id), eq(apiKeys.company_id, companyId)));
  return row ?? null;
}

/** A key with what its caller needs: its company (status, type, name). */
export async function findKeyForCall(db: Db, id: number) {
  const [row] = await db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      scope: apiKeys.scope,
      secret_hash: apiKeys.secret_hash,
      revoked_at: apiKeys.revoked_at,
      created_by: apiKeys.created_by,
      company_id: apiKeys.company_id,
      company_status: companies.status,
      company_type: companies.type,
      company_name: companies.name,
      company_registered_name: companies.registered_name,
    })
    .from(apiKeys)
    .innerJoin(companies, eq(companies.id, apiKeys.company_id))
    .where(eq(apiKeys.id, id));
  return row ?? null;
}

/** One use of a key: logged, and its last use moved, in one statement. */
export async function recordUse(
  db: Db,
  use: { keyId: number; companyId: number; method: string; statusCode: number; ip: string | null; at: Date },
) {
  await db.execute(sql`
    with touched as (update ${apiKeys} set last_used_at = ${use.at} where ${apiKeys.id} = ${use.keyId})
    insert into ${apiKeyUses} (key_id, company_id, method, status_code, ip, at)
    values (${use.keyId}, ${use.companyId}, ${use.method}, ${use.statusCode}, ${use.ip}, ${use.at})`);
}
