// 'Upload PAN Card': checks type and size in the browser with the spec's messages, uploads at once and hands the
// stored file's URL to the form (the registration's `license`). The server checks the content again.
import { FILE_MESSAGES, UPLOAD_ACCEPT, UPLOAD_HINT, uploadProblem } from '@spirit/domain/files/files.constants';
import { useRef, useState } from 'react';
import { FileField, uploadFailureText } from '../../../ui/file-field';
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

export function PanCardUpload({ id, label, onChange, formError, required, initialFileName }: Props) {
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
    const problem = uploadProblem(file);
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
      setFileError(uploadFailureText(error, FILE_MESSAGES.failed));
    } finally {
      if (current === attempt.current) setUploading(false);
    }
  };

  const remove = () => {
    attempt.current++;
    setFileName('');
    setFileError('');
    setUploading(false);
    onChange('');
  };

  const error = fileError || (uploading || fileName ? '' : (formError ?? ''));
  return (
    <FileField
      id={id}
      label={label}
      required={required}
      accept={UPLOAD_ACCEPT}
      hint={UPLOAD_HINT}
      icon="pi-upload"
      fileName={fileName}
      error={error}
      busy={uploading}
      onChoose={(file) => void choose(file)}
      onRemove={remove}
    />
  );
}
