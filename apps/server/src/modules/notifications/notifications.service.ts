// The bell and the settings page (issue 25 part 3): a user reads and marks only their own notifications.
import {
  NOTIFICATION_LABELS,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_TYPES,
  UNREAD_COUNT_CAP,
  type NotificationType,
} from '@spirit/domain/notifications/notifications.constants';
import { channelsFor, notificationLink } from '@spirit/domain/notifications/notifications.rules';
import type { NotificationPreference, NotificationsQuery } from '@spirit/domain/notifications/notifications.schemas';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Actor } from '../../lib/actor.js';
import { notFound } from '../../lib/errors.js';
import { audit } from '../audit/audit.service.js';
import { pageOf, pageWithTotal, searchPattern, totalOver } from '../../lib/list.js';
import type { Deps } from '../../types.js';
import { savedPreferences } from './notifications.repository.js';
import { notificationPreferences, notifications } from './notifications.table.js';

const mine = (actor: Actor) => and(eq(notifications.user_id, actor.userId), sql`${notifications.in_app}`);

/** A page of the caller's notifications: newest first, or unread first (then newest); searched in title and text. */
export async function list(deps: Deps, actor: Actor, q: NotificationsQuery) {
  const pattern = searchPattern(q.item_search);
  const where = and(
    mine(actor),
    q.unread_only ? isNull(notifications.read_at) : undefined,
    pattern ? sql`lower(${notifications.title} || ' ' || ${notifications.text}) like ${pattern}` : undefined,
  );
  const order =
    q.sort_by === 'unread'
      ? [sql`${notifications.read_at} is not null`, desc(notifications.created_at), desc(notifications.id)]
      : [desc(notifications.created_at), desc(notifications.id)];
  const rows = await deps.db
    .select({
      id: notifications.id,
      type: notifications.type,
      title: notifications.title,
      text: notifications.text,
      bid_id: notifications.bid_id,
      listing_id: notifications.listing_id,
      created_at: notifications.created_at,
      read_at: notifications.read_at,
      total_records: totalOver,
    })
    .from(notifications)
    .where(where)
    .orderBy(...order)
    .limit(pageOf(q).limit)
    .offset(pageOf(q).offset);
  const page = await pageWithTotal(q, rows, async () => deps.db.$count(notifications, where));
  return {
    totalRecords: page.totalRecords,
    records: page.records.map((r) => ({
      ...r,
      type: r.type as NotificationType,
      link: notificationLink({ type: r.type as NotificationType, bid_id: r.bid_id, listing_id: r.listing_id }),
      created_at: r.created_at.toISOString(),
      read_at: r.read_at?.toISOString() ?? null,
    })),
  };
}

/** The bell's figure: unread notifications, counted up to the cap. */
export async function unreadCount(deps: Deps, actor: Actor) {
  const res = await deps.db.execute(sql`select count(*)::int as n from (select 1 from ${notifications}
    where ${notifications.user_id} = ${actor.userId} and ${notifications.in_app} and ${notifications.read_at} is null
    limit ${UNREAD_COUNT_CAP + 1}) as capped`);
  const n = (res as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
  return { count: Math.min(n, UNREAD_COUNT_CAP), capped: n > UNREAD_COUNT_CAP };
}

/** Marks one of the caller's notifications (another user's is not found) or all of them as read. */
export async function markRead(deps: Deps, actor: Actor, body: { id?: number; all?: boolean }) {
  const rows = await deps.db
    .update(notifications)
    .set({ read_at: deps.now() })
    .where(and(mine(actor), isNull(notifications.read_at), body.all ? undefined : eq(notifications.id, body.id!)))
    .returning({ id: notifications.id });
  if (!body.all && !rows.length) {
    const [exists] = await deps.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(mine(actor), eq(notifications.id, body.id!)));
    if (!exists) throw notFound('notification.not_found', NOTIFICATION_MESSAGES.notFound);
  }
  return { updated: rows.length };
}

/** Every type with the caller's channels (saved, else the defaults), in the settings page's order. */
export async function preferences(deps: Deps, actor: Actor) {
  const saved = (await savedPreferences(deps.db, [actor.userId])).get(actor.userId) ?? {};
  return NOTIFICATION_TYPES.map((type) => ({ type, label: NOTIFICATION_LABELS[type], ...channelsFor(type, saved) }));
}

export async function updatePreferences(deps: Deps, actor: Actor, rows: NotificationPreference[]) {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(notificationPreferences)
      .values(
        rows.map((r) => ({ user_id: actor.userId, type: r.type, in_app: r.in_app, mail: r.mail, updated_at: now })),
      )
      .onConflictDoUpdate({
        target: [notificationPreferences.user_id, notificationPreferences.type],
        set: { in_app: sql`excluded.in_app`, mail: sql`excluded.mail`, updated_at: now },
      });
    await audit(tx, {
      actorUserId: actor.userId,
      companyId: actor.companyId,
      action: 'user.notification_preferences',
      objectType: 'user',
      objectId: actor.userId,
      after: { preferences: rows },
    });
  });
  return preferences(deps, actor);
}
