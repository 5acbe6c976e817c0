import { z } from 'zod';
import { idField, optionalIdField } from '../common/numbers.js';
import { listQuerySchema, listResultSchema } from '../common/list.schemas.js';
import { gstStateMismatch } from '../geo/geo.rules.js';
import { GST_PATTERN, MESSAGES, isValidGst, licenceField, requiredText } from '../common/validators.js';

export const DISTILLERY_MESSAGES = {
  created: 'Distillery created successfully',
  updated: 'Distillery updated successfully',
  notFound: 'Distillery not found',
  unknownState: 'Please select a valid state',
  duplicateName: 'A distillery with this name already exists',
} as const;

/** GST is optional for a distillery, but when given it must be a valid GSTIN. */
const optionalGst = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v === null || v === undefined ? '' : v),
  z.union([z.literal(''), z.string().regex(GST_PATTERN, MESSAGES.invalidGst).refine(isValidGst, MESSAGES.invalidGst)]),
);

const distilleryFields = z.object({
  name: requiredText().pipe(z.string().max(200)),
  address: requiredText().pipe(z.string().max(500)),
  state: requiredText().pipe(z.string().max(100)),
  license_number: licenceField(),
  gst_number: optionalGst,
});

type GstAndState = { gst_number: string; state: string };
/** A GSTIN given for a distillery must carry the code of its State. */
function checkGstState(v: GstAndState, ctx: z.RefinementCtx<GstAndState>) {
  const otherState = v.gst_number ? gstStateMismatch(v.gst_number, v.state) : null;
  if (otherState) ctx.addIssue({ code: 'custom', path: ['gst_number'], message: otherState });
}

export const distilleryFormSchema = distilleryFields.superRefine(checkGstState);
export type DistilleryFormInput = z.input<typeof distilleryFormSchema>;
const createFields = distilleryFields.extend({ company_id: optionalIdField() });
export const createDistillerySchema = createFields.superRefine(checkGstState);
export const updateDistillerySchema = createFields.extend({ id: idField() }).superRefine(checkGstState);

export const distillerySchema = z.object({
  id: z.number(),
  name: z.string(),
  address: z.string(),
  state: z.string(),
  license_number: z.string(),
  gst_number: z.string(),
  company: z.number(),
});
export type Distillery = z.infer<typeof distillerySchema>;
export const distilleryListResultSchema = listResultSchema(distillerySchema);
export const distilleryListSchema = listQuerySchema;

export const stateWiseDistilleriesSchema = z.record(
  z.string(),
  z.array(z.object({ distillery_id: z.number(), distillery_name: z.string() })),
);
