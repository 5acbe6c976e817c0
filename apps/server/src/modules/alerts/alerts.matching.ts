// Price alerts meet the market (issue 25 part 4): when a listing is created or changed, the alerts it matches tell
// their owners, once per alert and listing (`price_alert_hits`), only while the listing is open in the market the
// owner sees (the other side's listings, of another company) — what getAllInventory would list for them.
// A consumer batch is matched as a whole, in four statements whatever its size: a bulk upload of 10,000 offers is
// 10,000 events, and two statements per event held the embedded database for twenty seconds.
import { alertMatches } from '@spirit/domain/alerts/alerts.rules';
import { currentPeriod } from '@spirit/domain/listings/listings.rules';
import { and, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { StoredEvent } from '../events/events.outbox.js';
import { companies } from '../companies/companies.table.js';
import { openWhere } from '../listings/listings.repository.js';
import { listings } from '../listings/listings.table.js';
import type { Pending } from '../notifications/notifications.consumer.js';
import { priceAlertHits, priceAlerts } from './alerts.table.js';

const ALERTING = new Set(['listing.created', 'listing.changed']);

/** A list of ids as one array parameter, so the statement's text (and its prepared plan) is one whatever the count. */
const idArray = (ids: Iterable<number | string>) => sql`${`{${[...ids].join(',')}}`}::int[]`;

/**
 * The price-alert notifications a batch of events makes: for each listing created or changed in it, the alerts it
 * now matches that have not told their owner of it yet; the hits are recorded in the caller's transaction. The
 * listing's own actor never hears of it.
 */
export async function alertNotifications(tx: Tx, batch: StoredEvent[], now: Date): Promise<Pending[]> {
  const actorOf = new Map<number, number | null>();
  for (const e of batch) if (e.listing_id && ALERTING.has(e.type)) actorOf.set(e.listing_id, e.actor_user_id);
  if (!actorOf.size) return [];
  const open = await tx
    .select()
    .from(listings)
    .where(and(sql`${listings.id} = any(${idArray(actorOf.keys())})`, openWhere(currentPeriod(now))))
    .orderBy(listings.id);
  if (!open.length) return [];
  const products = [...new Set(open.map((l) => l.product))];
  const candidates = await tx
    .select()
    .from(priceAlerts)
    .where(
      sql`${priceAlerts.product} = any(${`{${products.map((p) => JSON.stringify(p)).join(',')}}`}::text[])
        and exists (select 1 from ${companies} c where c.id = ${priceAlerts.company_id} and c.status = 'Approved')`,
    );
  if (!candidates.length) return [];
  const told = await tx
    .select({ alert_id: priceAlertHits.alert_id, listing_id: priceAlertHits.listing_id })
    .from(priceAlertHits)
    .where(
      sql`${priceAlertHits.alert_id} = any(${idArray(candidates.map((a) => a.id))})
        and ${priceAlertHits.listing_id} = any(${idArray(open.map((l) => l.id))})`,
    );
  const key = (alertId: number, listingId: number) => `${alertId}|${listingId}`;
  const already = new Set(told.map((h) => key(h.alert_id, h.listing_id)));
  const found: { alert: (typeof candidates)[number]; listing: (typeof open)[number] }[] = [];
  for (const listing of open)
    for (const alert of candidates)
      if (
        alert.company_id !== listing.company_id &&
        alert.user_id !== actorOf.get(listing.id) &&
        !already.has(key(alert.id, listing.id)) &&
        alertMatches(alert, listing)
      )
        found.push({ alert, listing });
  if (!found.length) return [];
  const hits = await tx
    .insert(priceAlertHits)
    .values(found.map(({ alert, listing }) => ({ alert_id: alert.id, listing_id: listing.id, created_at: now })))
    .onConflictDoNothing()
    .returning({ alert_id: priceAlertHits.alert_id, listing_id: priceAlertHits.listing_id });
  const hit = new Set(hits.map((h) => key(h.alert_id, h.listing_id)));
  return found
    .filter(({ alert, listing }) => hit.has(key(alert.id, listing.id)))
    .map(({ alert, listing }) => ({
      userId: alert.user_id,
      type: 'price_alert' as const,
      bidId: null,
      listingId: listing.id,
      facts: {
        product: listing.product,
        quantity: listing.available_quantity,
        price: listing.price,
        side: listing.side,
        state: listing.state,
      },
    }));
}
