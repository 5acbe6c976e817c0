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
import type { Role } from '../auth/auth.constants.js';
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

/**
 * Who may call a method: `public` (no session), `session` (any signed-in user), `optional` (public, but the
 * service decides by the body whether a session is needed), or the list of roles that may.
 */
export type Access = 'public' | 'session' | 'optional' | readonly Role[];

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
    access: 'public',
    summary: 'Issue an ALTCHA proof-of-work challenge',
  },
  login: { body: loginSchema, data: loginResultSchema, access: 'public', summary: 'Sign in with email and password' },
  generateOtp: { body: generateOtpSchema, data: nothing, access: 'public', summary: 'Mail a one-time sign-in code' },
  loginWithOtp: {
    body: loginWithOtpSchema,
    data: loginResultSchema,
    access: 'public',
    summary: 'Sign in with email and one-time code',
  },
  logout: { body: emptySchema, data: nothing, access: 'session', summary: 'End this session' },
  refreshUser: {
    body: emptySchema,
    data: refreshUserResultSchema,
    access: 'session',
    summary: 'The signed-in user with roles as they are now',
  },
  changePassword: {
    body: changePasswordSchema,
    data: nothing,
    access: 'session',
    summary: 'Change the signed-in user’s password',
  },
  verifyToken: {
    body: verifyTokenSchema,
    data: verifyTokenResultSchema,
    access: 'public',
    summary: 'Check an invitation link',
  },
  createUser: {
    body: createUserSchema,
    data: nothing,
    access: 'optional',
    summary:
      'Add a user to the caller’s company (Admin), or, with is_company_registration, set the password of an invited account',
  },
  updateUser: {
    body: updateUserSchema,
    data: nothing,
    access: 'optional',
    summary: 'Edit a user of the caller’s company (Admin), or, with is_company_registration, set an invited password',
  },
  uploadFile: {
    body: emptySchema,
    data: uploadResultSchema,
    access: 'public',
    multipart: true,
    summary: 'Upload a PAN card (PDF, JPEG or PNG, 5 MB)',
  },
  getFile: {
    body: getFileSchema,
    data: nothing,
    access: 'session',
    binary: true,
    summary: 'Download a file the caller may see',
  },
  createCompany: {
    body: createCompanySchema,
    data: createCompanyResultSchema,
    access: 'public',
    summary: 'Register a company',
  },
  getStateCities: {
    body: emptySchema,
    data: stateCitiesResultSchema,
    access: 'public',
    summary: 'Indian states and union territories with their cities',
  },
  getAllSpirit: { body: emptySchema, data: z.array(spiritSchema), access: 'public', summary: 'Spirit types' },
  updateCompanyStatus: {
    body: updateCompanyStatusSchema,
    data: nothing,
    access: ['SuperAdmin'],
    summary: 'Approve or reject a Pending company',
  },

  // Companies (SuperAdmin; a company's own users may read its details)
  getAllCompany: {
    body: companyListSchema,
    data: companyListResultSchema,
    access: ['SuperAdmin'],
    summary: 'Companies by type and status, paginated',
  },
  getCompanyDetails: {
    body: companyDetailsQuerySchema,
    data: companyDetailsSchema,
    access: 'session',
    summary: 'A company’s information (without id: the caller’s own)',
  },
  updateCompany: { body: updateCompanySchema, data: nothing, access: ['SuperAdmin'], summary: 'Edit a company' },
  deleteCompany: {
    body: companyIdSchema,
    data: nothing,
    access: ['SuperAdmin'],
    summary: 'Delete a company (soft) and sign its users out',
  },
  undeleteCompany: {
    body: companyIdSchema,
    data: nothing,
    access: ['SuperAdmin'],
    summary: 'Restore a deleted company to its previous status',
  },
  sendCompanyCreationNotification: {
    body: companyIdSchema,
    data: nothing,
    access: ['SuperAdmin'],
    summary: 'Notify a prospect, or resend the set-password link of an approved company’s admin',
  },
  getAllCompanyName: {
    body: companyNamesQuerySchema,
    data: z.array(idNameSchema),
    access: ['SuperAdmin'],
    summary: 'Approved companies of a type, for pickers',
  },

  // Users (company Admin)
  getUserbyId: { body: idSchema, data: userRecordSchema, access: ['Admin'], summary: 'A user of the caller’s company' },
  getAllUsers: {
    body: userListSchema,
    data: userListResultSchema,
    access: ['Admin'],
    summary: 'Users of the caller’s company, active or archived',
  },
  archiveUser: {
    body: userIdSchema,
    data: nothing,
    access: ['Admin'],
    summary: 'Archive a user and sign them out everywhere',
  },
  unarchiveUser: { body: userIdSchema, data: nothing, access: ['Admin'], summary: 'Restore an archived user' },
  sendUserCredentials: {
    body: userIdSchema,
    data: nothing,
    access: ['Admin'],
    summary: 'Mail a fresh set-password link to a user who has not set one',
  },

  // Distilleries (company Admin)
  getAllDistill: {
    body: distilleryListSchema,
    data: distilleryListResultSchema,
    access: ['Admin'],
    summary: 'Distilleries of the caller’s company',
  },
  getDistillById: {
    body: idSchema,
    data: z.object({ distillery: distillerySchema }),
    access: ['Admin'],
    summary: 'A distillery of the caller’s company',
  },
  createDistill: {
    body: createDistillerySchema,
    data: distillerySchema,
    access: ['Admin'],
    summary: 'Register a distillery',
  },
  updateDistill: {
    body: updateDistillerySchema,
    data: distillerySchema,
    access: ['Admin'],
    summary: 'Edit a distillery',
  },

  // Mappings (company Admin)
  getAllDistillGroup: {
    body: mappingListSchema,
    data: mappingListResultSchema,
    access: ['Admin'],
    summary: 'Centralized or de-centralized mappings',
  },
  getDistillGroupById: { body: idSchema, data: mappingSchema, access: ['Admin'], summary: 'A mapping' },
  createDistillGroup: {
    body: createMappingSchema,
    data: mappingSchema,
    access: ['Admin'],
    summary: 'Map distilleries to a negotiator, an authorizer and an approver',
  },
  updateDistillGroup: {
    body: updateMappingSchema,
    data: mappingSchema,
    access: ['Admin'],
    summary: 'Change a mapping',
  },
  getAllUntaggedUser: {
    body: untaggedQuerySchema,
    data: z.array(mappableUserSchema),
    access: ['Admin'],
    summary: 'Users who may be mapped (not archived), those in no other mapping first',
  },
  getAllUntaggedDistill: {
    body: untaggedQuerySchema,
    data: z.array(idNameSchema),
    access: ['Admin'],
    summary: 'Distilleries in no mapping',
  },
  getAllStateWiseDistillforUser: {
    body: emptySchema,
    data: stateWiseDistilleriesSchema,
    access: 'session',
    summary: 'The caller’s mapped distilleries by state',
  },

  // Service fees (SuperAdmin)
  getAllCommission: {
    body: feeListSchema,
    data: feeListResultSchema,
    access: ['SuperAdmin'],
    summary: 'Service fee rates',
  },
  getCommissionbyId: { body: idSchema, data: feeSchema, access: ['SuperAdmin'], summary: 'A service fee rate' },
  createCommission: {
    body: createFeeSchema,
    data: feeSchema,
    access: ['SuperAdmin'],
    summary: 'Add a service fee rate',
  },
  updateCommission: {
    body: updateFeeSchema,
    data: feeSchema,
    access: ['SuperAdmin'],
    summary: 'Change a service fee rate',
  },

  // Audit (SuperAdmin)
  getAuditLog: {
    body: auditQuerySchema,
    data: auditListResultSchema,
    access: ['SuperAdmin'],
    summary: 'Every change, filtered by company, user, object and date',
  },
} as const satisfies Record<string, MethodSpec>;

export type MethodName = keyof typeof METHODS;
export type MethodBody<M extends MethodName> = z.input<(typeof METHODS)[M]['body']>;
export type MethodData<M extends MethodName> = z.output<(typeof METHODS)[M]['data']>;
