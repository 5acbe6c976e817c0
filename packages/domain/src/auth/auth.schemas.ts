import { z } from 'zod';
import { idField, optionalIdField } from '../common/numbers.js';
import { MESSAGES, isValidEmail, requiredText } from '../common/validators.js';
import { AUTH_MESSAGES, OTP_PATTERN } from './auth.constants.js';
import { passwordPolicyFailures } from './auth.rules.js';

export const captchaField = requiredText(MESSAGES.captchaRequired);

export const loginEmailField = requiredText(MESSAGES.loginEmailRequired)
  .pipe(z.string().refine(isValidEmail, MESSAGES.loginEmailInvalid))
  .transform((v) => v.toLowerCase());

/** A new password: required and every line of the policy, reported one at a time. */
export const newPasswordField = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  .max(128, 'Password must be at most 128 characters')
  .superRefine((value, ctx) => {
    const failed = passwordPolicyFailures(value);
    if (failed.length) ctx.addIssue({ code: 'custom', message: `Password must have: ${failed.join(', ')}` });
  });

export const loginSchema = z.object({
  email: loginEmailField,
  password: z.string({ error: MESSAGES.passwordRequired }).min(1, MESSAGES.passwordRequired).max(128),
  captcha: captchaField,
});
export type LoginInput = z.input<typeof loginSchema>;

export const generateOtpSchema = z.object({ email: loginEmailField });
export type GenerateOtpInput = z.input<typeof generateOtpSchema>;

export const loginWithOtpSchema = z.object({
  email: loginEmailField,
  otp: requiredText(MESSAGES.otpRequired).pipe(z.string().regex(OTP_PATTERN, AUTH_MESSAGES.invalidOtp)),
  captcha: captchaField,
});
export type LoginWithOtpInput = z.input<typeof loginWithOtpSchema>;

export const sessionUserSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  company_id: z.number().nullable(),
  company_name: z.string().nullable(),
  company_type: z.enum(['Seller', 'Buyer']).nullable(),
  roles: z.array(z.string()),
  userType: z.string().nullable(),
  userActionType: z.string().nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const loginResultSchema = z.object({ token: z.string(), user: sessionUserSchema });
export type LoginResult = z.infer<typeof loginResultSchema>;

export const refreshUserResultSchema = z.object({ user: sessionUserSchema });

export const changePasswordSchema = z
  .object({
    user_id: idField().optional(),
    old_password: z.string({ error: MESSAGES.passwordRequired }).min(1, MESSAGES.passwordRequired).max(128),
    new_password: newPasswordField,
    captcha: captchaField,
  })
  .refine((v) => v.old_password !== v.new_password, {
    path: ['new_password'],
    message: AUTH_MESSAGES.samePassword,
  });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

export const verifyTokenSchema = z.object({ token: z.string().trim().min(1, AUTH_MESSAGES.brokenLink).max(200) });
export const verifyTokenResultSchema = z.object({
  email: z.string(),
  company_id: z.number().nullable(),
  user_id: z.number().optional(),
});

/** Account set-up from an invitation (`createUser`/`updateUser` with `is_company_registration`). */
export const accountSetupSchema = z
  .object({
    is_company_registration: z.literal(true),
    token: z.string().trim().min(1, AUTH_MESSAGES.brokenLink).max(200),
    password: newPasswordField,
    confirm_password: z.string().optional(),
    email: z.string().optional(),
    company_id: optionalIdField(),
    id: optionalIdField(),
    captcha: captchaField,
  })
  .refine((v) => v.confirm_password === undefined || v.confirm_password === v.password, {
    path: ['confirm_password'],
    message: MESSAGES.passwordsDoNotMatch,
  });
export type AccountSetupInput = z.input<typeof accountSetupSchema>;

export const captchaChallengeSchema = z.object({
  algorithm: z.string(),
  challenge: z.string(),
  maxnumber: z.number().optional(),
  salt: z.string(),
  signature: z.string(),
});
export type CaptchaChallenge = z.infer<typeof captchaChallengeSchema>;
