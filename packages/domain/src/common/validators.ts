// The contract's zod fields, built from the patterns and messages in patterns.ts. Every form and every call uses
// these, so the browser and the server refuse the same input with the same text.
import { z } from 'zod';
import {
  GST_PATTERN,
  LICENCE_PATTERN,
  MESSAGES,
  MOBILE_PATTERN,
  PAN_PATTERN,
  isValidEmail,
  isValidGst,
} from './patterns.js';

// Most importers take the patterns and messages from here with the fields.
export {
  EMAIL_PATTERN,
  GST_PATTERN,
  LICENCE_PATTERN,
  MESSAGES,
  MOBILE_PATTERN,
  PAN_PATTERN,
  gstCheckCharacter,
  isValidEmail,
  isValidGst,
  panOfGst,
} from './patterns.js';

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
