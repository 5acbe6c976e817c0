// Price alerts meet the market (issue 25 part 4): when a listing is created or changed, the alerts it matches tell
// their owners, once per alert and listing (`price_alert_hits`), only while the listing is open in the market the
// owner sees (the other side's listings, of another company) — what getAllInventory would list for them.
import { alertMatches } from '@spirit/domain/alerts/alerts.rules';
import { currentPeriod } from '@spirit/domain/listings/listings.rules';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { StoredEvent } from '../events/events.outbox.js';
import { companies } from '../companies/companies.table.js';
import { openWhere } from '../listings/listings.repository.js';
import { listings } from '../listings/listings.table.js';
import type { Pending } from '../notifications/notifications.consumer.js';
import { priceAlertHits, priceAlerts } from './alerts.table.js';

export async function alertNotifications(tx: Tx, event: StoredEvent, now: Date): Promise<Pending[]> {
  if (!event.listing_id) return [];
  const [listing] = await tx
    .select()
    .from(listings)
    .where(and(eq(listings.id, event.listing_id), openWhere(currentPeriod(now))));
  if (!listing) return [];
  const candidates = await tx
    .select()
    .from(priceAlerts)
    .where(
      and(
        eq(priceAlerts.side, listing.side),
        eq(priceAlerts.product, listing.product),
        ne(priceAlerts.company_id, listing.company_id),
        sql`exists (select 1 from ${companies} c where c.id = ${priceAlerts.company_id} and c.status = 'Approved')`,
        sql`not exists (select 1 from ${priceAlertHits} h where h.alert_id = ${priceAlerts.id}
          and h.listing_id = ${listing.id})`,
      ),
    );
  const matching = candidates.filter((a) => alertMatches(a, { ...listing, price: listing.price }));
  if (!matching.length) return [];
  const hits = await tx
    .insert(priceAlertHits)
    .values(matching.map((a) => ({ alert_id: a.id, listing_id: listing.id, created_at: now })))
    .onConflictDoNothing()
    .returning({ alert_id: priceAlertHits.alert_id });
  const hit = new Set(hits.map((h) => h.alert_id));
  return matching
    .filter((a) => hit.has(a.id))
    .map((a) => ({
      userId: a.user_id,
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
