import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';

/** docs/product.md §4/§9: toasts hide after 3 seconds; at most 5 are shown. */
export const TOAST_DURATION_MS = 3000;
export const MAX_TOASTS = 5;

export interface Toast {
  id: number;
  message: string;
  kind: 'info' | 'error';
}

type ShowToast = (message: string, kind?: Toast['kind']) => void;
const ToastContext = createContext<ShowToast | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const show = useCallback<ShowToast>((message, kind = 'info') => {
    const id = nextId.current++;
    setToasts((current) => [...current, { id, message, kind }].slice(-MAX_TOASTS));
    setTimeout(() => setToasts((current) => current.filter((toast) => toast.id !== id)), TOAST_DURATION_MS);
  }, []);
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      {/* Not a list: a list item may not take the status role (axe), and each toast is its own announcement. */}
      <div className="he-toasts" aria-live="polite">
        {toasts.map((toast) => (
          <div key={toast.id} className={`he-toast${toast.kind === 'error' ? ' he-toast--error' : ''}`} role="status">
            {toast.message}
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used inside <ToastProvider>');
  return show;
}
