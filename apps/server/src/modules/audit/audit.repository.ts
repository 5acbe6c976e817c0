import type { auditQuerySchema } from '@spirit/domain/audit/audit.schemas';
import { and, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { searchAnyPlaceholder, searchPattern, searchTextPlaceholder, statement } from '../../db/statements.js';
import { pageOf, totalWhere } from '../../lib/list.js';
import { companies, shownName } from '../companies/companies.table.js';
import { users } from '../users/users.table.js';
import { auditLog, entryColumns } from './audit.table.js';

export type AuditQuery = z.output<typeof auditQuerySchema>;

const DAY_MS = 86_400_000;

/** The log grows without end: its lists count at most this many entries (the paginator shows that many). */
export const AUDIT_COUNT_CAP = 10_000;

/** A `YYYY-MM-DD` day as its first instant in UTC, as an ISO string (bound as is on PostgreSQL and PGlite). */
const startOfDay = (day: string) => `${day}T00:00:00.000Z`;
/** The first instant of the day after, so `to` includes its whole day. */
const startOfNextDay = (day: string) => new Date(Date.parse(startOfDay(day)) + DAY_MS).toISOString();

/** Which filters a query has: the shape of its statement. Every value goes in as a placeholder. */
type Filters = {
  company: boolean;
  userId: boolean;
  user: boolean;
  objectType: boolean;
  from: boolean;
  to: boolean;
  search: boolean;
};

/** A page's shape: its filters, and whether the page's rows carry the capped total. */
type PageShape = Filters & { total: boolean };

function where(tx: Tx, f: Filters): SQL | undefined {
  return and(
    f.company ? eq(auditLog.company_id, sql.placeholder('company')) : undefined,
    f.userId ? eq(auditLog.actor_user_id, sql.placeholder('user_id')) : undefined,
    // The acting user by part of their name or email.
    f.user
      ? inArray(
          auditLog.actor_user_id,
          tx
            .select({ id: users.id })
            .from(users)
            .where(searchAnyPlaceholder([users.name, users.email], 'user')),
        )
      : undefined,
    f.objectType ? eq(auditLog.object_type, sql.placeholder('object_type')) : undefined,
    f.from ? gte(auditLog.created_at, sql.placeholder('from')) : undefined,
    f.to ? lt(auditLog.created_at, sql.placeholder('to')) : undefined,
    f.search ? searchTextPlaceholder(auditLog.search_text) : undefined,
  );
}

const listShape = statement(
  (tx, shape: PageShape) =>
    tx
      .select({
        entry: entryColumns,
        actor_name: users.name,
        company_name: shownName(companies),
        ...(shape.total ? { total_records: totalWhere(auditLog, where(tx, shape), AUDIT_COUNT_CAP) } : {}),
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actor_user_id))
      .leftJoin(companies, eq(companies.id, auditLog.company_id))
      .where(where(tx, shape))
      .orderBy(desc(auditLog.created_at), desc(auditLog.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')),
  // A term, a user's name or an object type: how many entries match decides the plan.
  { generic: (shape) => !shape.search && !shape.user && !shape.objectType },
);

/** The count for a page past the end, which has no row to carry the total. */
const countShape = statement((tx, shape: Filters) => tx.select({ n: count() }).from(auditLog).where(where(tx, shape)));

/** A query's values and the shape they make. */
function shapeOf(q: AuditQuery) {
  const values = {
    company: q.company_id || undefined,
    user_id: q.user_id || undefined,
    user: searchPattern(q.user ?? undefined),
    object_type: q.object_type || undefined,
    from: q.from ? startOfDay(q.from) : undefined,
    to: q.to ? startOfNextDay(q.to) : undefined,
    pattern: searchPattern(q.item_search),
  };
  const filters: Filters = {
    company: values.company !== undefined,
    userId: values.user_id !== undefined,
    user: values.user !== undefined,
    objectType: values.object_type !== undefined,
    from: values.from !== undefined,
    to: values.to !== undefined,
    search: values.pattern !== undefined,
  };
  return { values, filters };
}

/**
 * A page of the log, newest first, with the actor's and the company's names; its rows carry the capped total
 * (`total_records`) when `withTotal`. The log is platform-wide and grows without end, so the service keeps the
 * total for seconds (`pageWithKnownTotal`).
 */
export async function listAudit(tx: Tx, q: AuditQuery, withTotal: boolean) {
  const { values, filters } = shapeOf(q);
  return listShape(tx, { ...filters, total: withTotal }).execute({ ...values, ...pageOf(q) });
}

/** The count for a page past the end, which has no row to carry the total. */
export async function countAudit(tx: Tx, q: AuditQuery): Promise<number> {
  const { values, filters } = shapeOf(q);
  return (await countShape(tx, filters).execute(values))[0]!.n;
}
