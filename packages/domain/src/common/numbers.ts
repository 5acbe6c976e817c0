// Ids, counts and amounts read strictly. `z.coerce.number()` reads `true` as 1, `"0x3"` as 3, `" 4 "` as 4, `"1e0"`
// as 1 and `[2]` as 2, so a malformed body could act on a real row. Only a JSON number or a plain decimal string (what
// the spec's forms send) gets through; everything else is refused by type with the field named.
import { z } from 'zod';
import { groupIndian } from './grouping.js';
import { MESSAGES } from './validators.js';

// Kept here for the modules that read it with the fields; zod-free modules import it from grouping.ts.
export { groupIndian };

export const NUMBER_MESSAGES = {
  wholeNumber: 'Must be a whole number',
  id: 'Must be a positive whole number',
  amount: (decimals: number) => `Must be a number with at most ${decimals} decimals`,
} as const;

// 16 digits already exceed Number.MAX_SAFE_INTEGER; the length cap keeps huge strings from being parsed at all.
const DIGITS = /^[0-9]{1,16}$/;

/** A digits-only string as its number; anything else goes on unchanged, so the number schema refuses it by type. */
const digitsToNumber = (v: unknown) => (typeof v === 'string' && DIGITS.test(v) ? Number(v) : v);

/** A whole number: a JSON integer or a string of decimal digits. */
export const wholeNumberField = (message: string = NUMBER_MESSAGES.wholeNumber) =>
  z.preprocess(
    digitsToNumber,
    z
      .number({ error: message })
      .int(message)
      .min(Number.MIN_SAFE_INTEGER, message)
      .max(Number.MAX_SAFE_INTEGER, message),
  );

/** Row ids are PostgreSQL `integer` identity columns: a larger one cannot exist, and would fail the query. */
export const MAX_ID = 2_147_483_647;

/** A row id: a positive integer up to `MAX_ID`, as a JSON number or a string of decimal digits. */
export const idField = (message: string = NUMBER_MESSAGES.id) =>
  z.preprocess(digitsToNumber, z.number({ error: message }).int(message).positive(message).max(MAX_ID, message));

/** An id that may be left out (`undefined` or `null`); anything sent must still be a real id. */
export const optionalIdField = (message?: string) => idField(message).optional().nullable();

/**
 * A non-negative amount with at most `decimals` decimals: a JSON number, or a plain decimal string (`12`, `12.5`).
 * An empty input is missing, not zero.
 */
export function amountField({ max, decimals }: { max: number; decimals: number }) {
  const pattern = new RegExp(`^[0-9]{1,15}(\\.[0-9]{1,${decimals}})?$`);
  const step = 10 ** -decimals;
  const malformed = NUMBER_MESSAGES.amount(decimals);
  return z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' && pattern.test(v) ? Number(v) : v),
    z
      .number({ error: (issue) => (issue.input === undefined ? MESSAGES.required : malformed) })
      .min(0, 'Must not be negative')
      .max(max, `Must be at most ${groupIndian(max)}`)
      // JSON numbers are not held to the string pattern, so their precision is checked here.
      .refine((n) => Math.abs(Math.round(n / step) * step - n) < 1e-9, `Use steps of ${step.toFixed(decimals)}`),
  );
}
