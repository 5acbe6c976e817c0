// A yes/no question as a promise: `if (await confirm('Are you sure…?')) …`. The page renders `dialog` once.
// PrimeReact's ConfirmDialog keeps focus inside while open and gives it back to the button that opened it.
// `ask` is the same question with an optional free-text answer (a rejection reason): it resolves to the text
// ('' when left empty) on Yes and to null on No, Escape or the close icon.
import { ConfirmDialog } from 'primereact/confirmdialog';
import { useCallback, useId, useState, type ReactNode } from 'react';

type Request = {
  message: string;
  header: string;
  /** The label of the optional text answer; none for a plain yes/no. */
  input?: string;
  resolve: (answer: string | null) => void;
};

export function useConfirm(): {
  confirm: (message: string, header?: string) => Promise<boolean>;
  ask: (message: string, header: string, inputLabel: string) => Promise<string | null>;
  dialog: ReactNode;
} {
  const inputId = useId();
  const [request, setRequest] = useState<Request | null>(null);
  const [text, setText] = useState('');
  const confirm = useCallback(
    (message: string, header = 'Confirmation') =>
      new Promise<boolean>((resolve) => setRequest({ message, header, resolve: (a) => resolve(a !== null) })),
    [],
  );
  const ask = useCallback(
    (message: string, header: string, input: string) =>
      new Promise<string | null>((resolve) => {
        setText('');
        setRequest({ message, header, input, resolve });
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
      icon="pi pi-exclamation-triangle"
      acceptLabel="Yes"
      rejectLabel="No"
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
