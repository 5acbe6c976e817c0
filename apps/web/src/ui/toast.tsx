import { Toast, type ToastMessage } from 'primereact/toast';
import { createContext, useCallback, useContext, useMemo, useRef, type ReactNode } from 'react';

type ToastApi = {
  show: (message: ToastMessage) => void;
  success: (detail: string) => void;
  failure: (detail: string) => void;
};

const ToastContext = createContext<ToastApi | null>(null);

/** The app-wide toast: top-right, 3 s (spec §9). The login page has its own at top-centre. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const ref = useRef<Toast>(null);
  const show = useCallback((message: ToastMessage) => ref.current?.show({ life: 3000, ...message }), []);
  const api = useMemo<ToastApi>(
    () => ({
      show,
      success: (detail) => show({ severity: 'success', summary: 'Success', detail }),
      failure: (detail) => show({ severity: 'error', summary: 'Failure', detail }),
    }),
    [show],
  );
  return (
    <ToastContext.Provider value={api}>
      <Toast ref={ref} position="top-right" />
      {children}
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs a ToastProvider');
  return api;
}
