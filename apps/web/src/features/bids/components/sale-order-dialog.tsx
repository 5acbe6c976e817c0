// "Upload Your Document" (spec 001 §2 "Bid Detail"): the seller's sale order. A file picker, the allowed-types note,
// the chosen file's name with a remove control, Approve and Cancel. The type and size are checked here with the
// spec's messages and again by content on the server; Approve uploads the file, then attaches it (`updateBid`).
import { FILE_MESSAGES, UPLOAD_ACCEPT, UPLOAD_HINT, uploadProblem } from '@spirit/domain/files/files.constants';
import { Dialog } from 'primereact/dialog';
import { useId, useState } from 'react';
import { Button } from '../../../ui/button';
import { FileField, uploadFailureText } from '../../../ui/file-field';
import { useToast } from '../../../ui/toast';
import { useUploadSaleOrder } from '../api/update-bid';

type Props = { bidId: number; otherCompanyId: number | null; visible: boolean; onClose: () => void };

export function SaleOrderDialog({ bidId, otherCompanyId, visible, onClose }: Props) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState('');
  const upload = useUploadSaleOrder();
  const toast = useToast();

  const reset = () => {
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
    setProblem(chosen ? (uploadProblem(chosen) ?? '') : '');
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
          const text = uploadFailureText(error, FILE_MESSAGES.failed);
          setProblem(text);
          toast.failure(text);
        },
      },
    );
  };

  return (
    <Dialog header="Upload Your Document" visible={visible} onHide={close} className="bid-dialog" draggable={false}>
      <FileField
        id={id}
        label="Sale order"
        accept={UPLOAD_ACCEPT}
        hint={UPLOAD_HINT}
        icon="pi-upload"
        fileName={file?.name ?? ''}
        error={problem}
        alertError
        onChoose={choose}
        onRemove={reset}
      />
      <div className="form-actions">
        <Button label="Cancel" className="p-button-outlined" onClick={close} />
        <Button label="Approve" onClick={approve} disabled={!file || !!problem} loading={upload.isPending} />
      </div>
    </Dialog>
  );
}
