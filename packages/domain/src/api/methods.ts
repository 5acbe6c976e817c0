// The contract: every `POST /api/{method}`, its body, its response `data` and who may call it. The server's
// registry reads this table, the web app types its calls from it, and the authorization test matrix is
// generated from it.
import { z } from 'zod';
import {
  accountSetupSchema,
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
import { getFileSchema, uploadResultSchema } from '../files/files.schemas.js';
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
    body: accountSetupSchema,
    data: nothing,
    access: 'optional',
    summary: 'Set the password of an invited account (is_company_registration)',
  },
  updateUser: {
    body: accountSetupSchema,
    data: nothing,
    access: 'optional',
    summary: 'Set the password of an invited account (is_company_registration)',
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
} as const satisfies Record<string, MethodSpec>;

export type MethodName = keyof typeof METHODS;
export type MethodBody<M extends MethodName> = z.input<(typeof METHODS)[M]['body']>;
export type MethodData<M extends MethodName> = z.output<(typeof METHODS)[M]['data']>;
