import type { Toast as PrimeToast, ToastMessage, ToastProps } from 'primereact/toast';
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type Ref,
} from 'react';

// PrimeReact's Toast is fetched on the first message, so pages that never toast (the sign-in page until a call
// fails) do not load it or PrimeReact's core (docs/decisions.md "Web").
const Toast = lazy(() => import('primereact/toast').then((m) => ({ default: m.Toast })));

export type ToastHandle = { show: (message: ToastMessage) => void };

/** PrimeReact's Toast, loaded when `show` is first called; messages shown meanwhile wait for it. */
export function LazyToast({ ref, ...props }: Omit<ToastProps, 'ref'> & { ref: Ref<ToastHandle> }) {
  const toast = useRef<PrimeToast | null>(null);
  const waiting = useRef<ToastMessage[]>([]);
  const [wanted, setWanted] = useState(false);
  useImperativeHandle(
    ref,
    () => ({
      show(message) {
        if (toast.current) return toast.current.show(message);
        waiting.current.push(message);
        setWanted(true);
      },
    }),
    [],
  );
  const attach = useCallback((instance: PrimeToast | null) => {
    toast.current = instance;
    if (instance && waiting.current.length) instance.show(waiting.current.splice(0));
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toast ref={attach} {...props} />
    </Suspense>
  );
}

type ToastApi = {
  show: (message: ToastMessage) => void;
  success: (detail: string) => void;
  failure: (detail: string) => void;
};

const ToastContext = createContext<ToastApi | null>(null);

/** The app-wide toast: top-right, 3 s (spec §9). The login page has its own at top-centre. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const ref = useRef<ToastHandle>(null);
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
      <LazyToast ref={ref} position="top-right" />
      {children}
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs a ToastProvider');
  return api;
}
