// The demo trades' sale orders (issue 22): a small PDF and a small PNG (demo-files.ts), stored as the seller company's
// `sale_order` files and attached through `updateBid`'s service by a seller user mapped to the trade's distillery,
// so Bid Detail previews both kinds on first start.
import { SALE_ORDER_PURPOSE } from '@spirit/domain/files/files.constants';
import type { Actor } from '../lib/actor.js';
import { attachSaleOrder } from '../modules/bids/bids.sale-order.js';
import { storeCompanyFile } from '../modules/files/files.service.js';
import type { Deps } from '../types.js';
import { saleOrderPng, textPdf } from './demo-files.js';

export type DemoTrade = { bidId: number; tradeReference: string; product: string; seller: Actor };

/** Attaches a sale order to each demo trade: a PDF to the first, a PNG to the next, and so on. */
export async function seedSaleOrders(deps: Deps, trades: DemoTrade[]) {
  for (const [i, t] of trades.entries()) {
    const pdf = i % 2 === 0;
    const bytes = pdf
      ? textPdf([`Sale Order ${t.tradeReference}`, `Seller: ${t.seller.companyName}`, `Product: ${t.product}`])
      : saleOrderPng();
    const stored = await storeCompanyFile(deps, {
      companyId: t.seller.companyId!,
      kind: SALE_ORDER_PURPOSE,
      name: `sale-order-${t.tradeReference}.${pdf ? 'pdf' : 'png'}`,
      contentType: pdf ? 'application/pdf' : 'image/png',
      bytes,
      ip: null,
    });
    await attachSaleOrder(deps, t.seller, { bid_id: t.bidId, sell_order: stored.file_url });
  }
}
