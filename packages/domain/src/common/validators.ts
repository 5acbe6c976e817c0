// Field patterns and their messages, in the specification's words. Every form and every call uses these, so
// the browser and the server refuse the same input with the same text.
import { z } from 'zod';

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

/** A string field that is required: missing, null and blank all answer `message`. */
export function requiredText(message: string = MESSAGES.required) {
  return z.preprocess(
    (v) => (v === null || v === undefined ? '' : typeof v === 'string' ? v.trim() : v),
    z.string({ error: message }).min(1, message),
  );
}

export function optionalText(max = 500) {
  return z.preprocess(
    (v) => (v === null || v === undefined ? '' : typeof v === 'string' ? v.trim() : v),
    z.string().max(max),
  );
}

/** Upper-cases before checking, as the forms do. */
export function upperPattern(pattern: RegExp, message: string) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    z.string({ error: MESSAGES.required }).min(1, MESSAGES.required).regex(pattern, message),
  );
}

export const emailField = (invalid: string = MESSAGES.invalidEmail, required: string = MESSAGES.required) =>
  requiredText(required)
    .pipe(z.string().refine(isValidEmail, invalid))
    .transform((v) => v.toLowerCase());

export const mobileField = (required: string = MESSAGES.required, invalid: string = MESSAGES.invalidMobile) =>
  requiredText(required).pipe(z.string().regex(MOBILE_PATTERN, invalid));

export const panField = () => upperPattern(PAN_PATTERN, MESSAGES.invalidPan);

export const gstField = () => upperPattern(GST_PATTERN, MESSAGES.invalidGst).refine(isValidGst, MESSAGES.invalidGst);

export const licenceField = () => upperPattern(LICENCE_PATTERN, MESSAGES.invalidLicence);

/** Fields of a zod error as `{ field: first message }`, the envelope's `fields`. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}
