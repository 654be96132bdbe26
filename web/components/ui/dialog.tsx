import { X } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { cx } from '../../lib/class-names.ts';
import { modalClosed, modalOpened } from './modal-stack.ts';

export interface DialogProps {
  open: boolean;
  onClose(): void;
  title: ReactNode;
  /** Extra controls in the header, before the close button. */
  headerActions?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** Larger screens: centred, or at a fixed distance from the top for a dialog whose height changes (tabs). */
  placement?: 'center' | 'top';
  closeLabel: string;
  /** Accessible description id target. */
  description?: ReactNode;
  testId?: string;
  /**
   * Where focus goes when it closes, asked at that moment; nothing (or an element gone) means what
   * opened it. For a dialog whose confirmation removes its opener, which may still be on screen
   * as it closes.
   */
  returnFocusTo?: () => HTMLElement | null | undefined;
}

const widths = { sm: 'sm:max-w-md', md: 'sm:max-w-2xl', lg: 'sm:max-w-3xl' };

const FIELDS = 'input:not([type=hidden]):not([disabled]), textarea:not([disabled]), select:not([disabled])';
const FOCUSABLE = `${FIELDS}, button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])`;

/**
 * Where a dialog's focus starts: the element marked `data-autofocus`, else the selected tab of a
 * tabbed dialog, else its first field, else the first control of its content, else its first
 * footer button (Cancel, in a confirmation), else its title (content still loading).
 */
function initialFocusTarget(body: HTMLElement, footer: HTMLElement | null, title: HTMLElement | null): HTMLElement | null {
  return (
    body.querySelector<HTMLElement>('[data-autofocus]') ??
    body.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]') ??
    body.querySelector<HTMLElement>(FIELDS) ??
    body.querySelector<HTMLElement>(FOCUSABLE) ??
    footer?.querySelector<HTMLElement>(FOCUSABLE) ??
    title
  );
}

/**
 * A modal on the native <dialog>: focus starts on what the dialog is for, is trapped, and
 * returns to what opened it; Escape closes, and it sits in the top layer. On phones it is a
 * full-height sheet (visual.md).
 */
export function Dialog({
  open,
  onClose,
  title,
  headerActions,
  children,
  footer,
  size = 'md',
  placement = 'center',
  closeLabel,
  description,
  testId,
  returnFocusTo,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocusRef = useRef(returnFocusTo);
  returnFocusRef.current = returnFocusTo;
  const titleId = useId();
  const descriptionId = useId();

  const body = useRef<HTMLDivElement>(null);
  const footerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog || !body.current) return;
    // What opened the dialog gets focus back when it closes (it is unmounted then, which the
    // native dialog does not restore from).
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const outer = opener?.closest('dialog') ?? null;
    if (!dialog.open) dialog.showModal();
    modalOpened(dialog);
    // The native dialog focuses its first control, the close button: typing would go nowhere and
    // a space would close it. Focus goes to what the dialog is for instead.
    initialFocusTarget(body.current, footerRef.current, document.getElementById(titleId))?.focus();
    return () => {
      modalClosed(dialog);
      // What opened it may be gone (a deleted task's card, a section of an outer dialog that went
      // with the change confirmed here): the outer dialog's title then, else the page's main content,
      // unless focus has found a place already (an outer dialog closing with this one restored its own).
      const chosen = returnFocusRef.current?.();
      if (chosen?.isConnected) chosen.focus();
      else if (opener?.isConnected) opener.focus();
      else if (!document.activeElement || document.activeElement === document.body) {
        const outerTitle = outer?.isConnected ? document.getElementById(outer.getAttribute('aria-labelledby') ?? '') : null;
        (outerTitle ?? document.getElementById('main'))?.focus({ preventScroll: true });
      }
    };
  }, [open, titleId]);

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
        placement === 'top' ? 'sm:mx-auto sm:mt-[6dvh] sm:mb-auto' : 'sm:m-auto',
        'sm:h-fit sm:max-h-[90dvh] sm:p-4',
        widths[size],
      )}
    >
      {/* Phones: a full-height sheet, its title and buttons clear of the status bar and the home indicator when installed. */}
      <div className="flex h-full max-h-dvh flex-col overflow-hidden bg-surface pt-[env(safe-area-inset-top)] pb-[env(safe-area-inset-bottom)] text-fg shadow-xl sm:max-h-[calc(90dvh-2rem)] sm:rounded-card sm:border sm:border-line sm:pt-0 sm:pb-0">
        {/* Phones: title and close on the first row, the actions on a row of their own, so a long title is not squeezed. */}
        <div className="flex flex-wrap items-start gap-x-3 gap-y-2 border-b border-line px-5 py-4">
          <h2 id={titleId} tabIndex={-1} className="order-1 min-w-0 flex-1 text-lg font-semibold leading-7 break-words focus:outline-none">
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
            className="tap-target order-2 flex h-9 w-9 shrink-0 items-center justify-center rounded-control text-muted hover:bg-surface-2 hover:text-fg sm:order-3"
          >
            <X aria-hidden className="h-5 w-5" />
          </button>
        </div>
        {description && (
          <div id={descriptionId} className="sr-only">
            {description}
          </div>
        )}
        <div ref={body} className="flex-1 overflow-y-auto px-5 py-4">
          {children}
        </div>
        {footer && (
          <div ref={footerRef} className="flex flex-wrap justify-end gap-2 border-t border-line bg-surface px-5 py-3">
            {footer}
          </div>
        )}
      </div>
    </dialog>
  );
}
