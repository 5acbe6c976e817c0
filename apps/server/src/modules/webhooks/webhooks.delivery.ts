// From events to POSTs (docs/decisions.md "Webhooks"):
// - the durable consumer 'webhooks' writes one delivery row per matching subscription for each event, in the
//   transaction that moves its place in the stream (exactly once). An event reaches a company's subscription only
//   when the company may see it: one of its parties (`company_ids`), or a market event (null) — and the company is
//   approved, the subscription on and older than the event.
// - the worker claims due rows (skip locked, their next attempt moved forward as a lease, so a second process or a
//   worker that died never sends the same attempt twice at once), POSTs them in parallel and records the answer:
//   delivered, or retried with exponential back-off until 24 h after the delivery was made, then failed.
import { DELIVERY_RETRY_HOURS, DELIVERY_TIMEOUT_MS, retryDelayMs } from '@spirit/domain/webhooks/webhooks.constants';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { Deps } from '../../types.js';
import { companies } from '../companies/companies.table.js';
import type { Consumer, StoredEvent } from '../events/events.outbox.js';
import { openSecret } from './webhooks.secrets.js';
import { sendWebhook, type SendResult } from './webhooks.send.js';
import { webhookDeliveries, webhooks } from './webhooks.table.js';

/** What a receiver gets of an event: the client-facing MarketEvent, no audience or actor. */
export const publicEvent = (e: StoredEvent) => ({
  seq: e.seq,
  type: e.type,
  bid_id: e.bid_id,
  listing_id: e.listing_id,
  data: e.data,
  at: e.at,
});

export function webhooksConsumer(deps: Deps): Consumer {
  return {
    name: 'webhooks',
    handle: async (tx: Tx, batch: StoredEvent[]) => {
      const types = [...new Set(batch.map((e) => e.type))];
      const subs = await tx
        .select({
          id: webhooks.id,
          company_id: webhooks.company_id,
          types: webhooks.event_types,
          since: webhooks.created_at,
        })
        .from(webhooks)
        .innerJoin(companies, eq(companies.id, webhooks.company_id))
        .where(
          and(
            eq(webhooks.is_active, true),
            eq(companies.status, 'Approved'),
            sql`${webhooks.event_types} && array[${sql.join(
              types.map((t) => sql`${t}`),
              sql`, `,
            )}]::text[]`,
          ),
        );
      if (subs.length === 0) return;
      const now = deps.now();
      const rows = batch.flatMap((e) =>
        subs
          .filter(
            (s) =>
              s.types.includes(e.type) &&
              (e.company_ids === null || e.company_ids.includes(s.company_id)) &&
              s.since.getTime() <= new Date(e.at).getTime(),
          )
          .map((s) => ({
            webhook_id: s.id,
            company_id: s.company_id,
            event_seq: e.seq,
            event_type: e.type,
            event: publicEvent(e),
            next_attempt_at: now,
            created_at: now,
          })),
      );
      for (let i = 0; i < rows.length; i += 500) await tx.insert(webhookDeliveries).values(rows.slice(i, i + 500));
    },
  };
}

type Claimed = {
  id: number;
  event: unknown;
  event_type: string;
  attempts: number;
  created_at: Date;
  url: string;
  secret: string;
};

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/** Due deliveries of active subscriptions, claimed: their next attempt moved past this one's longest run. */
async function claim(deps: Deps, limit: number, timeoutMs: number): Promise<Claimed[]> {
  const now = deps.now();
  const lease = new Date(now.getTime() + timeoutMs + 60_000);
  const res = await deps.db.execute(sql`
    with due as (
      select d.id from ${webhookDeliveries} d join ${webhooks} w on w.id = d.webhook_id and w.is_active
      where d.status = 'pending' and d.next_attempt_at <= ${now}
      order by d.next_attempt_at, d.id limit ${limit}
      for update of d skip locked)
    update ${webhookDeliveries} d set next_attempt_at = ${lease}, attempts = d.attempts + 1
    from due, ${webhooks} w where d.id = due.id and w.id = d.webhook_id
    returning d.id, d.event, d.event_type, d.attempts, d.created_at, w.url, w.secret`);
  return rowsOf<Claimed & { id: string | number; created_at: Date | string }>(res).map((r) => ({
    ...r,
    id: Number(r.id),
    created_at: new Date(r.created_at),
  }));
}

async function record(deps: Deps, d: Claimed, result: SendResult) {
  const now = deps.now();
  const common = { last_status_code: result.statusCode, last_error: result.error };
  if (result.ok) {
    await deps.db
      .update(webhookDeliveries)
      .set({ ...common, status: 'delivered', delivered_at: now })
      .where(eq(webhookDeliveries.id, d.id));
    return;
  }
  const next = new Date(now.getTime() + retryDelayMs(d.attempts));
  const givenUp = next.getTime() - d.created_at.getTime() > DELIVERY_RETRY_HOURS * 3_600_000;
  await deps.db
    .update(webhookDeliveries)
    .set({ ...common, ...(givenUp ? { status: 'failed' as const } : { next_attempt_at: next }) })
    .where(eq(webhookDeliveries.id, d.id));
}

/**
 * Sends what is due now, `limit` at a time in parallel, until nothing is due; returns how many attempts it made.
 * The scheduler runs it every few seconds; tests call it directly (with a short `timeoutMs` for a slow receiver).
 */
export async function deliverDue(deps: Deps, opts: { limit?: number; timeoutMs?: number } = {}): Promise<number> {
  const limit = opts.limit ?? 50;
  const timeoutMs = opts.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  let attempts = 0;
  for (;;) {
    const claimed = await claim(deps, limit, timeoutMs);
    if (claimed.length === 0) return attempts;
    attempts += claimed.length;
    await Promise.all(
      claimed.map(async (d) => {
        const body = JSON.stringify({ id: d.id, event: d.event });
        const result = await sendWebhook(
          { url: d.url, secret: openSecret(deps.config, d.secret) },
          { deliveryId: d.id, eventType: d.event_type, body },
          { allowLocal: deps.config.webhookAllowLocal, timeoutMs, now: deps.now() },
        );
        await record(deps, d, result);
      }),
    );
    if (claimed.length < limit) return attempts;
  }
}
