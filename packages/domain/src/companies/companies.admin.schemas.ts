// Company review and maintenance by the SuperAdmin (spec 000: clients, prospects, company information and edit).
import { z } from 'zod';
import { idField } from '../common/numbers.js';
import { listQuerySchema, listResultSchema } from '../common/list.schemas.js';
import {
  MESSAGES,
  emailField,
  gstField,
  licenceField,
  mobileField,
  optionalText,
  panField,
  requiredText,
} from '../common/validators.js';
import { COMPANY_STATUSES, COMPANY_TYPES } from './companies.constants.js';
import { checkCompanyGst, companyTypeField, fileUrlField } from './companies.schemas.js';

export const companyListSchema = listQuerySchema.extend({
  search: z
    .object({
      type: z.enum(COMPANY_TYPES).optional().nullable(),
      status: z.array(z.enum(COMPANY_STATUSES)).max(4).optional(),
    })
    .optional(),
  /** Clients sort by name; prospects oldest first. */
  sort_by: z.enum(['name', 'created_at']).default('name'),
});
export type CompanyListInput = z.input<typeof companyListSchema>;

export const companyListItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  registered_name: z.string(),
  gst_number: z.string(),
  pan_no: z.string(),
  type: z.enum(COMPANY_TYPES),
  status: z.enum(COMPANY_STATUSES),
  email: z.string(),
  mobile_number: z.string(),
  /** Approved, but the admin has not set a password yet: "Resend Link" applies. */
  admin_pending: z.boolean(),
  created_at: z.string(),
});
export type CompanyListItem = z.infer<typeof companyListItemSchema>;
export const companyListResultSchema = listResultSchema(companyListItemSchema);

export const companyDetailsSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(COMPANY_TYPES),
  registered_name: z.string(),
  license_number: z.string(),
  pan_no: z.string(),
  gst_number: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  pin_code: z.string(),
  type_of_spirits: z.array(z.string()),
  company_spirits: z.array(z.object({ id: z.number(), type_of_spirit: z.string() })),
  distillery_address: z.string(),
  email: z.string(),
  mobile_number: z.string(),
  is_bid_confidential: z.boolean(),
  license: z.string().nullable(),
  status: z.enum(COMPANY_STATUSES),
});
export type CompanyDetails = z.infer<typeof companyDetailsSchema>;

export const companyDetailsQuerySchema = z.object({ id: idField().optional() });
export const companyIdSchema = z.object({ company_id: idField() });

/** Company edit: every field required (spec 000 §5 "Company edit"), including the licence number and upload. */
export const updateCompanySchema = z
  .object({
    id: idField(),
    type: companyTypeField,
    registered_name: requiredText().pipe(z.string().max(200)),
    name: requiredText().pipe(z.string().max(200)),
    email: emailField(),
    mobile_number: mobileField(),
    license_number: licenceField(),
    pan_no: panField(),
    gst_number: gstField(),
    address: optionalText(500),
    state: requiredText().pipe(z.string().max(100)),
    city: requiredText().pipe(z.string().max(100)),
    pin_code: optionalText(12),
    type_of_spirits: z
      .array(z.string().trim().min(1).max(100), { error: MESSAGES.required })
      .min(1, MESSAGES.required)
      .max(20),
    distillery_address: optionalText(500),
    license: fileUrlField.refine((v) => v.length > 0, MESSAGES.required),
    is_bid_confidential: z.boolean().default(false),
  })
  .superRefine(checkCompanyGst);
export type UpdateCompanyInput = z.input<typeof updateCompanySchema>;

export const companyNamesQuerySchema = z.object({ company_type: z.enum(COMPANY_TYPES, { error: MESSAGES.required }) });
export const idNameSchema = z.object({ id: z.number(), name: z.string() });
