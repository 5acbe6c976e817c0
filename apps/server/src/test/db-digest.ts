// A digest of every table, to prove that a refused call changed nothing (DESIGN §3 "Errors never lose data").
import { sql, type SQL } from 'drizzle-orm';
import type { Harness } from './harness.js';

/**
 * What the outbox's own machinery changes on its own time, not any call: the place of each durable consumer
 * (`event_consumers`) and the number an event gets after it commits (`events.seq`). An event a refused call wrote
 * still shows: its other columns are compared.
 */
const ROW_OF: Record<string, string> = {
  events: '(t.id, t.type, t.bid_id, t.listing_id, t.company_ids, t.data)::text',
};

type Digest = Record<string, string>;

/** The next transaction id to be given, or null while a transaction is running (its writes may yet commit). */
const SNAPSHOT = `case when pg_snapshot_xmin(pg_current_snapshot()) = pg_snapshot_xmax(pg_current_snapshot())
  then pg_snapshot_xmax(pg_current_snapshot())::text end`;

/**
 * Per harness: the one statement that digests every table, and the last digest with the snapshot it was read in.
 *
 * Nothing can change a row without a transaction id, so a digest still holds while the database has handed out no
 * new one: the next id to be given (the snapshot's xmax) is unchanged and none was running (xmin = xmax) when it
 * was read. The authorization matrix takes ~2,000 digests, most of them across calls that wrote nothing; those
 * reuse the last one instead of reading every table again (issue 6: the suite's time). On a server other
 * databases hand out ids all the time, and every digest is read.
 */
type Known = { statement: SQL; last?: { snapshot: string | null; digest: Digest } };
const state = new WeakMap<Harness, Known>();

async function statementOf(h: Harness): Promise<Known> {
  const known = state.get(h);
  if (known) return known;
  const tables = await h.db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'
        and table_name not in ('sessions', 'used_captchas', 'event_consumers') order by table_name`,
  );
  const columns = (tables as unknown as { rows: { table_name: string }[] }).rows.map(({ table_name }) => {
    const row = ROW_OF[table_name] ?? 't::text';
    return `(select md5(coalesce(string_agg(${row}, '|' order by ${row}), '')) from "${table_name}" t) as "${table_name}"`;
  });
  const made: Known = { statement: sql.raw(`select ${SNAPSHOT} as "(snapshot)", ${columns.join(', ')}`) };
  state.set(h, made);
  return made;
}

/**
 * One md5 per table but sessions and spent captchas (a signed-in call touches its session) and the outbox's
 * bookkeeping (above), all read in one statement.
 */
export async function tableDigest(h: Harness): Promise<Digest> {
  // Events committed by earlier calls are numbered and handed to the durable consumers (notifications) first, so
  // their background writes never land between two digests.
  await h.deps.events.flush();
  const known = await statementOf(h);
  if (known.last) {
    const now = await h.db.execute<{ x: string | null }>(sql.raw(`select ${SNAPSHOT} as x`));
    const [{ x }] = (now as unknown as { rows: [{ x: string | null }] }).rows;
    if (x !== null && x === known.last.snapshot) return known.last.digest;
  }
  const res = await h.db.execute(known.statement);
  const { '(snapshot)': snapshot, ...digest } = (res as unknown as { rows: [Record<string, string | null>] }).rows[0];
  known.last = { snapshot: snapshot ?? null, digest: digest as Digest };
  return digest as Digest;
}
