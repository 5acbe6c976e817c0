// Sign-in, sessions and account set-up calls.
import { METHOD_ACCESS } from '../api/access.js';
import { nothing, type MethodSpec } from '../api/method-spec.js';
import { emptySchema } from '../common/list.schemas.js';
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
} from './auth.schemas.js';

export const AUTH_METHODS = {
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
} as const satisfies Record<string, MethodSpec>;
