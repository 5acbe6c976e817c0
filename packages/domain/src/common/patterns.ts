// Field patterns, their checks and their messages, in the specification's words, without zod: forms that check
// by hand (the sign-in page, auth.rules.ts) import these without loading the schema library. validators.ts builds
// the contract's zod fields from them.

export const MESSAGES = {
  required: '*required',
  invalidEmail: 'Invalid email format',
  invalidMobile: 'Invalid mobile format',
  invalidPan: 'Invalid PAN number format',
  invalidGst: 'Invalid GST number format',
  invalidLicence: 'Invalid License number format',
  loginEmailRequired: 'Email is required.',
  loginEmailInvalid: 'Please enter a valid email address.',
  passwordRequired: 'Password is required.',
  otpRequired: 'OTP required.',
  captchaRequired: 'Please verify captcha.',
  passwordsDoNotMatch: 'Passwords do not match.',
  addUserEmail: '*required and must be a valid email',
} as const;

export const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
// A real GSTIN: state code, the holder's PAN, entity number, 'Z', check character (DESIGN.md "Where the spec is wrong").
export const GST_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
export const LICENCE_PATTERN = /^[A-Z]{3}\/[0-9]{5}\/[0-9]{4}$/;
export const MOBILE_PATTERN = /^[1-9][0-9]{9}$/;
export const EMAIL_PATTERN = /^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,}$/;

const GST_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The GSTIN check character computed from its first 14 characters (mod-36 Luhn variant). */
export function gstCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = GST_ALPHABET.indexOf(first14.charAt(i));
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GST_ALPHABET.charAt((36 - (sum % 36)) % 36);
}

export function isValidGst(gst: string): boolean {
  return GST_PATTERN.test(gst) && gstCheckCharacter(gst.slice(0, 14)) === gst.charAt(14);
}

/** The PAN embedded in a GSTIN (characters 3 to 12). */
export function panOfGst(gst: string): string {
  return gst.slice(2, 12);
}

export function isValidEmail(email: string): boolean {
  const at = email.lastIndexOf('@');
  return email.length <= 254 && at > 0 && at <= 64 && EMAIL_PATTERN.test(email);
}
