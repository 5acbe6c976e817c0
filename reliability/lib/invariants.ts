// The market's invariants, read by SQL from the database itself (after a race, or a crash and a restart).
import type { Database } from '../../apps/server/src/db/client.js';
import { rows } from './target.js';

export type Violations = Record<string, number>;

/** Every invariant that must hold whatever happened: each figure is a count of violating rows (all 0). */
export async function marketInvariants(db: Database['db']): Promise<Violations> {
  const [r] = await rows<Violations>(
    db,
    `select
      (select count(*)::int from listings where available_quantity < 0) as negative_available,
      (select count(*)::int from listings l where l.original_quantity - l.available_quantity <> coalesce((
        select sum(b.quantity) from bids b where b.status = 'Approved' and (b.offer_id = l.id or b.ask_id = l.id)), 0))
        as taken_not_traded,
      (select count(*)::int from bids where (status = 'Approved') <> (trade_reference is not null)) as reference_mismatch,
      (select count(*)::int from (select trade_reference from bids where trade_reference is not null
        group by trade_reference having count(*) > 1) d) as duplicate_reference,
      (select count(*)::int from bids b where b.status = 'Approved' and (select count(*) from bid_history e
        where e.bid_id = b.id and e.status = 'Approver: Approved') <> 2) as approved_without_history,
      (select count(*)::int from audit_log a where a.action = 'listing.bulk_created' and exists (
        select 1 from jsonb_array_elements_text(a.after -> 'listing_ids') i
        where not exists (select 1 from listings l where l.id = i::int))) as bulk_entry_missing_listings,
      (select count(*)::int from files f where f.consumed_at is not null and not exists (select 1 from audit_log a
        where a.action = 'listing.bulk_created' and a.object_id = f.id::text)) as consumed_without_listings`,
  );
  return r!;
}
