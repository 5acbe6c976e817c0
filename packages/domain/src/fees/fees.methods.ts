// Service fee rates (SuperAdmin).
import { METHOD_ACCESS } from '../api/access.js';
import type { MethodSpec } from '../api/method-spec.js';
import { idSchema } from '../common/list.schemas.js';
import { createFeeSchema, feeListResultSchema, feeListSchema, feeSchema, updateFeeSchema } from './fees.schemas.js';
import {
  bidCommissionListResultSchema,
  bidCommissionListSchema,
  bidCommissionSchema,
  getBidCommissionByIdSchema,
  updateBidCommissionSchema,
} from './trade-fees.schemas.js';

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
  // The service fee of each approved trade (spec 001 /mycommission, /editmycommission/{id}).
  getAllBidCommission: {
    body: bidCommissionListSchema,
    data: bidCommissionListResultSchema,
    access: METHOD_ACCESS.getAllBidCommission,
    summary:
      'The caller’s company’s approved trades with its own side’s fee total (the SuperAdmin: every trade, both ' +
      'sides); the spec lists them with getAllBids `bid_status: Approved`, which carries no fees',
  },
  getBidCommissionById: {
    body: getBidCommissionByIdSchema,
    data: bidCommissionSchema,
    access: METHOD_ACCESS.getBidCommissionById,
    summary: 'An approved trade’s service fee: the caller’s side’s rates, totals and invoices (SuperAdmin: both)',
  },
  updateBidCommission: {
    body: updateBidCommissionSchema,
    data: bidCommissionSchema,
    access: METHOD_ACCESS.updateBidCommission,
    summary:
      'Correct an approved trade’s snapshotted fee rates (audited); a changed side’s invoice is cancelled by a ' +
      'credit note and a new invoice issued',
  },
} as const satisfies Record<string, MethodSpec>;
