// The spec's order-named calls (DESIGN.md §4: an order is a bid, an inventory item a listing): the same services,
// read from the spec's field names. Identity fields (`buyer_company_id`, `approval_type`, …) are accepted and ignored.
import { z } from 'zod';
import { captchaField } from '../auth/auth.schemas.js';
import { COMPANY_TYPES } from '../companies/companies.constants.js';
import { listQuerySchema } from '../common/list.schemas.js';
import { amountField, idField, optionalIdField } from '../common/numbers.js';
import { MESSAGES, optionalText } from '../common/validators.js';
import { LIMITS } from '../listings/listings.constants.js';
import { priceField, quantityField } from '../listings/listings.schemas.js';
import { BID_MESSAGES } from './bids.constants.js';
import { feeFields, filterNames, validUntilField, versionField } from './bids.schemas.js';
const ignoredId = optionalIdField();
const orderTerms = {
  order_quantity: quantityField(),
  order_price: priceField(),
  /** Not in the spec's order calls: absent, a new bid gets the default validity (4 hours), a counter keeps its own. */
  valid_until: validUntilField().optional(),
  ...feeFields,
  comments: optionalText(1000),
  is_bid_confidential: z.boolean().optional(),
  asked_price: amountField({ max: LIMITS.price, decimals: 2 }).optional(),
};
const fromOrderTerms = <T extends { order_quantity: number; order_price: number; comments: string }>(v: T) => {
  const { order_quantity, order_price, comments, asked_price: _, ...rest } = v as T & { asked_price?: number };
  return { ...rest, quantity: order_quantity, price: order_price, comment: comments };
};

/** createOrder = createBid: `inventory_id` is the counterparty's listing, `my_offer_id` the placer's. */
export const createOrderSchema = z
  .object({
    ...orderTerms,
    inventory_id: idField(),
    my_offer_id: idField(),
    buyer_company_id: ignoredId,
    seller_company_id: ignoredId,
    captcha: captchaField,
  })
  .transform(({ inventory_id, buyer_company_id: _b, seller_company_id: _s, ...v }) => ({
    ...fromOrderTerms(v),
    counterparty_listing_id: inventory_id,
  }));
export type CreateOrderInput = z.input<typeof createOrderSchema>;

/** updateOrder = negotiateBid. */
export const updateOrderSchema = z
  .object({ ...orderTerms, order_id: idField(), version: versionField(), captcha: captchaField })
  .transform(({ order_id, ...v }) => ({ ...fromOrderTerms(v), bid_id: order_id }));
export type UpdateOrderInput = z.input<typeof updateOrderSchema>;

/** approveOrder = bidAction: `approval_status` false rejects, with a comment. */
export const approveOrderSchema = z
  .object({
    order_id: idField(),
    approval_status: z.boolean({ error: MESSAGES.required }),
    comment: optionalText(1000),
    version: versionField(),
    approval_type: z.string().max(50).optional(),
    company_type: z.enum(COMPANY_TYPES).optional(),
  })
  .refine((v) => v.approval_status || v.comment.length > 0, {
    path: ['comment'],
    message: BID_MESSAGES.commentRequired,
  })
  .transform((v) => ({ bid_id: v.order_id, is_approved: v.approval_status, comment: v.comment, version: v.version }));
export type ApproveOrderInput = z.input<typeof approveOrderSchema>;

/**
 * getAllOrderDetails = getAllBids: with `seller_company_id` or `buyer_company_id` (My Bids) the caller's company's
 * bids; with neither (the current bids list sends an empty body) the market's open, non-confidential bids.
 */
export const getAllOrderDetailsSchema = listQuerySchema
  .extend({
    seller_company_id: ignoredId,
    buyer_company_id: ignoredId,
    type_of_spirits: filterNames.optional(),
    states: filterNames.optional(),
  })
  .transform(({ seller_company_id, buyer_company_id, ...v }) => ({
    ...v,
    is_market: !seller_company_id && !buyer_company_id,
  }));
export type GetAllOrderDetailsInput = z.input<typeof getAllOrderDetailsSchema>;

/** getOrderById = getBidById. */
export const getOrderByIdSchema = z.object({ order_id: idField() }).transform((v) => ({ bid_id: v.order_id }));
export type GetOrderByIdInput = z.input<typeof getOrderByIdSchema>;
