// Service fee rates (SuperAdmin).
import { METHOD_ACCESS } from '../api/access.js';
import type { MethodSpec } from '../api/method-spec.js';
import { idSchema } from '../common/list.schemas.js';
import { createFeeSchema, feeListResultSchema, feeListSchema, feeSchema, updateFeeSchema } from './fees.schemas.js';

export const FEE_METHODS = {
  getAllCommission: {
    body: feeListSchema,
    data: feeListResultSchema,
    access: METHOD_ACCESS.getAllCommission,
    summary: 'Service fee rates',
  },
  getCommissionbyId: {
    body: idSchema,
    data: feeSchema,
    access: METHOD_ACCESS.getCommissionbyId,
    summary: 'A service fee rate',
  },
  createCommission: {
    body: createFeeSchema,
    data: feeSchema,
    access: METHOD_ACCESS.createCommission,
    summary: 'Add a service fee rate',
  },
  updateCommission: {
    body: updateFeeSchema,
    data: feeSchema,
    access: METHOD_ACCESS.updateCommission,
    summary: 'Change a service fee rate',
  },
} as const satisfies Record<string, MethodSpec>;
