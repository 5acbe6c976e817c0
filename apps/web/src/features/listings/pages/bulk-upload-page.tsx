// Bulk upload (/bulkupload; spec 001 §2, §5; issue 8 part 5): the template of the company's side, then a sheet
// sent with uploadFile (purpose=bulk) and uploadCSV. Every row is created or none: a refused sheet shows its rows'
// problems as a table; an accepted one goes to the list in 5 s.
import { sideOfCompany, type ListingSide } from '@spirit/domain/listings/listings.constants';
import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { ApiError, errorText } from '../../../app/api-client';
import { useSession } from '../../../app/session';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { useToast } from '../../../ui/toast';
import { RedirectNotice, useDelayedRedirect } from '../../../ui/use-delayed-redirect';
import { useDownloadTemplate } from '../api/generate-excel';
import { useBulkUpload, type BulkStage } from '../api/upload-csv';
import { BulkErrorReport, rowErrorsOf, type RowError } from '../components/bulk-error-report';
import { BulkFileField, sheetProblem } from '../components/bulk-file-field';
import '../components/listing-pages.css';

const REDIRECT_MS = 5_000;
const STAGES: Record<BulkStage, { step: number; text: string }> = {
  uploading: { step: 1, text: 'Uploading the sheet…' },
  checking: { step: 2, text: 'Checking every row…' },
};

type Outcome =
  { kind: 'none' } | { kind: 'rows'; summary: string; errors: RowError[] } | { kind: 'done'; message: string };

function BulkUpload({ side }: { side: ListingSide }) {
  const toast = useToast();
  const list = side === 'Offer' ? { to: '/offers', label: 'Offers' } : { to: '/ask', label: 'Asks' };
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState('');
  const [stage, setStage] = useState<BulkStage | null>(null);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'none' });
  const template = useDownloadTemplate();
  const upload = useBulkUpload(setStage);
  const { redirect, target, remaining } = useDelayedRedirect();
  const busy = upload.isPending;

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setFileError(chosen ? (sheetProblem(chosen) ?? '') : '');
  };

  const send = async () => {
    if (!file) {
      setFileError('*required');
      return;
    }
    const problem = sheetProblem(file);
    if (problem) {
      setFileError(problem);
      return;
    }
    setOutcome({ kind: 'none' });
    try {
      const { message } = await upload.mutateAsync(file);
      setOpen(false);
      setOutcome({ kind: 'done', message });
      toast.success(message);
      redirect(list.to, REDIRECT_MS);
    } catch (error) {
      const rows = error instanceof ApiError ? rowErrorsOf(error.fields) : [];
      if (rows.length) {
        // The report needs the page's width: the dialog closes and the table takes its place.
        setOpen(false);
        setOutcome({ kind: 'rows', summary: errorText(error), errors: rows });
        toast.failure(errorText(error));
      } else {
        setFileError(errorText(error));
      }
    } finally {
      setStage(null);
    }
  };

  const download = async () => {
    try {
      await template.mutateAsync(side === 'Offer' ? 'offer' : 'ask');
    } catch (error) {
      toast.failure(errorText(error));
    }
  };

  if (outcome.kind === 'done' && target) {
    return (
      <div className="card narrow-card">
        <Alert severity="success">{outcome.message}</Alert>
        <RedirectNotice to={list.to} remaining={remaining} label={list.label} />
      </div>
    );
  }

  const words = side === 'Offer' ? 'offers' : 'asks';
  return (
    <>
      <div className="card">
        <p>
          Download the template, fill one row per {side === 'Offer' ? 'offer' : 'ask'} (its second sheet lists your
          products, states and distillery ids), then upload it. Either every row is added or none.
        </p>
        <div className="bulk-actions">
          <Button
            type="button"
            label="Download Template"
            className="p-button-outlined"
            loading={template.isPending}
            onClick={() => void download()}
          />
          <Button
            type="button"
            label="Upload"
            onClick={() => {
              upload.reset();
              setOpen(true);
            }}
          />
        </div>
      </div>
      {outcome.kind === 'rows' ? <BulkErrorReport summary={outcome.summary} errors={outcome.errors} /> : null}
      <Dialog
        header={`Upload ${words}`}
        visible={open}
        className="bulk-dialog"
        onHide={() => {
          if (!busy) setOpen(false);
        }}
        closable={!busy}
        footer={
          <div className="form-actions">
            <Button
              type="button"
              label="Upload Data"
              loading={busy}
              aria-disabled={!file || !!fileError}
              onClick={() => void send()}
            />
            <Button
              type="button"
              label="Cancel"
              className="p-button-outlined"
              disabled={busy}
              onClick={() => setOpen(false)}
            />
          </div>
        }
      >
        <BulkFileField file={file} error={fileError} disabled={busy} onChoose={choose} />
        {stage ? (
          <div className="bulk-progress" role="status">
            <progress max={2} value={STAGES[stage].step} aria-label={STAGES[stage].text} />
            <span>{STAGES[stage].text}</span>
          </div>
        ) : null}
      </Dialog>
    </>
  );
}

export function BulkUploadPage() {
  const type = useSession()?.user.company_type ?? null;
  if (!type) return <Navigate to="/dashboard" replace />;
  const side = sideOfCompany(type);
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{side === 'Offer' ? 'Bulk Upload - Offers' : 'Bulk Upload - Asks'}</h1>
      <BulkUpload side={side} />
    </section>
  );
}
