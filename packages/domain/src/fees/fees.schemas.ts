// Platform service fee rates (spec 000: Set Commission; DESIGN.md §4 "Service fees").
import { z } from 'zod';
import { COMPANY_TYPES } from '../companies/companies.constants.js';
import { listQuerySchema, listResultSchema } from '../common/list.schemas.js';
import { amountField, idField, optionalIdField } from '../common/numbers.js';
import { MESSAGES } from '../common/validators.js';

export const FEE_MESSAGES = {
  created: 'Commission added successfully',
  updated: 'Commission updated successfully',
  notFound: 'Commission not found',
  duplicate: 'A rate for this company type, company and product already exists',
  companyType: 'The company is not of the chosen type',
  unknownProduct: 'Please select a valid product',
} as const;

export const feeFormSchema = z.object({
  company_type: z.enum(COMPANY_TYPES, { error: MESSAGES.required }),
  company_id: optionalIdField(),
  product: z.string().trim().max(100).optional().nullable(),
  commission_amount: amountField({ max: 10_000, decimals: 2 }),
  state_gst: amountField({ max: 100, decimals: 2 }),
  central_gst: amountField({ max: 100, decimals: 2 }),
});
export type FeeFormInput = z.input<typeof feeFormSchema>;
export const createFeeSchema = feeFormSchema;
export const updateFeeSchema = feeFormSchema.extend({ id: idField() });

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
