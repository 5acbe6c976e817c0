// The service fee of each approved trade (spec 001 "My Service Fee", "Service Fee detail", `updateBidCommission`;
// DESIGN.md §4 "Service fees", "After the trade"). Fee privacy: a company user's answers carry only their own side's
// rates, totals and invoices (the other side's keys are absent); the SuperAdmin's carry both.
import { z } from 'zod';
import { BID_SIDES } from '../bids/bids.constants.js';
import { listQuerySchema, listResultSchema } from '../common/list.schemas.js';
import { amountField, idField } from '../common/numbers.js';
import { invoiceSummarySchema } from '../invoices/invoices.schemas.js';

export const TRADE_FEE_MESSAGES = {
  updated: 'Commission updated successfully',
  notFound: 'Trade not found',
  gstOver100: 'Central and state GST together must not exceed 100 %',
} as const;

/** Without `sort_by`: newest trade first. */
export const TRADE_FEE_SORTS = ['approved_on', 'product', 'trade_reference', 'price', 'quantity'] as const;
export type TradeFeeSort = (typeof TRADE_FEE_SORTS)[number];

export const bidCommissionListSchema = listQuerySchema.extend({ sort_by: z.enum(TRADE_FEE_SORTS).optional() });
export type BidCommissionListInput = z.input<typeof bidCommissionListSchema>;

const amount = z.string();
/** A side's fee: quantity × rate, the two GST amounts on it and the total, in rupees to the paisa. */
export const sideFeeSchema = z.object({ base: amount, state_gst: amount, central_gst: amount, total: amount });

const liveInvoiceSchema = z.object({ id: z.number(), number: z.string() });

/** A row of /mycommission. A side's total is null when a part of it is missing (the list shows 0). */
export const bidCommissionRecordSchema = z.object({
  id: z.number(),
  product: z.string(),
  trade_reference_number: z.string(),
  price: amount,
  quantity: amount,
  approved_on: z.string(),
  /** The caller's side; null for the SuperAdmin, who sees both. */
  viewer_side: z.enum(BID_SIDES).nullable(),
  buyer_distillery_name: z.string().optional(),
  buyer_total: amount.nullable().optional(),
  /** The side's current invoice (for its download), null when none was issued. */
  buyer_invoice: liveInvoiceSchema.nullable().optional(),
  seller_distillery_name: z.string().optional(),
  seller_total: amount.nullable().optional(),
  seller_invoice: liveInvoiceSchema.nullable().optional(),
});
export type BidCommissionRecord = z.infer<typeof bidCommissionRecordSchema>;
export const bidCommissionListResultSchema = listResultSchema(bidCommissionRecordSchema);

/** /editmycommission/{id} (spec 001 §3 "Commission bid"): both parties' names, the visible sides' fees. */
export const bidCommissionSchema = z.object({
  id: z.number(),
  product: z.string(),
  trade_reference_number: z.string(),
  price: amount,
  quantity: amount,
  approved_on: z.string(),
  viewer_side: z.enum(BID_SIDES).nullable(),
  buyer_company_id: z.number(),
  buyer_company_name: z.string(),
  buyer_company_state: z.string(),
  seller_company_id: z.number(),
  seller_company_name: z.string(),
  seller_company_state: z.string(),
  buyer_distillery_name: z.string(),
  seller_distillery_name: z.string(),
  /** The goods go from the seller's distillery to the buyer's. */
  from_distillery_name: z.string(),
  to_distillery_name: z.string(),
  buyer_commission_amount: amount.nullable().optional(),
  buyer_state_gst: amount.nullable().optional(),
  buyer_central_gst: amount.nullable().optional(),
  /** Null ("NA") when a part is missing. */
  buyer_fee: sideFeeSchema.nullable().optional(),
  seller_commission_amount: amount.nullable().optional(),
  seller_state_gst: amount.nullable().optional(),
  seller_central_gst: amount.nullable().optional(),
  seller_fee: sideFeeSchema.nullable().optional(),
  /** The visible sides' invoices and credit notes, oldest first. */
  invoices: z.array(invoiceSummarySchema),
});
export type BidCommission = z.infer<typeof bidCommissionSchema>;

export const getBidCommissionByIdSchema = z.object({ id: idField() });

const rate = () => amountField({ max: 10_000, decimals: 2 });
const gst = () => amountField({ max: 100, decimals: 2 });

/** updateBidCommission (spec 001 §7): the trade's snapshotted rates, both sides, all required. */
export const updateBidCommissionSchema = z
  .object({
    id: idField(),
    buyer_commission_amount: rate(),
    buyer_central_gst: gst(),
    buyer_state_gst: gst(),
    seller_commission_amount: rate(),
    seller_central_gst: gst(),
    seller_state_gst: gst(),
  })
  .superRefine((v, ctx) => {
    for (const side of BID_SIDES) {
      if (v[`${side}_central_gst`] + v[`${side}_state_gst`] > 100)
        ctx.addIssue({ code: 'custom', path: [`${side}_state_gst`], message: TRADE_FEE_MESSAGES.gstOver100 });
    }
  });
export type UpdateBidCommissionInput = z.input<typeof updateBidCommissionSchema>;
export type UpdateBidCommission = z.output<typeof updateBidCommissionSchema>;
