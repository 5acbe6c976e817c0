import type { ReactNode } from 'react';

/** The attributes that tie an input to its label, hint and error message. */
export type FieldA11y = {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  'aria-required': boolean | undefined;
};

type Props = {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  children: (a11y: FieldA11y) => ReactNode;
};

/** A field's label; the required mark sits outside it so the accessible name is the label's words alone. */
export function FieldLabel({
  htmlFor,
  label,
  required,
}: {
  htmlFor: string;
  label: string;
  required?: boolean | undefined;
}) {
  return (
    <div className="field-label">
      <label htmlFor={htmlFor}>{label}</label>
      {required ? (
        <span className="required-mark" aria-hidden="true">
          *
        </span>
      ) : null}
    </div>
  );
}

/** Label, input, hint and error message of one form field, laid out and wired for assistive technology. */
export function FormField({ id, label, error, hint, required, className, children }: Props) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <FieldLabel htmlFor={id} label={label} required={required} />
      {children({
        id,
        'aria-invalid': !!error,
        'aria-describedby': describedBy,
        'aria-required': required || undefined,
      })}
      {hint ? (
        <small id={hintId} className="field-hint">
          {hint}
        </small>
      ) : null}
      {error ? (
        <small id={errorId} className="field-error">
          {error}
        </small>
      ) : null}
    </div>
  );
}

/** The classes of a PrimeReact-styled text input. */
export function inputClass(invalid: boolean, extra?: string): string {
  return `p-inputtext p-component${invalid ? ' p-invalid' : ''}${extra ? ` ${extra}` : ''}`;
}

/**
 * The server's per-field messages (`fields` of the error envelope) for the form's `known` fields; a message that
 * only repeats the page's alert (`shown`) is left out, not repeated under the field.
 */
export function serverFieldMessages<Name extends string>(
  fields: Record<string, string>,
  known: readonly Name[],
  shown?: string,
): Partial<Record<Name, string>> {
  const messages: Partial<Record<Name, string>> = {};
  for (const name of known) {
    const message = fields[name];
    if (message && message !== shown) messages[name] = message;
  }
  return messages;
}
