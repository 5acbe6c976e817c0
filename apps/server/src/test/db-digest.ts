// A digest of every table, to prove that a refused call changed nothing (DESIGN §3 "Errors never lose data").
import { sql } from 'drizzle-orm';
import type { Harness } from './harness.js';

/**
 * What the outbox's own machinery changes on its own time, not any call: the place of each durable consumer
 * (`event_consumers`) and the number an event gets after it commits (`events.seq`). An event a refused call wrote
 * still shows: its other columns are compared.
 */
const ROW_OF: Record<string, string> = {
  events: '(t.id, t.type, t.bid_id, t.listing_id, t.company_ids, t.data)::text',
};

/**
 * One md5 per table but sessions and spent captchas (a signed-in call touches its session) and the outbox's
 * bookkeeping (above).
 */
export async function tableDigest(h: Harness): Promise<Record<string, string>> {
  // Events committed by earlier calls are numbered and handed to the durable consumers (notifications) first, so
  // their background writes never land between two digests.
  await h.deps.events.flush();
  const tables = await h.db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'
        and table_name not in ('sessions', 'used_captchas', 'event_consumers') order by table_name`,
  );
  const out: Record<string, string> = {};
  for (const { table_name } of (tables as unknown as { rows: { table_name: string }[] }).rows) {
    const row = ROW_OF[table_name] ?? 't::text';
    const res = await h.db.execute(
      sql.raw(`select md5(coalesce(string_agg(${row}, '|' order by ${row}), '')) as d from "${table_name}" t`),
    );
    out[table_name] = (res as unknown as { rows: { d: string }[] }).rows[0]!.d;
  }
  return out;
}
