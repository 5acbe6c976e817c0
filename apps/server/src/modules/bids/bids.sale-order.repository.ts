// A trade's sale order (issue 22 part 3): which file a bid holds, and who besides its company may read that file.
import { SALE_ORDER_PURPOSE } from '@spirit/domain/files/files.constants';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { files } from '../files/files.table.js';
import { bids } from './bids.table.js';

/** Whether `companyId` buys in an approved trade whose current sale order is the file `fileId` (bids_sell_order_idx). */
export async function isSaleOrderBoughtBy(tx: Tx, fileId: string, companyId: number): Promise<boolean> {
  const rows = await tx
    .select({ one: sql<number>`1` })
    .from(bids)
    .where(and(eq(bids.sell_order_file_id, fileId), eq(bids.buyer_company_id, companyId), eq(bids.status, 'Approved')))
    .limit(1);
  return rows.length > 0;
}

/** A sale order file uploaded by `companyId`; null for any other file (another company's, a PAN card, none). */
export async function findSaleOrderFile(tx: Tx, opts: { id: string; companyId: number }) {
  const rows = await tx
    .select({ id: files.id, name: files.original_name })
    .from(files)
    .where(and(eq(files.id, opts.id), eq(files.company_id, opts.companyId), eq(files.kind, SALE_ORDER_PURPOSE)))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Points the trade at its sale order. Neither `updated_at` nor `version` moves: a sale order is no term of the trade,
 * and the Approved Bids list orders trades by their last change, which stays their approval.
 */
export async function setSaleOrder(tx: Tx, bidId: number, fileId: string, by: number) {
  await tx.update(bids).set({ sell_order_file_id: fileId, updated_by: by }).where(eq(bids.id, bidId));
}
