// The notifications' two periodic jobs (issue 25 part 3), each run under the scheduler's advisory lock:
// - lapsing: open bids whose validity ends within the hour tell the users involved, once per bid;
// - digest: each user's unmailed notifications go out as ONE mail, at most one per user per minute, so a burst of
//   events never floods a mailbox.
import { BID_SIDES } from '@spirit/domain/bids/bids.constants';
import {
  DIGEST_EVERY_MS,
  DIGEST_MAX_LINES,
  LAPSING_WITHIN_MS,
} from '@spirit/domain/notifications/notifications.constants';
import { involved, notificationLink } from '@spirit/domain/notifications/notifications.rules';
import type { NotificationType } from '@spirit/domain/notifications/notifications.constants';
import { and, asc, gt, inArray, lte, notExists, sql } from 'drizzle-orm';
import type { Deps } from '../../types.js';
import { bids } from '../bids/bids.table.js';
import { mails } from '../mail/mail.templates.js';
import { users } from '../users/users.table.js';
import { bidFacts, counterpartyListing, usersOf, writeNotifications, type Pending } from './notifications.consumer.js';
import { bidLapseWarnings, notifications } from './notifications.table.js';
import { stateOf } from '../bids/bids.view.js';

const LAPSING_BATCH = 200;

/** Tells the parties of every open bid lapsing within the hour, once per bid. Returns how many bids. */
export async function warnLapsing(deps: Deps): Promise<number> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(bids)
      .where(
        and(
          sql`${bids.status} in ('New', 'OnGoing')`,
          gt(bids.valid_until, now),
          lte(bids.valid_until, new Date(now.getTime() + LAPSING_WITHIN_MS)),
          notExists(
            tx
              .select()
              .from(bidLapseWarnings)
              .where(sql`${bidLapseWarnings.bid_id} = ${bids.id}`),
          ),
        ),
      )
      .orderBy(asc(bids.valid_until))
      .limit(LAPSING_BATCH);
    if (!due.length) return 0;
    // A second process that got here first has them already: only the bids this run claims are told.
    const claimed = await tx
      .insert(bidLapseWarnings)
      .values(due.map((b) => ({ bid_id: b.id, created_at: now })))
      .onConflictDoNothing()
      .returning({ bid_id: bidLapseWarnings.bid_id });
    const mine = new Set(claimed.map((c) => c.bid_id));
    const pending: Pending[] = [];
    for (const bid of due.filter((b) => mine.has(b.id))) {
      const recipients = await usersOf(tx, bid, involved(stateOf(bid), BID_SIDES));
      for (const r of recipients)
        pending.push({
          userId: r.userId,
          type: 'bid_lapsing',
          bidId: bid.id,
          listingId: counterpartyListing(bid, r.side),
          facts: bidFacts(bid),
        });
    }
    await writeNotifications(tx, pending, { now });
    return mine.size;
  });
}

const DIGEST_USERS = 500;

/** The notifications a digest has still to send (notifications_mail_due_idx). */
const unmailed = () => sql`${notifications.mail} and ${notifications.mailed_at} is null`;

/**
 * Marks every notification still to be mailed as mailed, sending nothing: history that is told in the app only (the
 * demo seed's, which would otherwise reach every demo account in its first digest).
 */
export async function markAllMailed(deps: Deps): Promise<void> {
  await deps.db.update(notifications).set({ mailed_at: deps.now() }).where(unmailed());
}

/**
 * Sends each user with unmailed notifications one digest of them and marks them mailed; a user mailed within the
 * last minute waits for the next run. The rows are marked in a transaction and the mails handed to the mailer after
 * it commits: a mail is never sent twice, and at worst (the process dies between the two) one digest is lost —
 * the notifications stay in the app. Returns how many mails.
 */
export async function sendDigests(deps: Deps): Promise<number> {
  const now = deps.now();
  const recent = new Date(now.getTime() - DIGEST_EVERY_MS);
  const batches = await deps.db.transaction(async (tx) => {
    const due = await tx
      .selectDistinct({ user_id: notifications.user_id })
      .from(notifications)
      .where(
        and(
          unmailed(),
          sql`not exists (select 1 from ${notifications} m where m.user_id = ${notifications.user_id}
            and m.mailed_at > ${recent.toISOString()}::timestamptz)`,
        ),
      )
      .limit(DIGEST_USERS);
    if (!due.length) return [];
    const userIds = due.map((d) => d.user_id);
    const rows = await tx
      .update(notifications)
      .set({ mailed_at: now })
      .where(and(inArray(notifications.user_id, userIds), unmailed()))
      .returning();
    const people = await tx
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(inArray(users.id, userIds));
    return people.map((p) => ({ user: p, rows: rows.filter((r) => r.user_id === p.id).sort((a, b) => a.id - b.id) }));
  });
  const base = deps.config.publicUrl;
  for (const { user, rows } of batches) {
    if (!rows.length) continue;
    const items = rows.slice(0, DIGEST_MAX_LINES).map((r) => {
      const link = notificationLink({ type: r.type as NotificationType, bid_id: r.bid_id, listing_id: r.listing_id });
      return { title: r.title, text: r.text, link: link ? `${base}${link}` : null };
    });
    await deps.mailer.send(
      mails.notificationDigest({
        to: user.email,
        name: user.name,
        items,
        more: rows.length - items.length,
        settingsLink: `${base}/notificationsettings`,
      }),
    );
  }
  return batches.filter((b) => b.rows.length).length;
}
