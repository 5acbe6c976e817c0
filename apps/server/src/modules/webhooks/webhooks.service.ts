// A company's webhooks (issue 25 part 5; docs/decisions.md "Webhooks"): its Admin registers, turns off, deletes
// them, reads each one's delivery log and replays a delivery. Signing and sending are webhooks.send.ts's, the
// consumer and the retrying worker webhooks.delivery.ts's.
import type { ListQuery } from '@spirit/domain/common/list.schemas';
import { WEBHOOK_MESSAGES, type DeliveryStatus } from '@spirit/domain/webhooks/webhooks.constants';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { newToken } from '../../lib/crypto.js';
import { forbidden, invalidField, notFound } from '../../lib/errors.js';
import { pageOf, countWhere, pageWithTotal, searchAny, totalOver } from '../../lib/list.js';
import type { Deps } from '../../types.js';
import { audit } from '../audit/audit.service.js';
import { sealSecret } from './webhooks.secrets.js';
import { urlRefusal } from './webhooks.address.js';
import { webhookDeliveries, webhooks } from './webhooks.table.js';

const companyOf = (actor: Actor) => {
  if (!actor.companyId) throw forbidden();
  return actor.companyId;
};
const webhookNotFound = () => notFound('webhook.not_found', WEBHOOK_MESSAGES.notFound);

const countOf = (status: DeliveryStatus) =>
  sql<number>`(select count(*) from ${webhookDeliveries} d where d.webhook_id = ${webhooks.id} and d.status = ${status})::int`.mapWith(
    Number,
  );

const columns = {
  id: webhooks.id,
  url: webhooks.url,
  event_types: webhooks.event_types,
  is_active: webhooks.is_active,
  created_at: webhooks.created_at,
  pending: countOf('pending'),
  failed: countOf('failed'),
};

type Row = {
  id: number;
  url: string;
  event_types: string[];
  is_active: boolean;
  created_at: Date;
  pending: number;
  failed: number;
};
const toWebhook = (r: Row) => ({ ...r, created_at: r.created_at.toISOString() });

async function findOwn(tx: Tx, companyId: number, id: number) {
  const [row] = await tx
    .select(columns)
    .from(webhooks)
    .where(and(eq(webhooks.id, id), eq(webhooks.company_id, companyId)));
  return row ?? null;
}

export async function list(deps: Deps, actor: Actor, q: ListQuery & { sort_by?: 'url' | 'created_at' }) {
  const companyId = companyOf(actor);
  const where = and(eq(webhooks.company_id, companyId), searchAny(q.item_search, [webhooks.url]));
  const order =
    q.sort_by === 'url'
      ? [q.sort_order === 'asc' ? asc(webhooks.url) : desc(webhooks.url), asc(webhooks.id)]
      : [q.sort_order === 'asc' ? asc(webhooks.id) : desc(webhooks.id)];
  const rows = await deps.db
    .select({ ...columns, total_records: totalOver })
    .from(webhooks)
    .where(where)
    .orderBy(...order)
    .limit(pageOf(q).limit)
    .offset(pageOf(q).offset);
  const page = await pageWithTotal(q, rows, () => countWhere(deps.db, webhooks, where));
  return { records: page.records.map(toWebhook), totalRecords: page.totalRecords };
}

export async function create(deps: Deps, actor: Actor, body: { url: string; event_types: string[] }) {
  const companyId = companyOf(actor);
  const refusal = await urlRefusal(body.url, deps.config.webhookAllowLocal);
  if (refusal) throw invalidField('url', refusal, 'webhook.url_refused');
  const secret = `whsec_${newToken()}`;
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(webhooks)
      .values({
        company_id: companyId,
        url: body.url,
        event_types: body.event_types,
        secret: sealSecret(deps.config, secret),
        created_by: actor.userId,
        // created_at: the database's clock, as the events' (the consumer sends only events newer than it).
        updated_at: now,
      })
      .returning({ id: webhooks.id });
    await audit(tx, {
      actorUserId: actor.userId,
      companyId,
      action: 'webhook.created',
      objectType: 'webhook',
      objectId: row!.id,
      after: { url: body.url, event_types: body.event_types },
    });
    return { ...toWebhook((await findOwn(tx, companyId, row!.id))!), secret };
  });
}

export async function update(
  deps: Deps,
  actor: Actor,
  body: { id: number; is_active?: boolean; event_types?: string[] },
) {
  const companyId = companyOf(actor);
  return deps.db.transaction(async (tx) => {
    const before = await findOwn(tx, companyId, body.id);
    if (!before) throw webhookNotFound();
    const next = {
      ...(body.is_active !== undefined ? { is_active: body.is_active } : {}),
      ...(body.event_types ? { event_types: body.event_types } : {}),
    };
    await tx
      .update(webhooks)
      .set({ ...next, updated_at: deps.now() })
      .where(eq(webhooks.id, body.id));
    await audit(tx, {
      actorUserId: actor.userId,
      companyId,
      action: 'webhook.updated',
      objectType: 'webhook',
      objectId: body.id,
      before: { is_active: before.is_active, event_types: before.event_types },
      after: next,
    });
    return toWebhook((await findOwn(tx, companyId, body.id))!);
  });
}

export async function remove(deps: Deps, actor: Actor, id: number) {
  const companyId = companyOf(actor);
  await deps.db.transaction(async (tx) => {
    const before = await findOwn(tx, companyId, id);
    if (!before) throw webhookNotFound();
    await tx.delete(webhooks).where(eq(webhooks.id, id));
    await audit(tx, {
      actorUserId: actor.userId,
      companyId,
      action: 'webhook.deleted',
      objectType: 'webhook',
      objectId: id,
      before: { url: before.url, event_types: before.event_types },
    });
  });
}

const deliveryColumns = {
  id: webhookDeliveries.id,
  event_seq: webhookDeliveries.event_seq,
  event_type: webhookDeliveries.event_type,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  last_status_code: webhookDeliveries.last_status_code,
  last_error: webhookDeliveries.last_error,
  next_attempt_at: webhookDeliveries.next_attempt_at,
  delivered_at: webhookDeliveries.delivered_at,
  created_at: webhookDeliveries.created_at,
  replay_of: webhookDeliveries.replay_of,
};
type DeliveryRow = {
  [K in keyof typeof deliveryColumns]: (typeof webhookDeliveries.$inferSelect)[K];
};
const toDelivery = (r: DeliveryRow) => ({
  ...r,
  next_attempt_at: r.status === 'pending' ? r.next_attempt_at.toISOString() : null,
  delivered_at: r.delivered_at?.toISOString() ?? null,
  created_at: r.created_at.toISOString(),
});

export async function deliveries(
  deps: Deps,
  actor: Actor,
  q: ListQuery & { webhook_id: number; status?: DeliveryStatus },
) {
  const companyId = companyOf(actor);
  if (!(await findOwn(deps.db, companyId, q.webhook_id))) throw webhookNotFound();
  const where = and(
    eq(webhookDeliveries.webhook_id, q.webhook_id),
    q.status ? eq(webhookDeliveries.status, q.status) : undefined,
    searchAny(q.item_search, [webhookDeliveries.event_type]),
  );
  const rows = await deps.db
    .select({ ...deliveryColumns, total_records: totalOver })
    .from(webhookDeliveries)
    .where(where)
    .orderBy(q.sort_order === 'asc' ? asc(webhookDeliveries.id) : desc(webhookDeliveries.id))
    .limit(pageOf(q).limit)
    .offset(pageOf(q).offset);
  const page = await pageWithTotal(q, rows, () => countWhere(deps.db, webhookDeliveries, where));
  return { records: page.records.map(toDelivery), totalRecords: page.totalRecords };
}

/** A new delivery of a logged delivery's event, due now (the original keeps its own log). */
export async function replay(deps: Deps, actor: Actor, deliveryId: number) {
  const companyId = companyOf(actor);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [original] = await tx
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.company_id, companyId)));
    if (!original) throw notFound('webhook.delivery_not_found', WEBHOOK_MESSAGES.deliveryNotFound);
    const [row] = await tx
      .insert(webhookDeliveries)
      .values({
        webhook_id: original.webhook_id,
        company_id: companyId,
        event_seq: original.event_seq,
        event_type: original.event_type,
        event: original.event,
        next_attempt_at: now,
        created_at: now,
        replay_of: original.id,
      })
      .returning(deliveryColumns);
    await audit(tx, {
      actorUserId: actor.userId,
      companyId,
      action: 'webhook.replayed',
      objectType: 'webhook_delivery',
      objectId: row!.id,
      after: { webhook_id: original.webhook_id, event_seq: original.event_seq, replay_of: original.id },
    });
    return toDelivery(row!);
  });
}
