// Distillery mappings: who negotiates, authorizes and approves for which distilleries (Admin).
import { z } from 'zod';
import { METHOD_ACCESS } from '../api/access.js';
import type { MethodSpec } from '../api/method-spec.js';
import { emptySchema, idSchema } from '../common/list.schemas.js';
import { idNameSchema } from '../companies/companies.admin.schemas.js';
import { stateWiseDistilleriesSchema } from '../distilleries/distilleries.schemas.js';
import {
  createMappingSchema,
  mappableUserSchema,
  mappingListResultSchema,
  mappingListSchema,
  mappingSchema,
  untaggedQuerySchema,
  updateMappingSchema,
} from './mappings.schemas.js';

export const MAPPING_METHODS = {
  getAllDistillGroup: {
    body: mappingListSchema,
    data: mappingListResultSchema,
    access: METHOD_ACCESS.getAllDistillGroup,
    summary: 'Centralized or de-centralized mappings',
  },
  getDistillGroupById: {
    body: idSchema,
    data: mappingSchema,
    access: METHOD_ACCESS.getDistillGroupById,
    summary: 'A mapping',
  },
  createDistillGroup: {
    body: createMappingSchema,
    data: mappingSchema,
    access: METHOD_ACCESS.createDistillGroup,
    summary: 'Map distilleries to a negotiator, an authorizer and an approver',
  },
  updateDistillGroup: {
    body: updateMappingSchema,
    data: mappingSchema,
    access: METHOD_ACCESS.updateDistillGroup,
    summary: 'Change a mapping',
  },
  getAllUntaggedUser: {
    body: untaggedQuerySchema,
    data: z.array(mappableUserSchema),
    access: METHOD_ACCESS.getAllUntaggedUser,
    summary: 'Users who may be mapped (not archived), those in no other mapping first',
  },
  getAllUntaggedDistill: {
    body: untaggedQuerySchema,
    data: z.array(idNameSchema),
    access: METHOD_ACCESS.getAllUntaggedDistill,
    summary: 'Distilleries in no mapping',
  },
  getAllStateWiseDistillforUser: {
    body: emptySchema,
    data: stateWiseDistilleriesSchema,
    access: METHOD_ACCESS.getAllStateWiseDistillforUser,
    summary: 'The caller’s mapped distilleries by state',
  },
} as const satisfies Record<string, MethodSpec>;
