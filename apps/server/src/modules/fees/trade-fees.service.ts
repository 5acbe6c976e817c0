// The service fee of each approved trade (spec 001 /mycommission, /editmycommission/{id}, updateBidCommission).
// Fee privacy is decided here for every answer: a company user's carries only their own side's rates, totals and
// invoices; the SuperAdmin's carries both. Another company's trade does not exist for the caller.
import { BID_SIDES, type BidSide } from '@spirit/domain/bids/bids.constants';
import { feeTotal } from '@spirit/domain/fees/fees.rules';
import {
  TRADE_FEE_MESSAGES,
  type BidCommission,
  type BidCommissionRecord,
  type UpdateBidCommission,
} from '@spirit/domain/fees/trade-fees.schemas';
import { completeRates, sideFeeTotal } from '@spirit/domain/invoices/invoices.rules';
import type { ListQuery } from '@spirit/domain/common/list.schemas';
import type { TradeFeeSort } from '@spirit/domain/fees/trade-fees.schemas';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { isSuperAdmin, type Actor } from '../../lib/actor.js';
import { notFound } from '../../lib/errors.js';
import { NEVER } from '../../lib/change-stamp.js';
import { JsonRecords } from '../../lib/json-records.js';
import { pageWithKnownTotal, totalKey } from '../../lib/list.js';
import { memoTexts } from '../../lib/record-memo.js';
import type { Deps } from '../../types.js';
import { audit } from '../audit/audit.service.js';
import { bids } from '../bids/bids.table.js';
import { invoicesOf, ratesOf, reissueInvoices } from '../invoices/invoices.service.js';
import {
  countTrades,
  findTrade,
  listTrades,
  tradeRows,
  type TradePageRow,
  type TradeRow,
} from './trade-fees.repository.js';

const tradeNotFound = () => notFound('trade.not_found', TRADE_FEE_MESSAGES.notFound);

type Scope = { companyId: number; side: BidSide } | null;

/** The caller's side of every trade: a Buyer company's users the buyer side, a Seller's the seller; null for the SuperAdmin. */
function scopeOf(actor: Actor): Scope {
  if (isSuperAdmin(actor)) return null;
  if (!actor.companyId || !actor.companyType) throw tradeNotFound();
  return { companyId: actor.companyId, side: actor.companyType === 'Buyer' ? 'buyer' : 'seller' };
}

const visibleSides = (scope: Scope): readonly BidSide[] => (scope ? [scope.side] : BID_SIDES);

const partyOf = (trade: Pick<TradeRow, 'buyer_company_id' | 'seller_company_id'>, scope: Scope) =>
  !scope || (scope.side === 'buyer' ? trade.buyer_company_id : trade.seller_company_id) === scope.companyId;

/** What a trade's row and its detail open with. */
const tradeHead = (
  t: Pick<TradePageRow, 'id' | 'product' | 'trade_reference' | 'price' | 'quantity' | 'approved_at' | 'updated_at'>,
  scope: Scope,
) => ({
  id: t.id,
  product: t.product,
  trade_reference_number: t.trade_reference!,
  price: t.price,
  quantity: t.quantity,
  approved_on: (t.approved_at ?? t.updated_at).toISOString(),
  viewer_side: scope?.side ?? null,
});

/** A row of My Service Fee as `scope` sees it: its own side's distillery, total and invoice; the SuperAdmin both. */
function toRecord(t: TradePageRow, scope: Scope): BidCommissionRecord {
  const record: BidCommissionRecord = tradeHead(t, scope);
  for (const side of visibleSides(scope)) {
    record[`${side}_distillery_name`] = t[`${side}_distillery_name`];
    record[`${side}_total`] = sideFeeTotal(t.quantity, ratesOf(t, side));
    record[`${side}_invoice`] = t[`${side}_invoice`] ?? null;
  }
  return record;
}

/**
 * My Service Fee: the page's keys, each trade's record from the record memo (lib/record-memo.ts). A record is made of
 * the trade at its version (a fee correction raises it and reissues the invoices in its transaction; the approval
 * issued them in its own), whose side reads it and the distilleries' names (the names epoch, migration 0037).
 */
export async function list(deps: Deps, actor: Actor, q: ListQuery & { sort_by?: TradeFeeSort | undefined }) {
  const scope = scopeOf(actor);
  // The total is kept a while per list and filter (the SuperAdmin's runs to every trade of the platform).
  const page = await pageWithKnownTotal({
    cache: deps.marketCache,
    key: totalKey('trade-fees', q, { companyId: scope?.companyId ?? 0, side: scope?.side ?? null }),
    now: deps.now().getTime(),
    q,
    page: (withTotal) => listTrades(deps.db, { scope, q, withTotal }),
    countAll: () => countTrades(deps.db, { scope, q }),
  });
  const texts = await memoTexts(deps.recordMemo, {
    kind: 'fee',
    keys: page.records,
    viewOf: () => scope?.side ?? 'platform',
    read: (ids) => tradeRows(deps.db, scope, ids),
    stampOf: (row) => row,
    render: (row) => toRecord(row, scope),
  });
  // A trade's fee changes by no clock.
  return { records: new JsonRecords<BidCommissionRecord>(texts, NEVER), totalRecords: page.totalRecords };
}

async function detail(tx: Tx, trade: NonNullable<Awaited<ReturnType<typeof findTrade>>>, scope: Scope) {
  const answer: BidCommission = {
    ...tradeHead(trade, scope),
    buyer_company_id: trade.buyer_company_id,
    buyer_company_name: trade.buyer_company_name,
    buyer_company_state: trade.buyer_company_state,
    seller_company_id: trade.seller_company_id,
    seller_company_name: trade.seller_company_name,
    seller_company_state: trade.seller_company_state,
    buyer_distillery_name: trade.buyer_distillery_name,
    seller_distillery_name: trade.seller_distillery_name,
    from_distillery_name: trade.seller_distillery_name,
    to_distillery_name: trade.buyer_distillery_name,
    invoices: await invoicesOf(tx, trade.id, visibleSides(scope)),
  };
  for (const side of visibleSides(scope)) {
    const rates = ratesOf(trade, side);
    answer[`${side}_commission_amount`] = rates.commission_amount;
    answer[`${side}_state_gst`] = rates.state_gst;
    answer[`${side}_central_gst`] = rates.central_gst;
    const complete = completeRates(rates);
    answer[`${side}_fee`] = complete ? feeTotal(trade.quantity, complete) : null;
  }
  return answer;
}

export async function get(deps: Deps, actor: Actor, id: number): Promise<BidCommission> {
  const scope = scopeOf(actor);
  const trade = await findTrade(deps.db, id);
  if (!trade || !partyOf(trade, scope)) throw tradeNotFound();
  return detail(deps.db, trade, scope);
}

const FIELDS = ['commission_amount', 'state_gst', 'central_gst'] as const;

/**
 * The SuperAdmin corrects a trade's snapshotted rates: the bid row locked, the six rates written, an audit entry
 * with before and after, and for each side whose rates changed a credit note for its invoice and a new invoice.
 * Rates that change nothing write nothing.
 */
export async function update(deps: Deps, actor: Actor, input: UpdateBidCommission): Promise<BidCommission> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const trade = await findTrade(tx, input.id, { lock: true });
    if (!trade) throw tradeNotFound();
    const next = Object.fromEntries(
      BID_SIDES.flatMap((side) => FIELDS.map((f) => [`${side}_${f}`, input[`${side}_${f}`].toFixed(2)])),
    ) as Record<`${BidSide}_${(typeof FIELDS)[number]}`, string>;
    const changed = BID_SIDES.filter((side) =>
      FIELDS.some((f) => {
        const was = trade[`${side}_${f}`];
        return was === null || Number(was) !== Number(next[`${side}_${f}`]);
      }),
    );
    if (!changed.length) return detail(tx, trade, null);
    const before = Object.fromEntries(Object.keys(next).map((k) => [k, trade[k as keyof typeof next]]));
    await tx
      .update(bids)
      .set({ ...next, version: sql`${bids.version} + 1`, updated_by: actor.userId, updated_at: now })
      .where(eq(bids.id, trade.id));
    await audit(tx, {
      actorUserId: actor.userId,
      companyId: null,
      action: 'bid.fees_corrected',
      objectType: 'bid',
      objectId: trade.id,
      before,
      after: next,
    });
    const updated = { ...trade, ...next };
    await reissueInvoices(tx, deps.config.platform, { trade: updated, sides: changed, actorUserId: actor.userId, now });
    return detail(tx, updated, null);
  });
}
