/**
 * The modal dialogs open now, the last on top. A modal makes the rest of the page inert and sits
 * above it in the top layer, so what must stay usable while one is open (a toast's Undo) is
 * rendered inside the top one (toast.tsx).
 */
let stack: HTMLDialogElement[] = [];
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

export function modalOpened(dialog: HTMLDialogElement) {
  stack = [...stack.filter((open) => open !== dialog), dialog];
  changed();
}

export function modalClosed(dialog: HTMLDialogElement) {
  if (!stack.includes(dialog)) return;
  stack = stack.filter((open) => open !== dialog);
  changed();
}

export const topModal = (): HTMLDialogElement | null => stack.at(-1) ?? null;

export function subscribeToModals(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
