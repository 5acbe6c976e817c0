// 'Upload PAN Card': checks type and size in the browser with the spec's messages, uploads at once and hands the
// stored file's URL to the form (the registration's `license`). The server checks the content again.
import { FILE_MESSAGES, MAX_UPLOAD_BYTES, UPLOAD_ACCEPT, fileLooksAllowed } from '@spirit/domain/files/files.constants';
import { useRef, useState } from 'react';
import { ApiError } from '../../../app/api-client';
import { FieldLabel } from '../../../ui/form-field';
import { uploadPanCard } from '../api/upload-pan-card';

type Props = {
  id: string;
  label: string;
  /** Called with the uploaded file's URL, or '' when there is none (removed, refused, failed, uploading). */
  onChange: (fileUrl: string) => void;
  /** The form's own message for the field (e.g. the file is missing), shown when the picker has none. */
  formError?: string | undefined;
  required?: boolean;
  /** The file already on record (company edit): shown as chosen until removed or replaced. */
  initialFileName?: string | undefined;
};

/** The problem with a chosen file, or null when it may be uploaded. */
export function fileProblem(file: { name: string; type: string; size: number }): string | null {
  if (!fileLooksAllowed(file.name, file.type)) return FILE_MESSAGES.invalidFormat;
  if (file.size > MAX_UPLOAD_BYTES) return FILE_MESSAGES.tooLarge;
  return null;
}

export function PanCardUpload({ id, label, onChange, formError, required, initialFileName }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const attempt = useRef(0);
  const [fileName, setFileName] = useState(initialFileName ?? '');
  const [fileError, setFileError] = useState('');
  const [uploading, setUploading] = useState(false);

  const choose = async (file: File | undefined) => {
    const current = ++attempt.current;
    onChange('');
    setFileError('');
    setUploading(false);
    setFileName(file?.name ?? '');
    if (!file) return;
    const problem = fileProblem(file);
    if (problem) {
      setFileError(problem);
      return;
    }
    setUploading(true);
    try {
      const url = await uploadPanCard(file);
      if (current !== attempt.current) return;
      onChange(url);
    } catch (error) {
      if (current !== attempt.current) return;
      // The server's own refusal (type, size, rate) says more than the generic line; anything else gets that.
      const refusal = error instanceof ApiError && error.statusCode > 0 && !error.code.startsWith('http.');
      setFileError(refusal ? error.error : FILE_MESSAGES.failed);
    } finally {
      if (current === attempt.current) setUploading(false);
    }
  };

  const remove = () => {
    attempt.current++;
    if (input.current) input.current.value = '';
    setFileName('');
    setFileError('');
    setUploading(false);
    onChange('');
    input.current?.focus();
  };

  const error = fileError || (uploading || fileName ? '' : (formError ?? ''));
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hintId, error ? errorId : ''].filter(Boolean).join(' ');

  return (
    <div className="field">
      <FieldLabel htmlFor={id} label={label} required={required} />
      {/* The native picker stays the labelled field (out of sight and of the tab order); one PrimeReact-style
          button opens it; the chosen file or the one on record shows beside it, with no native "No file chosen". */}
      <input
        ref={input}
        id={id}
        type="file"
        accept={UPLOAD_ACCEPT}
        className="visually-hidden"
        tabIndex={-1}
        aria-invalid={!!error}
        aria-required={required || undefined}
        aria-describedby={describedBy}
        onChange={(event) => void choose(event.target.files?.[0])}
      />
      <div className={`file-picker${error ? ' p-invalid' : ''}`}>
        <button
          type="button"
          className="p-button p-button-outlined p-button-sm p-component"
          aria-describedby={describedBy}
          aria-invalid={!!error}
          onClick={() => input.current?.click()}
        >
          <i className="pi pi-upload" aria-hidden="true" />
          <span>{fileName ? 'Replace file' : 'Choose file'}</span>
        </button>
        {fileName ? null : <span className="muted">No file chosen</span>}
      </div>
      <small id={hintId} className="field-hint">
        Allowed file types: .pdf, .jpg, .jpeg, .png. Max size: 5MB.
      </small>
      {fileName ? (
        <div className="file-chosen">
          <i
            className={`pi ${uploading ? 'pi-spin pi-spinner' : error ? 'pi-file' : 'pi-check-circle'}`}
            aria-hidden="true"
          />
          <span className="file-name">{fileName}</span>
          <span className="visually-hidden" role="status">
            {uploading ? 'Uploading…' : ''}
          </span>
          <button type="button" className="icon-button" aria-label={`Remove ${fileName}`} onClick={remove}>
            <i className="pi pi-times" aria-hidden="true" />
          </button>
        </div>
      ) : null}
      {error ? (
        <small id={errorId} className="field-error">
          {error}
        </small>
      ) : null}
    </div>
  );
}
