import type { i18n as I18n } from 'i18next';
import type { useToast } from '../components/ui/toast.tsx';
import { offerUndo, UNDO_WINDOW_MS, type UndoHandle } from './undo.ts';

/**
 * Offers `run` as the undo of a change just made (Ctrl/Cmd+Z reaches it at once) and says
 * `message()` in a toast with Undo for as long as it can be undone. Undo's words are the keyboard's
 * namespace, loaded with the first toast that offers it, not with the dashboard; `message` is
 * asked for after that, so it may use them too; `detail()` is a quieter second line.
 */
export function offerUndoInToast(
  toast: ReturnType<typeof useToast>,
  i18n: I18n,
  message: () => string,
  run: () => void,
  detail?: () => string,
): UndoHandle {
  const handle = offerUndo(run);
  void i18n.loadNamespaces('shortcuts').then(() => {
    if (!handle.active()) return;
    const id = toast.show(message(), {
      detail: detail?.(),
      action: { label: i18n.t('shortcuts:undo.action'), onAction: () => handle.undo() },
      durationMs: UNDO_WINDOW_MS,
    });
    handle.onSpent(() => toast.dismiss(id));
  });
  return handle;
}
