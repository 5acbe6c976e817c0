// Notifications' queries: who is mapped where, the users' settings, the rows themselves.
import type { NotificationChannels, NotificationType } from '@spirit/domain/notifications/notifications.constants';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { mappingDistilleries, mappings } from '../mappings/mappings.table.js';
import { users } from '../users/users.table.js';
import { notificationPreferences, notifications } from './notifications.table.js';

export type NotificationRow = typeof notifications.$inferInsert;
export type MappedUsers = { negotiator: number; authorizer: number; approver: number };

/** Each distillery's mapped users (a distillery belongs to at most one mapping). */
export async function mappedUsers(tx: Tx, distilleryIds: number[]): Promise<Map<number, MappedUsers>> {
  if (!distilleryIds.length) return new Map();
  const rows = await tx
    .select({
      distillery_id: mappingDistilleries.distillery_id,
      negotiator: mappings.negotiator_id,
      authorizer: mappings.authorizer_id,
      approver: mappings.approver_id,
    })
    .from(mappingDistilleries)
    .innerJoin(mappings, eq(mappings.id, mappingDistilleries.mapping_id))
    .where(inArray(mappingDistilleries.distillery_id, distilleryIds));
  return new Map(rows.map(({ distillery_id, ...u }) => [distillery_id, u]));
}

/** The active Admins of a company. */
export async function companyAdmins(tx: Tx, companyId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.company_id, companyId), eq(users.is_admin, true), eq(users.is_archived, false)));
  return rows.map((r) => r.id);
}

/** Of `ids`, the users who can still hear anything: active, not archived. */
export async function reachableUsers(tx: Tx, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.is_active, true), eq(users.is_archived, false)));
  return new Set(rows.map((r) => r.id));
}

export type SavedPreferences = Map<number, Partial<Record<NotificationType, NotificationChannels>>>;

/** The saved settings of `userIds`, by user and type. */
export async function savedPreferences(tx: Tx, userIds: number[]): Promise<SavedPreferences> {
  const saved: SavedPreferences = new Map();
  if (!userIds.length) return saved;
  const rows = await tx.select().from(notificationPreferences).where(inArray(notificationPreferences.user_id, userIds));
  for (const r of rows) {
    const mine = saved.get(r.user_id) ?? {};
    mine[r.type as NotificationType] = { in_app: r.in_app, mail: r.mail };
    saved.set(r.user_id, mine);
  }
  return saved;
}

export async function insertNotifications(tx: Tx, rows: NotificationRow[]) {
  for (let i = 0; i < rows.length; i += 2_000) await tx.insert(notifications).values(rows.slice(i, i + 2_000));
}

/** `pg`'s and PGlite's `execute` answers, as rows. */
export const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;
export const nowSql = (now: Date) => sql`${now.toISOString()}::timestamptz`;
