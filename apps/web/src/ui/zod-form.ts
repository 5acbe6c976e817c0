// react-hook-form glue for the contract's zod schemas.
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldPath, FieldValues, Resolver, UseFormRegisterReturn, UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import { serverFieldMessages } from './form-field';

/**
 * A resolver for a contract schema with the form's own value types. Contract schemas pre-process their input
 * (trim, upper-case), so their input type is `unknown` per field; the form states what its inputs hold.
 */
export function schemaResolver<Values extends FieldValues, S extends z.ZodType<unknown, FieldValues>>(
  schema: S,
): Resolver<Values, unknown, z.output<S>> {
  return zodResolver(schema) as unknown as Resolver<Values, unknown, z.output<S>>;
}

/**
 * Whether `values` pass `schema` right now. Submit buttons use this rather than react-hook-form's `isValid`,
 * which is not recomputed for values set programmatically (the captcha payload, a cleared city).
 */
export function passes(schema: z.ZodType, values: unknown): boolean {
  return schema.safeParse(values).success;
}

/**
 * Puts the server's per-field messages (`fields` of the error envelope) under the form's fields; a message that
 * only repeats the page's alert (`shown`) is not repeated under the field.
 */
export function applyServerFieldErrors<Values extends FieldValues>(
  setError: UseFormSetError<Values>,
  fields: Record<string, string>,
  known: readonly FieldPath<Values>[],
  shown?: string,
): void {
  const messages = serverFieldMessages(fields, known, shown);
  for (const name of known) {
    const message = messages[name];
    if (message) setError(name, { type: 'server', message }, { shouldFocus: false });
  }
}

/** Upper-cases the input as typed (PAN, GST, licence numbers), keeping the caret where it was. */
export function upperCased<Name extends string>(
  registration: UseFormRegisterReturn<Name>,
): UseFormRegisterReturn<Name> {
  return {
    ...registration,
    onChange: (event) => {
      const el = event.target as HTMLInputElement;
      const upper = el.value.toUpperCase();
      if (upper !== el.value) {
        const { selectionStart, selectionEnd } = el;
        el.value = upper;
        el.setSelectionRange(selectionStart, selectionEnd);
      }
      return registration.onChange(event);
    },
  };
}
