import { useEffect, useId, useRef, type ReactNode } from 'react';
import { renewFailedImports } from '../../lib/lazy-with-retry.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { RecoveryMessage } from './recovery.tsx';

/**
 * The message in a modal of its own, where the broken dialog was. A bare native <dialog> rather
 * than ui/dialog.tsx: this loads with the task screens, before any dialog's own code.
 */
function RecoveryDialog({ error, onRetry, onClose }: { error: unknown; onRetry(): void; onClose(): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return;
    dialog.showModal();
    // Opening focuses the first focusable element: the message's heading, which names what happened.
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={headingId}
      onCancel={(event) => {
        event.preventDefault();
        // As in ui/dialog.tsx: Escape closes this dialog only, not one it was opened from.
        event.stopPropagation();
        onClose();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md bg-transparent p-0 shadow-xl backdrop:bg-black/50"
    >
      <RecoveryMessage error={error} onRetry={onRetry} onClose={onClose} level="dialog" headingId={headingId} />
    </dialog>
  );
}

/**
 * An error boundary around a dialog: what broke in it (or its code that did not arrive) is said in
 * a dialog in its place, which closes as the broken one would have.
 */
export function RecoveryDialogBoundary({ children, onClose }: { children: ReactNode; onClose(): void }) {
  return (
    <ErrorBoundary
      onError={renewFailedImports}
      fallback={(error, reset) => <RecoveryDialog error={error} onRetry={reset} onClose={onClose} />}
    >
      {children}
    </ErrorBoundary>
  );
}
