import { X } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { cx } from '../../lib/class-names.ts';

export interface DialogProps {
  open: boolean;
  onClose(): void;
  title: ReactNode;
  /** Extra controls in the header, before the close button. */
  headerActions?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  closeLabel: string;
  /** Accessible description id target. */
  description?: ReactNode;
  testId?: string;
}

const widths = { sm: 'sm:max-w-md', md: 'sm:max-w-2xl', lg: 'sm:max-w-3xl' };

/**
 * A modal on the native <dialog>: focus is trapped and restored, Escape closes, and it
 * sits in the top layer. On phones it is a full-height sheet (visual.md).
 */
export function Dialog({
  open,
  onClose,
  title,
  headerActions,
  children,
  footer,
  size = 'md',
  closeLabel,
  description,
  testId,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault();
        // React passes synthetic events up the component tree: Escape in a nested dialog closes only that one.
        event.stopPropagation();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself) closes it.
        if (event.target === ref.current) onClose();
      }}
      className={cx(
        'm-0 h-dvh max-h-dvh w-full max-w-none bg-transparent p-0 backdrop:bg-black/50 backdrop:backdrop-blur-[1px]',
        'sm:m-auto sm:h-fit sm:max-h-[90dvh] sm:p-4',
        widths[size],
      )}
    >
      <div className="flex h-full max-h-dvh flex-col overflow-hidden bg-surface text-fg shadow-xl sm:max-h-[calc(90dvh-2rem)] sm:rounded-card sm:border sm:border-line">
        {/* Phones: title and close on the first row, the actions on a row of their own, so a long title is not squeezed. */}
        <div className="flex flex-wrap items-start gap-x-3 gap-y-2 border-b border-line px-5 py-4">
          <h2 id={titleId} className="order-1 min-w-0 flex-1 text-lg font-semibold leading-7 break-words">
            {title}
          </h2>
          {headerActions && (
            <div className="order-3 flex basis-full flex-wrap items-center gap-1 sm:order-2 sm:basis-auto">{headerActions}</div>
          )}
          <button
            type="button"
            onClick={onClose}
            aria-label={closeLabel}
            title={closeLabel}
            className="order-2 flex h-9 w-9 shrink-0 items-center justify-center rounded-control text-muted hover:bg-surface-2 hover:text-fg sm:order-3"
          >
            <X aria-hidden className="h-5 w-5" />
          </button>
        </div>
        {description && (
          <div id={descriptionId} className="sr-only">
            {description}
          </div>
        )}
        <div className="flex-1 overflow-y-auto px-5 py-4">{children}</div>
        {footer && <div className="flex flex-wrap justify-end gap-2 border-t border-line bg-surface px-5 py-3">{footer}</div>}
      </div>
    </dialog>
  );
}
