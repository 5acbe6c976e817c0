// "Rejection Comment" (spec 001 §2): a comment, then Cancel or Save. A rejection needs a comment (the contract's
// `bidActionSchema` refuses one without).
import { BID_MESSAGES } from '@spirit/domain/bids/bids.constants';
import { Dialog } from 'primereact/dialog';
import { useId, useState } from 'react';
import { Button } from '../../../ui/button';
import { FormField, inputClass } from '../../../ui/form-field';

type Props = { visible: boolean; busy?: boolean; onCancel: () => void; onSave: (comment: string) => void };

export function RejectionCommentDialog({ visible, busy = false, onCancel, onSave }: Props) {
  const id = useId();
  const [comment, setComment] = useState('');
  const [error, setError] = useState('');
  const close = () => {
    setComment('');
    setError('');
    onCancel();
  };
  const save = () => {
    const text = comment.trim();
    if (!text) {
      setError(BID_MESSAGES.commentRequired);
      return;
    }
    setComment('');
    onSave(text);
  };
  return (
    <Dialog header="Rejection Comment" visible={visible} onHide={close} className="bid-dialog" draggable={false}>
      <FormField id={`${id}-comment`} label="Comment" required error={error || undefined}>
        {(a11y) => (
          <textarea
            {...a11y}
            className={inputClass(!!error)}
            rows={4}
            maxLength={1000}
            value={comment}
            onChange={(event) => {
              setComment(event.target.value);
              setError('');
            }}
          />
        )}
      </FormField>
      <div className="form-actions">
        <Button label="Cancel" className="p-button-outlined" onClick={close} disabled={busy} />
        <Button label="Save" loading={busy} onClick={save} />
      </div>
    </Dialog>
  );
}
