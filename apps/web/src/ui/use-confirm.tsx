// A yes/no question as a promise: `if (await confirm('Are you sure…?')) …`. The page renders `dialog` once.
// PrimeReact's ConfirmDialog keeps focus inside while open and gives it back to the button that opened it.
// `ask` is the same question with an optional free-text answer (a rejection reason): it resolves to the text
// ('' when left empty) on Yes and to null on No, Escape or the close icon. A question may name its buttons.
import { ConfirmDialog } from 'primereact/confirmdialog';
import { useCallback, useId, useState, type ReactNode } from 'react';

/** The buttons' words: "Yes"/"No" unless the question names its action ("Reject company"/"Cancel"). */
export type ConfirmLabels = { accept: string; reject: string };
const YES_NO: ConfirmLabels = { accept: 'Yes', reject: 'No' };

type Request = {
  message: string;
  header: string;
  labels: ConfirmLabels;
  /** The label of the optional text answer; none for a plain yes/no. */
  input?: string;
  resolve: (answer: string | null) => void;
};

export function useConfirm(): {
  confirm: (message: string, header?: string, labels?: ConfirmLabels) => Promise<boolean>;
  ask: (message: string, header: string, inputLabel: string, labels?: ConfirmLabels) => Promise<string | null>;
  dialog: ReactNode;
} {
  const inputId = useId();
  const [request, setRequest] = useState<Request | null>(null);
  const [text, setText] = useState('');
  const confirm = useCallback(
    (message: string, header = 'Confirmation', labels = YES_NO) =>
      new Promise<boolean>((resolve) => setRequest({ message, header, labels, resolve: (a) => resolve(a !== null) })),
    [],
  );
  const ask = useCallback(
    (message: string, header: string, input: string, labels = YES_NO) =>
      new Promise<string | null>((resolve) => {
        setText('');
        setRequest({ message, header, input, labels, resolve });
      }),
    [],
  );
  const message = request?.input ? (
    <div className="confirm-with-input">
      <p>{request.message}</p>
      <label htmlFor={inputId}>{request.input}</label>
      <textarea
        id={inputId}
        className="p-inputtext p-component"
        rows={3}
        maxLength={1000}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
    </div>
  ) : (
    request?.message
  );
  const dialog = (
    <ConfirmDialog
      visible={request !== null}
      message={message}
      header={request?.header}
      // With a text box the icon would push the box out of line with the question and its label.
      icon={request?.input ? undefined : 'pi pi-exclamation-triangle'}
      acceptLabel={request?.labels.accept ?? YES_NO.accept}
      rejectLabel={request?.labels.reject ?? YES_NO.reject}
      defaultFocus="reject"
      // Accept answers the text (or true); No, the close icon and Escape answer null (false).
      onHide={(result) => {
        request?.resolve(result === 'accept' ? text.trim() : null);
        setRequest(null);
      }}
    />
  );
  return { confirm, ask, dialog };
}
