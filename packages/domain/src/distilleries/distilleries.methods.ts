// Distilleries of a company (Admin).
import { z } from 'zod';
import { METHOD_ACCESS } from '../api/access.js';
import type { MethodSpec } from '../api/method-spec.js';
import { idSchema } from '../common/list.schemas.js';
import { distilleryNamesQuerySchema, idNameListSchema } from '../ratings/ratings.schemas.js';
import {
  createDistillerySchema,
  distilleryListResultSchema,
  distilleryListSchema,
  distillerySchema,
  updateDistillerySchema,
} from './distilleries.schemas.js';

export const DISTILLERY_METHODS = {
  getAllDistill: {
    body: distilleryListSchema,
    data: distilleryListResultSchema,
    access: METHOD_ACCESS.getAllDistill,
    summary: 'Distilleries of the caller’s company',
  },
  getDistillById: {
    body: idSchema,
    data: z.object({ distillery: distillerySchema }),
    access: METHOD_ACCESS.getDistillById,
    summary: 'A distillery of the caller’s company',
  },
  createDistill: {
    body: createDistillerySchema,
    data: distillerySchema,
    access: METHOD_ACCESS.createDistill,
    summary: 'Register a distillery',
  },
  updateDistill: {
    body: updateDistillerySchema,
    data: distillerySchema,
    access: METHOD_ACCESS.updateDistill,
    summary: 'Edit a distillery',
  },
  getDistillNameByCompanyId: {
    body: distilleryNamesQuerySchema,
    data: idNameListSchema,
    access: METHOD_ACCESS.getDistillNameByCompanyId,
    summary: 'A company’s distilleries for the ratings form (an Admin: its own, or a company it may rate)',
  },
} as const satisfies Record<string, MethodSpec>;
