// Distillery mappings: who negotiates, authorizes and approves for a distillery (DESIGN.md §4).
import { z } from 'zod';
import { idField } from '../common/numbers.js';
import { listQuerySchema, listResultSchema } from '../common/list.schemas.js';
import { MESSAGES, optionalText } from '../common/validators.js';

export const MAPPING_TYPES = ['Centralized', 'Decentralized'] as const;
export type MappingType = (typeof MAPPING_TYPES)[number];

export const MAPPING_MESSAGES = {
  created: 'Mapping created successfully',
  updated: 'User updated successfully!',
  notFound: 'Mapping not found',
  distinctUsers: 'Negotiator, authorizer and approver must be three different users',
  distilleryTaken: 'A distillery can belong to only one mapping',
  oneDistillery: 'A de-centralized mapping has exactly one distillery',
  unknownUser: 'Please select an active user of your company',
  unknownDistillery: 'Please select a distillery of your company',
  groupNameTaken: 'A mapping with this group name already exists',
} as const;

const userRef = idField(MESSAGES.required);

export const mappingFormSchema = z
  .object({
    type: z.enum(MAPPING_TYPES, { error: MESSAGES.required }),
    name: optionalText(120),
    distilleries: z.array(idField(), { error: MESSAGES.required }).min(1, MESSAGES.required).max(200),
    negotiator: userRef,
    authorizer: userRef,
    approver: userRef,
  })
  .superRefine((v, ctx) => {
    if (v.type === 'Centralized' && !v.name)
      ctx.addIssue({ code: 'custom', path: ['name'], message: MESSAGES.required });
    if (v.type === 'Decentralized' && v.distilleries.length !== 1) {
      ctx.addIssue({ code: 'custom', path: ['distilleries'], message: MAPPING_MESSAGES.oneDistillery });
    }
    // The message goes on the field that repeats an earlier one, once.
    if (v.authorizer === v.negotiator)
      ctx.addIssue({ code: 'custom', path: ['authorizer'], message: MAPPING_MESSAGES.distinctUsers });
    if (v.approver === v.negotiator || v.approver === v.authorizer)
      ctx.addIssue({ code: 'custom', path: ['approver'], message: MAPPING_MESSAGES.distinctUsers });
  });
export type MappingFormInput = z.input<typeof mappingFormSchema>;
export const createMappingSchema = mappingFormSchema;
export const updateMappingSchema = z.intersection(mappingFormSchema, z.object({ id: idField() }));

export const mappingListSchema = listQuerySchema.extend({ type: z.enum(MAPPING_TYPES) });

const person = z.object({ id: z.number(), name: z.string() });
export const mappingSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(MAPPING_TYPES),
  distilleries: z.array(z.object({ id: z.number(), name: z.string(), state: z.string() })),
  negotiator: person,
  authorizer: person,
  approver: person,
  Negotiator: z.string(),
  Authorizer: z.string(),
  Approver: z.string(),
});
export type Mapping = z.infer<typeof mappingSchema>;
export const mappingListResultSchema = listResultSchema(mappingSchema);
/** Options for a mapping form: untagged users and distilleries, plus those of the mapping being edited. */
/** A user a mapping form offers; `in_mapping`: another mapping already names them (they may still be chosen). */
export const mappableUserSchema = z.object({ id: z.number(), name: z.string(), in_mapping: z.boolean() });
export type MappableUser = z.infer<typeof mappableUserSchema>;
export const untaggedQuerySchema = z.object({ mapping_id: idField().optional() });
