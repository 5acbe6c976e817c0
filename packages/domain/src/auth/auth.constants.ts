export const COMPANY_ROLES = ['Admin', 'Negotiator', 'Authorizer', 'Approver'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];
export const SUPER_ADMIN = 'SuperAdmin' as const;
export type Role = CompanyRole | typeof SUPER_ADMIN;

export const OTP_LENGTH = 6;
export const OTP_PATTERN = new RegExp(`^[0-9]{${OTP_LENGTH}}$`);
export const OTP_TTL_MINUTES = 5;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_SECONDS = 60;
export const INVITATION_TTL_DAYS = 7;

export const AUTH_MESSAGES = {
  badCredentials: 'Email OR Password is Incorrect',
  invalidOtp: 'Invalid or expired OTP',
  otpSent: 'OTP sent to your email',
  otpTooSoon: 'Please wait before requesting another OTP',
  loginOk: 'Login successful',
  logoutOk: 'Logged out successfully',
  companyPending: 'Your company registration is awaiting approval',
  companyRejected: 'Your company registration was rejected',
  companyDeleted: 'Your company account has been deleted',
  userInactive: 'Your account is not active. Please set your password from the invitation mail.',
  userArchived: 'Your account has been archived. Please contact your company admin.',
  brokenLink: 'This link seems to be broken.',
  deactivatedLink: 'Link got deactivated',
  passwordSet: 'Password reset has been successfull! Thank you',
  passwordChanged: 'Password change has been successfull! Thank you',
  oldPasswordWrong: 'Old password is incorrect',
  samePassword: 'New password must be different from the old password',
  captchaInvalid: 'Captcha verification failed. Please try again.',
} as const;

export const PASSWORD_POLICY = [
  { id: 'upper', text: 'At least one uppercase letter', test: (p: string) => /[A-Z]/.test(p) },
  { id: 'special', text: 'At least one special character', test: (p: string) => /[^A-Za-z0-9]/.test(p) },
  { id: 'length', text: 'Minimum 8 characters', test: (p: string) => p.length >= 8 },
  { id: 'number', text: 'At least one number', test: (p: string) => /[0-9]/.test(p) },
] as const;
