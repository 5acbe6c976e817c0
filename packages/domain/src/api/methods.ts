// The contract: every `POST /api/{method}`, its body, its response `data` and who may call it. The server's
// registry reads this table, the web app types its calls from it, and the authorization test matrix is
// generated from it.
import { z } from 'zod';
import {
  captchaChallengeSchema,
  changePasswordSchema,
  generateOtpSchema,
  loginResultSchema,
  loginSchema,
  loginWithOtpSchema,
  refreshUserResultSchema,
  verifyTokenResultSchema,
  verifyTokenSchema,
} from '../auth/auth.schemas.js';
import { METHOD_ACCESS, type Access } from './access.js';
import { emptySchema } from '../common/list.schemas.js';
import {
  createCompanyResultSchema,
  createCompanySchema,
  spiritSchema,
  updateCompanyStatusSchema,
} from '../companies/companies.schemas.js';
import { auditListResultSchema, auditQuerySchema } from '../audit/audit.schemas.js';
import {
  companyDetailsQuerySchema,
  companyDetailsSchema,
  companyIdSchema,
  companyListResultSchema,
  companyListSchema,
  companyNamesQuerySchema,
  idNameSchema,
  updateCompanySchema,
} from '../companies/companies.admin.schemas.js';
import { idSchema } from '../common/list.schemas.js';
import {
  createDistillerySchema,
  distilleryListResultSchema,
  distilleryListSchema,
  distillerySchema,
  stateWiseDistilleriesSchema,
  updateDistillerySchema,
} from '../distilleries/distilleries.schemas.js';
import {
  createFeeSchema,
  feeListResultSchema,
  feeListSchema,
  feeSchema,
  updateFeeSchema,
} from '../fees/fees.schemas.js';
import { getFileSchema, uploadResultSchema } from '../files/files.schemas.js';
import {
  createMappingSchema,
  mappingListResultSchema,
  mappingListSchema,
  mappableUserSchema,
  mappingSchema,
  untaggedQuerySchema,
  updateMappingSchema,
} from '../mappings/mappings.schemas.js';
import {
  createUserSchema,
  updateUserSchema,
  userIdSchema,
  userListResultSchema,
  userListSchema,
  userRecordSchema,
} from '../users/users.schemas.js';
import { stateCitiesResultSchema } from '../geo/geo.schemas.js';

/** Who may call a method: the role map in `access.ts`. */
export type { Access } from './access.js';

type MethodSpec = {
  body: z.ZodType;
  data: z.ZodType;
  access: Access;
  summary: string;
  /** Sent as multipart/form-data instead of JSON. */
  multipart?: boolean;
  /** Answers with the file's bytes instead of the JSON envelope. */
  binary?: boolean;
};

const nothing = z.null();

export const METHODS = {
  getCaptcha: {
    body: emptySchema,
    data: captchaChallengeSchema,
    access: METHOD_ACCESS.getCaptcha,
    summary: 'Issue an ALTCHA proof-of-work challenge',
  },
  login: {
    body: loginSchema,
    data: loginResultSchema,
    access: METHOD_ACCESS.login,
    summary: 'Sign in with email and password',
  },
  generateOtp: {
    body: generateOtpSchema,
    data: nothing,
    access: METHOD_ACCESS.generateOtp,
    summary: 'Mail a one-time sign-in code',
  },
  loginWithOtp: {
    body: loginWithOtpSchema,
    data: loginResultSchema,
    access: METHOD_ACCESS.loginWithOtp,
    summary: 'Sign in with email and one-time code',
  },
  logout: { body: emptySchema, data: nothing, access: METHOD_ACCESS.logout, summary: 'End this session' },
  refreshUser: {
    body: emptySchema,
    data: refreshUserResultSchema,
    access: METHOD_ACCESS.refreshUser,
    summary: 'The signed-in user with roles as they are now',
  },
  changePassword: {
    body: changePasswordSchema,
    data: nothing,
    access: METHOD_ACCESS.changePassword,
    summary: 'Change the signed-in user’s password',
  },
  verifyToken: {
    body: verifyTokenSchema,
    data: verifyTokenResultSchema,
    access: METHOD_ACCESS.verifyToken,
    summary: 'Check an invitation link',
  },
  createUser: {
    body: createUserSchema,
    data: nothing,
    access: METHOD_ACCESS.createUser,
    summary:
      'Add a user to the caller’s company (Admin), or, with is_company_registration, set the password of an invited account',
  },
  updateUser: {
    body: updateUserSchema,
    data: nothing,
    access: METHOD_ACCESS.updateUser,
    summary: 'Edit a user of the caller’s company (Admin), or, with is_company_registration, set an invited password',
  },
  uploadFile: {
    body: emptySchema,
    data: uploadResultSchema,
    access: METHOD_ACCESS.uploadFile,
    multipart: true,
    summary: 'Upload a PAN card (PDF, JPEG or PNG, 5 MB)',
  },
  getFile: {
    body: getFileSchema,
    data: nothing,
    access: METHOD_ACCESS.getFile,
    binary: true,
    summary: 'Download a file the caller may see',
  },
  createCompany: {
    body: createCompanySchema,
    data: createCompanyResultSchema,
    access: METHOD_ACCESS.createCompany,
    summary: 'Register a company',
  },
  getStateCities: {
    body: emptySchema,
    data: stateCitiesResultSchema,
    access: METHOD_ACCESS.getStateCities,
    summary: 'Indian states and union territories with their cities',
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

  // Users (company Admin)
  getUserbyId: {
    body: idSchema,
    data: userRecordSchema,
    access: METHOD_ACCESS.getUserbyId,
    summary: 'A user of the caller’s company',
  },
  getAllUsers: {
    body: userListSchema,
    data: userListResultSchema,
    access: METHOD_ACCESS.getAllUsers,
    summary: 'Users of the caller’s company, active or archived',
  },
  archiveUser: {
    body: userIdSchema,
    data: nothing,
    access: METHOD_ACCESS.archiveUser,
    summary: 'Archive a user and sign them out everywhere',
  },
  unarchiveUser: {
    body: userIdSchema,
    data: nothing,
    access: METHOD_ACCESS.unarchiveUser,
    summary: 'Restore an archived user',
  },
  sendUserCredentials: {
    body: userIdSchema,
    data: nothing,
    access: METHOD_ACCESS.sendUserCredentials,
    summary: 'Mail a fresh set-password link to a user who has not set one',
  },

  // Distilleries (company Admin)
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

  // Mappings (company Admin)
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

  // Service fees (SuperAdmin)
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

  // Audit (SuperAdmin)
  getAuditLog: {
    body: auditQuerySchema,
    data: auditListResultSchema,
    access: METHOD_ACCESS.getAuditLog,
    summary: 'Every change, filtered by company, user, object and date',
  },
} as const satisfies Record<string, MethodSpec>;

export type MethodName = keyof typeof METHODS;
export type MethodBody<M extends MethodName> = z.input<(typeof METHODS)[M]['body']>;
export type MethodData<M extends MethodName> = z.output<(typeof METHODS)[M]['data']>;
