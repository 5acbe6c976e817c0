// The sheet picker of the upload dialog (the shared file field) and the spec's type and size messages.
import { BULK_ACCEPT, BULK_MAX_BYTES, LISTING_MESSAGES } from '@spirit/domain/listings/listings.constants';
import { FileField } from '../../../ui/file-field';

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
  return (
    <FileField
      id="bulk-file"
      label="Spreadsheet"
      required
      accept={BULK_ACCEPT}
      hint="Allowed file types: .csv, .xls, .xlsx. Max size: 5MB."
      icon="pi-file-excel"
      fileName={file?.name ?? ''}
      error={error}
      disabled={disabled}
      onChoose={(chosen) => onChoose(chosen ?? null)}
      onRemove={() => onChoose(null)}
    />
  );
}
