import { z } from 'zod';
import { idField } from '../common/numbers.js';
import { captchaField } from '../auth/auth.schemas.js';
import { gstStateMismatch } from '../geo/geo.rules.js';
import {
  LICENCE_PATTERN,
  MESSAGES,
  PAN_PATTERN,
  emailField,
  gstField,
  mobileField,
  optionalText,
  panField,
  panOfGst,
  requiredText,
} from '../common/validators.js';
import { COMPANY_MESSAGES, COMPANY_TYPES } from './companies.constants.js';

export const companyTypeField = z.enum(COMPANY_TYPES, { error: MESSAGES.required });

const optionalLicenceNumber = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v === null ? undefined : v),
  z.union([z.literal(''), z.string().regex(LICENCE_PATTERN, MESSAGES.invalidLicence)]).optional(),
);

/** A reference to an uploaded file, as `uploadFile` returned it. */
export const fileUrlField = z
  .string({ error: COMPANY_MESSAGES.fileMissing })
  .trim()
  .min(1, COMPANY_MESSAGES.fileMissing)
  .max(300);

/** A company's GSTIN must carry its PAN and the code of its State (registration and company edit alike). */
export function checkCompanyGst(
  v: { pan_no: string; gst_number: string; state: string },
  ctx: z.RefinementCtx<{ pan_no: string; gst_number: string; state: string }>,
) {
  // Only for a well-formed PAN: a broken one is reported on its own field, not also as a GST mismatch.
  if (PAN_PATTERN.test(v.pan_no) && panOfGst(v.gst_number) !== v.pan_no) {
    ctx.addIssue({ code: 'custom', path: ['gst_number'], message: COMPANY_MESSAGES.panMismatch });
    return;
  }
  const otherState = gstStateMismatch(v.gst_number, v.state);
  if (otherState) ctx.addIssue({ code: 'custom', path: ['gst_number'], message: otherState });
}

export const createCompanySchema = z
  .object({
    type: companyTypeField,
    registered_name: requiredText().pipe(z.string().max(200)),
    name: optionalText(200),
    /** The admin's own name (optional); without it the admin account carries the company's name. */
    admin_name: optionalText(100),
    email: emailField(),
    mobile_number: mobileField(),
    pan_no: panField(),
    gst_number: gstField(),
    address: requiredText().pipe(z.string().max(500)),
    state: requiredText().pipe(z.string().max(100)),
    city: requiredText().pipe(z.string().max(100)),
    pin_code: optionalText(12),
    type_of_spirits: z
      .array(z.string().trim().min(1).max(100), { error: MESSAGES.required })
      .min(1, MESSAGES.required)
      .max(20),
    license_number: optionalLicenceNumber,
    distillery_address: optionalText(500),
    license: fileUrlField,
    captcha: captchaField,
  })
  .superRefine(checkCompanyGst);
export type CreateCompanyInput = z.input<typeof createCompanySchema>;
export type CreateCompany = z.output<typeof createCompanySchema>;

export const createCompanyResultSchema = z.object({ id: z.number() });

export const updateCompanyStatusSchema = z.object({
  id: idField(),
  status: z.enum(['Approved', 'Rejected'], { error: 'Status must be Approved or Rejected' }),
  /** Why a registration is rejected (optional): quoted in the mail to the company and kept in the audit log. */
  reason: optionalText(1000).optional(),
});
export type UpdateCompanyStatusInput = z.input<typeof updateCompanyStatusSchema>;

export const spiritSchema = z.object({ id: z.number(), type_of_spirit: z.string(), short_name: z.string() });
