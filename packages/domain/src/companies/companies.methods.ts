// Registration, company review and the SuperAdmin's company administration; spirit types.
import { z } from 'zod';
import { METHOD_ACCESS } from '../api/access.js';
import { nothing, type MethodSpec } from '../api/method-spec.js';
import { emptySchema } from '../common/list.schemas.js';
import {
  companyDetailsQuerySchema,
  companyDetailsSchema,
  companyIdSchema,
  companyListResultSchema,
  companyListSchema,
  companyNamesQuerySchema,
  idNameSchema,
  updateCompanySchema,
} from './companies.admin.schemas.js';
import {
  createCompanyResultSchema,
  createCompanySchema,
  spiritSchema,
  updateCompanyStatusSchema,
} from './companies.schemas.js';

export const COMPANY_METHODS = {
  createCompany: {
    body: createCompanySchema,
    data: createCompanyResultSchema,
    access: METHOD_ACCESS.createCompany,
    summary: 'Register a company',
  },
  getAllSpirit: {
    body: emptySchema,
    data: z.array(spiritSchema),
    access: METHOD_ACCESS.getAllSpirit,
    summary: 'Spirit types',
  },
  updateCompanyStatus: {
    body: updateCompanyStatusSchema,
    data: nothing,
    access: METHOD_ACCESS.updateCompanyStatus,
    summary: 'Approve or reject a Pending company',
  },

  // Companies (SuperAdmin; a company's own users may read its details)
  getAllCompany: {
    body: companyListSchema,
    data: companyListResultSchema,
    access: METHOD_ACCESS.getAllCompany,
    summary: 'Companies by type and status, paginated',
  },
  getCompanyDetails: {
    body: companyDetailsQuerySchema,
    data: companyDetailsSchema,
    access: METHOD_ACCESS.getCompanyDetails,
    summary: 'A company’s information (without id: the caller’s own)',
  },
  updateCompany: {
    body: updateCompanySchema,
    data: nothing,
    access: METHOD_ACCESS.updateCompany,
    summary: 'Edit a company',
  },
  deleteCompany: {
    body: companyIdSchema,
    data: nothing,
    access: METHOD_ACCESS.deleteCompany,
    summary: 'Delete a company (soft) and sign its users out',
  },
  undeleteCompany: {
    body: companyIdSchema,
    data: nothing,
    access: METHOD_ACCESS.undeleteCompany,
    summary: 'Restore a deleted company to its previous status',
  },
  sendCompanyCreationNotification: {
    body: companyIdSchema,
    data: nothing,
    access: METHOD_ACCESS.sendCompanyCreationNotification,
    summary: 'Notify a prospect, or resend the set-password link of an approved company’s admin',
  },
  getAllCompanyName: {
    body: companyNamesQuerySchema,
    data: z.array(idNameSchema),
    access: METHOD_ACCESS.getAllCompanyName,
    summary: 'Approved companies of a type, for pickers',
  },
} as const satisfies Record<string, MethodSpec>;
