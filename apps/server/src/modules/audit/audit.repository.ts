import type { auditQuerySchema } from '@spirit/domain/audit/audit.schemas';
import { and, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { pageOf, pageWithTotal, searchAny, totalWhere } from '../../lib/list.js';
import { companies } from '../companies/companies.table.js';
import { users } from '../users/users.table.js';
import { auditLog } from './audit.table.js';

export type AuditQuery = z.output<typeof auditQuerySchema>;

const DAY_MS = 86_400_000;

/** The log grows without end: its lists count at most this many entries (the paginator shows that many). */
export const AUDIT_COUNT_CAP = 10_000;

/** A `YYYY-MM-DD` day as its first instant in UTC. */
const startOfDay = (day: string) => new Date(`${day}T00:00:00.000Z`);

function filters(tx: Tx, q: AuditQuery): (SQL | undefined)[] {
  const actors = q.user?.trim()
    ? inArray(
        auditLog.actor_user_id,
        tx
          .select({ id: users.id })
          .from(users)
          .where(searchAny(q.user, [users.name, users.email])),
      )
    : undefined;
  return [
    q.company_id ? eq(auditLog.company_id, q.company_id) : undefined,
    q.user_id ? eq(auditLog.actor_user_id, q.user_id) : undefined,
    actors,
    q.object_type ? eq(auditLog.object_type, q.object_type) : undefined,
    q.from ? gte(auditLog.created_at, startOfDay(q.from)) : undefined,
    // Inclusive: everything before the start of the next day.
    q.to ? lt(auditLog.created_at, new Date(startOfDay(q.to).getTime() + DAY_MS)) : undefined,
    searchAny(q.item_search, [auditLog.action, auditLog.object_type, auditLog.object_id]),
  ];
}

/** Newest first, with the actor's and the company's names. */
export async function listAudit(tx: Tx, q: AuditQuery) {
  const where = and(...filters(tx, q));
  const { limit, offset } = pageOf(q);
  const rows = await tx
    .select({
      entry: auditLog,
      actor_name: users.name,
      company_name: sql<string | null>`coalesce(nullif(${companies.name}, ''), ${companies.registered_name})`,
      total_records: totalWhere(auditLog, where, AUDIT_COUNT_CAP),
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actor_user_id))
    .leftJoin(companies, eq(companies.id, auditLog.company_id))
    .where(where)
    .orderBy(desc(auditLog.created_at), desc(auditLog.id))
    .limit(limit)
    .offset(offset);
  return pageWithTotal(q, rows, async () => (await tx.select({ n: count() }).from(auditLog).where(where))[0]!.n);
}
