// A file picker (PAN card, sale order, bulk sheet): the labelled native input kept out of sight and of the tab
// order, one PrimeReact-style button opening it, the chosen file's name with a remove control, the allowed-types
// note and the field's message. The owner checks the file and keeps the state; this only shows it.
import { useRef } from 'react';
import { ApiError } from '../app/api-client';
import { FieldLabel } from './form-field';

/** The server's own refusal (type, size, who may, rate) says more than the generic line; anything else gets that. */
export function uploadFailureText(error: unknown, generic: string): string {
  return error instanceof ApiError && error.statusCode > 0 && !error.code.startsWith('http.') ? error.error : generic;
}

type Props = {
  id: string;
  label: string;
  required?: boolean | undefined;
  accept: string;
  /** The allowed-types note. */
  hint: string;
  /** The button's PrimeIcons name, e.g. `pi-upload`. */
  icon: string;
  /** The chosen file's name (or the one on record), '' when none. */
  fileName: string;
  error: string;
  /** Shows a spinner beside the name and announces "Uploading…". */
  busy?: boolean;
  disabled?: boolean;
  /** Announce the message as it appears (a dialog's only field). */
  alertError?: boolean;
  onChoose: (file: File | undefined) => void;
  onRemove: () => void;
};

export function FileField(props: Props) {
  const { id, label, required, accept, hint, icon, fileName, error, busy = false, disabled = false } = props;
  const input = useRef<HTMLInputElement>(null);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hintId, error ? errorId : ''].filter(Boolean).join(' ');
  const remove = () => {
    if (input.current) input.current.value = '';
    props.onRemove();
    input.current?.focus();
  };
  const status = busy ? 'pi-spin pi-spinner' : error ? 'pi-file' : 'pi-check-circle';
  return (
    <div className="field">
      <FieldLabel htmlFor={id} label={label} required={required} />
      <input
        ref={input}
        id={id}
        type="file"
        accept={accept}
        className="visually-hidden"
        tabIndex={-1}
        aria-invalid={!!error}
        aria-required={required || undefined}
        aria-describedby={describedBy}
        disabled={disabled}
        onChange={(event) => props.onChoose(event.target.files?.[0])}
      />
      <div className={`file-picker${error ? ' p-invalid' : ''}`}>
        <button
          type="button"
          className="p-button p-button-outlined p-button-sm p-component"
          aria-describedby={describedBy}
          aria-invalid={!!error}
          disabled={disabled}
          onClick={() => input.current?.click()}
        >
          <i className={`pi ${icon}`} aria-hidden="true" />
          <span>{fileName ? 'Replace file' : 'Choose file'}</span>
        </button>
        {fileName ? null : <span className="muted">No file chosen</span>}
      </div>
      <small id={hintId} className="field-hint">
        {hint}
      </small>
      {fileName ? (
        <div className="file-chosen">
          <i className={`pi ${status}`} aria-hidden="true" />
          <span className="file-name">{fileName}</span>
          <span className="visually-hidden" role="status">
            {busy ? 'Uploading…' : ''}
          </span>
          <button
            type="button"
            className="icon-button"
            aria-label={`Remove ${fileName}`}
            disabled={disabled}
            onClick={remove}
          >
            <i className="pi pi-times" aria-hidden="true" />
          </button>
        </div>
      ) : null}
      {error ? (
        <small id={errorId} className="field-error" role={props.alertError ? 'alert' : undefined}>
          {error}
        </small>
      ) : null}
    </div>
  );
}
