// Platform service fee rates (spec 000: Set Commission; DESIGN.md §4 "Service fees").
import { z } from 'zod';
import { COMPANY_TYPES } from '../companies/companies.constants.js';
import { listQuerySchema, listResultSchema } from '../common/list.schemas.js';
import { MESSAGES } from '../common/validators.js';

export const FEE_MESSAGES = {
  created: 'Commission added successfully',
  updated: 'Commission updated successfully',
  notFound: 'Commission not found',
  duplicate: 'A rate for this company type, company and product already exists',
  companyType: 'The company is not of the chosen type',
  unknownProduct: 'Please select a valid product',
} as const;

// An empty input is "missing", not zero.
const amount = (max: number, step: number) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ error: MESSAGES.required })
      .min(0, 'Must not be negative')
      .max(max, `Must be at most ${max}`)
      .refine((n) => Math.abs(Math.round(n / step) * step - n) < 1e-9, `Use steps of ${step}`),
  );

export const feeFormSchema = z.object({
  company_type: z.enum(COMPANY_TYPES, { error: MESSAGES.required }),
  company_id: z.coerce.number().int().positive().optional().nullable(),
  product: z.string().trim().max(100).optional().nullable(),
  commission_amount: amount(10_000, 0.01),
  state_gst: amount(100, 0.01),
  central_gst: amount(100, 0.01),
});
export type FeeFormInput = z.input<typeof feeFormSchema>;
export const createFeeSchema = feeFormSchema;
export const updateFeeSchema = feeFormSchema.extend({ id: z.coerce.number().int().positive() });

export const feeSchema = z.object({
  id: z.number(),
  company_type: z.enum(COMPANY_TYPES),
  company_id: z.number().nullable(),
  company_name: z.string().nullable(),
  product: z.string().nullable(),
  commission_amount: z.string(),
  state_gst: z.string(),
  central_gst: z.string(),
  modified_on: z.string(),
});
export type Fee = z.infer<typeof feeSchema>;
export const feeListResultSchema = listResultSchema(feeSchema);
export const feeListSchema = listQuerySchema;
