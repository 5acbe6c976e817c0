// The sheet picker of the upload dialog: one styled control over the labelled native input (as the PAN card
// picker), the chosen file's name with a remove control, and the spec's type and size messages.
import { BULK_ACCEPT, BULK_MAX_BYTES, LISTING_MESSAGES } from '@spirit/domain/listings/listings.constants';
import { useRef } from 'react';
import { FieldLabel } from '../../../ui/form-field';

/** The problem with a chosen sheet, or null when it may be sent; the server checks the content again. */
export function sheetProblem(file: { name: string; size: number }): string | null {
  if (!/\.(csv|xls|xlsx)$/i.test(file.name)) return LISTING_MESSAGES.bulkInvalidFormat;
  if (file.size > BULK_MAX_BYTES) return LISTING_MESSAGES.bulkTooLarge;
  return null;
}

type Props = {
  file: File | null;
  error: string;
  disabled: boolean;
  onChoose: (file: File | null) => void;
};

export function BulkFileField({ file, error, disabled, onChoose }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const id = 'bulk-file';
  const describedBy = [`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <FieldLabel htmlFor={id} label="Spreadsheet" required />
      <input
        ref={input}
        id={id}
        type="file"
        accept={BULK_ACCEPT}
        className="visually-hidden"
        tabIndex={-1}
        aria-invalid={!!error}
        aria-required
        aria-describedby={describedBy}
        disabled={disabled}
        onChange={(event) => onChoose(event.target.files?.[0] ?? null)}
      />
      <div className={`file-picker${error ? ' p-invalid' : ''}`}>
        <button
          type="button"
          className="p-button p-button-outlined p-button-sm p-component"
          aria-describedby={describedBy}
          disabled={disabled}
          onClick={() => input.current?.click()}
        >
          <i className="pi pi-file-excel" aria-hidden="true" />
          <span>{file ? 'Replace file' : 'Choose file'}</span>
        </button>
        {file ? null : <span className="muted">No file chosen</span>}
      </div>
      <small id={`${id}-hint`} className="field-hint">
        Allowed file types: .csv, .xls, .xlsx. Max size: 5MB.
      </small>
      {file ? (
        <div className="file-chosen">
          <i className={`pi ${error ? 'pi-file' : 'pi-check-circle'}`} aria-hidden="true" />
          <span className="file-name">{file.name}</span>
          <button
            type="button"
            className="icon-button"
            aria-label={`Remove ${file.name}`}
            disabled={disabled}
            onClick={() => {
              if (input.current) input.current.value = '';
              onChoose(null);
              input.current?.focus();
            }}
          >
            <i className="pi pi-times" aria-hidden="true" />
          </button>
        </div>
      ) : null}
      {error ? (
        <small id={`${id}-error`} className="field-error">
          {error}
        </small>
      ) : null}
    </div>
  );
}
