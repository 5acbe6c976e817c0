// Price alerts (issue 25 part 4): a Negotiator's own standing searches. They watch the side of the market their
// company trades with (a Buyer's offers, a Seller's asks), for a product their company trades; an alert is the
// user's own: another user's is not found.
import { ALERT_MESSAGES, MAX_ALERTS_PER_USER, alertSideFor } from '@spirit/domain/alerts/alerts.constants';
import { alertSummary } from '@spirit/domain/alerts/alerts.rules';
import type { createAlertSchema } from '@spirit/domain/alerts/alerts.schemas';
import type { ListQuery } from '@spirit/domain/common/list.schemas';
import { GST_STATE_CODES } from '@spirit/domain/geo/geo.rules';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor } from '../../lib/actor.js';
import { conflict, invalidField, notFound } from '../../lib/errors.js';
import { pageOf, pageWithTotal, searchPattern, totalOver } from '../../lib/list.js';
import type { Deps } from '../../types.js';
import { audit } from '../audit/audit.service.js';
import { tradingSide } from '../listings/listings.service.js';
import { companyProducts } from '../listings/listings.repository.js';
import { priceAlerts } from './alerts.table.js';

type AlertRow = typeof priceAlerts.$inferSelect;
const STATES = new Set(Object.values(GST_STATE_CODES));

const toRecord = (r: AlertRow) => ({
  id: r.id,
  side: r.side,
  product: r.product,
  state: r.state,
  price: r.price,
  min_quantity: r.min_quantity,
  summary: alertSummary(r),
  created_at: r.created_at.toISOString(),
});

export async function list(deps: Deps, actor: Actor, q: ListQuery) {
  const pattern = searchPattern(q.item_search);
  const where = and(
    eq(priceAlerts.user_id, actor.userId),
    pattern
      ? sql`lower(${priceAlerts.product} || ' ' || coalesce(${priceAlerts.state}, '')) like ${pattern}`
      : undefined,
  );
  const dir = q.sort_order === 'desc' ? desc : asc;
  const rows = await deps.db
    .select({ alert: priceAlerts, total_records: totalOver })
    .from(priceAlerts)
    .where(where)
    .orderBy(dir(sql`lower(${priceAlerts.product})`), dir(priceAlerts.id))
    .limit(pageOf(q).limit)
    .offset(pageOf(q).offset);
  const page = await pageWithTotal(q, rows, () => deps.db.$count(priceAlerts, where));
  return { records: page.records.map((r) => toRecord(r.alert)), totalRecords: page.totalRecords };
}

export async function create(deps: Deps, actor: Actor, body: z.output<typeof createAlertSchema>) {
  const { companyId } = tradingSide(actor);
  const side = alertSideFor(actor.companyType!);
  if (body.side !== side) throw invalidField('side', ALERT_MESSAGES.side(side), 'alert.side');
  if (body.state !== null && !STATES.has(body.state)) throw invalidField('state', ALERT_MESSAGES.state, 'alert.state');
  return deps.db.transaction(async (tx) => {
    if (!(await companyProducts(tx, companyId)).includes(body.product))
      throw invalidField('product', ALERT_MESSAGES.product, 'alert.product');
    // The user's alerts locked while counted, so two saves at once cannot pass the cap together.
    await tx.execute(sql`select pg_advisory_xact_lock(7301, ${actor.userId})`);
    if ((await tx.$count(priceAlerts, eq(priceAlerts.user_id, actor.userId))) >= MAX_ALERTS_PER_USER)
      throw conflict('alert.too_many', ALERT_MESSAGES.tooMany);
    const [row] = await tx
      .insert(priceAlerts)
      .values({
        user_id: actor.userId,
        company_id: companyId,
        side,
        product: body.product,
        state: body.state,
        price: body.price.toFixed(2),
        min_quantity: body.min_quantity === null ? null : body.min_quantity.toFixed(1),
        created_at: deps.now(),
      })
      .returning();
    await audit(tx, {
      actorUserId: actor.userId,
      companyId,
      action: 'alert.created',
      objectType: 'alert',
      objectId: row!.id,
      after: toRecord(row!),
    });
    return toRecord(row!);
  });
}

export async function remove(deps: Deps, actor: Actor, id: number) {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(priceAlerts)
      .where(and(eq(priceAlerts.id, id), eq(priceAlerts.user_id, actor.userId)))
      .returning();
    if (!row) throw notFound('alert.not_found', ALERT_MESSAGES.notFound);
    await audit(tx, {
      actorUserId: actor.userId,
      companyId: row.company_id,
      action: 'alert.deleted',
      objectType: 'alert',
      objectId: row.id,
      before: toRecord(row),
    });
  });
  return null;
}
