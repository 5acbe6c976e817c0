// Price alerts' calls (issue 25 part 4).
import { z } from 'zod';
import { listQuerySchema, listResultSchema } from '../common/list.schemas.js';
import { amountField, idField } from '../common/numbers.js';
import { MESSAGES } from '../common/validators.js';
import { LIMITS, LISTING_MESSAGES, LISTING_SIDES } from '../listings/listings.constants.js';

const blankIsNull = (v: unknown) => (v === '' || v === undefined ? null : v);

export const createAlertSchema = z.object({
  side: z.enum(LISTING_SIDES, { error: 'Please select offers or asks' }),
  product: z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(100),
  /** Empty or null: any state. */
  state: z.preprocess(blankIsNull, z.string().trim().max(100).nullable()),
  /** ₹ per litre: the most they would pay for an offer, the least they would sell for to an ask. */
  price: amountField({ max: LIMITS.price, decimals: 2 }).refine((n) => n > 0, LISTING_MESSAGES.positive),
  /** Litres; empty or null: any quantity. */
  min_quantity: z.preprocess(blankIsNull, amountField({ max: LIMITS.quantity, decimals: 1 }).nullable()),
});
export type CreateAlertInput = z.input<typeof createAlertSchema>;

export const alertSchema = z.object({
  id: z.number(),
  side: z.enum(LISTING_SIDES),
  product: z.string(),
  state: z.string().nullable(),
  price: z.string(),
  min_quantity: z.string().nullable(),
  summary: z.string(),
  created_at: z.string(),
});
export type AlertRecord = z.infer<typeof alertSchema>;

/** getPriceAlerts: the caller's alerts, by product (`sort_order`), searched in product and state. */
export const alertsQuerySchema = listQuerySchema;
export const alertListSchema = listResultSchema(alertSchema);

export const deleteAlertSchema = z.object({ id: idField() });
