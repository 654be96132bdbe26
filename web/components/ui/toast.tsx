import { CheckCircle2, XCircle } from 'lucide-react';
import {
  createContext,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { TIMINGS } from '../../../common/constants.ts';
import { cx } from '../../lib/class-names.ts';
import { subscribeToModals, topModal } from './modal-stack.ts';

/** A button in the toast (Undo): pressing it does the action and closes the toast. */
export interface ToastAction {
  label: string;
  onAction(): void;
}

export interface ToastOptions {
  tone?: 'success' | 'error';
  action?: ToastAction | undefined;
  /** How long it shows; the spec's success time unless said. */
  durationMs?: number;
  /** A second, quieter line under the message (where a reschedule moved the task). */
  detail?: string | undefined;
}

interface Toast {
  id: number;
  message: string;
  detail?: string | undefined;
  tone: 'success' | 'error';
  action?: ToastAction | undefined;
}
interface ToastContextValue {
  /** Shows a toast; its id closes it early (`dismiss`). */
  show(message: string, options?: Toast['tone'] | ToastOptions): number;
  dismiss(id: number): void;
}

const ToastContext = createContext<ToastContextValue>({ show: () => 0, dismiss: () => {} });

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((current) => current.filter((toast) => toast.id !== id)), []);
  const show = useCallback(
    (message: string, options: Toast['tone'] | ToastOptions = 'success') => {
      const {
        tone = 'success',
        action,
        detail,
        durationMs = TIMINGS.successBannerMs,
      } = typeof options === 'string' ? { tone: options } : options;
      const id = nextId.current++;
      setToasts((current) => [...current.slice(-2), { id, message, detail, tone, action }]);
      setTimeout(() => dismiss(id), durationMs);
      return id;
    },
    [dismiss],
  );
  const value = useMemo(() => ({ show, dismiss }), [show, dismiss]);
  // A modal dialog makes the page behind it inert and covers it: while one is open, toasts show in it
  // (its Undo can be pressed). The page's region stays, so what it announces is never a region just made.
  const modal = useSyncExternalStore(subscribeToModals, topModal, () => null);
  const region = (shown: Toast[]) => (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-[calc(var(--dock-space)+1rem)] z-[60] flex flex-col items-center gap-2 px-4"
    >
      {shown.map((toast) => (
        <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
      ))}
    </div>
  );
  return (
    <ToastContext.Provider value={value}>
      {children}
      {region(modal ? [] : toasts)}
      {modal && createPortal(region(toasts), modal)}
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss(id: number): void }) {
  const ref = useRef<HTMLDivElement>(null);
  // Where focus was before it came to the toast's button: it goes back there when the toast goes.
  const cameFrom = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    return () => {
      if (!element?.contains(document.activeElement)) return;
      const back = cameFrom.current?.isConnected ? cameFrom.current : document.getElementById('main');
      back?.focus({ preventScroll: true });
    };
  }, []);
  return (
    <div
      ref={ref}
      role={toast.tone === 'error' ? 'alert' : 'status'}
      onFocus={(event) => {
        if (!ref.current?.contains(event.relatedTarget as Node | null)) cameFrom.current = event.relatedTarget as HTMLElement | null;
      }}
      className={cx(
        'pointer-events-auto flex items-center gap-2 rounded-control px-4 py-2.5 text-sm font-medium shadow-lg',
        toast.action && 'pe-2',
        toast.tone === 'success' ? 'bg-fg text-bg' : 'bg-danger text-danger-fg',
      )}
    >
      {toast.tone === 'success' ? (
        <CheckCircle2 aria-hidden className="h-4 w-4 shrink-0" />
      ) : (
        <XCircle aria-hidden className="h-4 w-4 shrink-0" />
      )}
      {toast.detail ? (
        // The message keeps an element of its own: the spec's words are found as they are.
        <span className="flex min-w-0 flex-col">
          <span>{toast.message}</span>
          <span className="font-normal opacity-80">{toast.detail}</span>
        </span>
      ) : (
        toast.message
      )}
      {toast.action && (
        <button
          type="button"
          onClick={() => {
            toast.action?.onAction();
            onDismiss(toast.id);
          }}
          className="ms-2 rounded-control px-2.5 py-1 font-semibold underline underline-offset-2 hover:bg-bg/15"
        >
          {toast.action.label}
        </button>
      )}
    </div>
  );
}

export const useToast = () => useContext(ToastContext);
