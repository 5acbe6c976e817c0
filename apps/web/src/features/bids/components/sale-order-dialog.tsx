// "Upload Your Document" (spec 001 §2 "Bid Detail"): the seller's sale order. A file picker, the allowed-types note,
// the chosen file's name with a remove control, Approve and Cancel. The type and size are checked here with the
// spec's messages and again by content on the server; Approve uploads the file, then attaches it (`updateBid`).
import { FILE_MESSAGES, MAX_UPLOAD_BYTES, UPLOAD_ACCEPT, fileLooksAllowed } from '@spirit/domain/files/files.constants';
import { Dialog } from 'primereact/dialog';
import { useId, useRef, useState } from 'react';
import { ApiError } from '../../../app/api-client';
import { Button } from '../../../ui/button';
import { useToast } from '../../../ui/toast';
import { useUploadSaleOrder } from '../api/update-bid';

export const ALLOWED_NOTE = 'Allowed file types: .pdf, .jpg, .jpeg, .png. Max size: 5MB.';

/** The spec's message for a chosen file that may not be uploaded, or null. */
export function saleOrderProblem(file: { name: string; type: string; size: number }): string | null {
  if (!fileLooksAllowed(file.name, file.type)) return FILE_MESSAGES.invalidFormat;
  if (file.size > MAX_UPLOAD_BYTES) return FILE_MESSAGES.tooLarge;
  return null;
}

/** The server's own refusal (type, size, who may) says more than the generic line; a lost connection gets that. */
const failureText = (error: unknown) =>
  error instanceof ApiError && error.statusCode > 0 && !error.code.startsWith('http.')
    ? error.error
    : FILE_MESSAGES.failed;

type Props = { bidId: number; otherCompanyId: number | null; visible: boolean; onClose: () => void };

export function SaleOrderDialog({ bidId, otherCompanyId, visible, onClose }: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState('');
  const upload = useUploadSaleOrder();
  const toast = useToast();

  const reset = () => {
    if (input.current) input.current.value = '';
    setFile(null);
    setProblem('');
    upload.reset();
  };
  const close = () => {
    reset();
    onClose();
  };
  const choose = (chosen: File | undefined) => {
    setFile(chosen ?? null);
    setProblem(chosen ? (saleOrderProblem(chosen) ?? '') : '');
  };
  const approve = () => {
    if (!file || problem) return;
    upload.mutate(
      { bidId, otherCompanyId, file },
      {
        onSuccess: (res) => {
          toast.success(res.message);
          close();
        },
        onError: (error) => {
          const text = failureText(error);
          setProblem(text);
          toast.failure(text);
        },
      },
    );
  };

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <Dialog header="Upload Your Document" visible={visible} onHide={close} className="bid-dialog" draggable={false}>
      <div className="field">
        <label htmlFor={id}>Sale order</label>
        <input
          ref={input}
          id={id}
          type="file"
          accept={UPLOAD_ACCEPT}
          className="visually-hidden"
          tabIndex={-1}
          aria-describedby={[hintId, problem ? errorId : ''].filter(Boolean).join(' ')}
          aria-invalid={!!problem}
          onChange={(event) => choose(event.target.files?.[0])}
        />
        <div className={`file-picker${problem ? ' p-invalid' : ''}`}>
          <button
            type="button"
            className="p-button p-button-outlined p-button-sm p-component"
            aria-describedby={hintId}
            onClick={() => input.current?.click()}
          >
            <i className="pi pi-upload" aria-hidden="true" />
            <span>{file ? 'Replace file' : 'Choose file'}</span>
          </button>
          {file ? null : <span className="muted">No file chosen</span>}
        </div>
        <small id={hintId} className="field-hint">
          {ALLOWED_NOTE}
        </small>
        {file ? (
          <div className="file-chosen">
            <i className={`pi ${problem ? 'pi-file' : 'pi-check-circle'}`} aria-hidden="true" />
            <span className="file-name">{file.name}</span>
            <button
              type="button"
              className="icon-button"
              aria-label={`Remove ${file.name}`}
              onClick={() => {
                reset();
                input.current?.focus();
              }}
            >
              <i className="pi pi-times" aria-hidden="true" />
            </button>
          </div>
        ) : null}
        {problem ? (
          <small id={errorId} className="field-error" role="alert">
            {problem}
          </small>
        ) : null}
      </div>
      <div className="form-actions">
        <Button label="Cancel" className="p-button-outlined" onClick={close} />
        <Button label="Approve" onClick={approve} disabled={!file || !!problem} loading={upload.isPending} />
      </div>
    </Dialog>
  );
}
