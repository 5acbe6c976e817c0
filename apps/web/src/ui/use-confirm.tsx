// A yes/no question as a promise: `if (await confirm('Are you sure…?')) …`. The page renders `dialog` once.
// PrimeReact's ConfirmDialog keeps focus inside while open and gives it back to the button that opened it.
import { ConfirmDialog } from 'primereact/confirmdialog';
import { useCallback, useState, type ReactNode } from 'react';

type Request = { message: string; header: string; resolve: (accepted: boolean) => void };

export function useConfirm(): {
  confirm: (message: string, header?: string) => Promise<boolean>;
  dialog: ReactNode;
} {
  const [request, setRequest] = useState<Request | null>(null);
  const confirm = useCallback(
    (message: string, header = 'Confirmation') =>
      new Promise<boolean>((resolve) => setRequest({ message, header, resolve })),
    [],
  );
  const dialog = (
    <ConfirmDialog
      visible={request !== null}
      message={request?.message}
      header={request?.header}
      icon="pi pi-exclamation-triangle"
      acceptLabel="Yes"
      rejectLabel="No"
      defaultFocus="reject"
      // Accept answers true; No, the close icon and Escape answer false.
      onHide={(result) => {
        request?.resolve(result === 'accept');
        setRequest(null);
      }}
    />
  );
  return { confirm, dialog };
}
