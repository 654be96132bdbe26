/**
 * Window events of spec §4: lists reload on `taskAdded` and `refreshTasks`; `labelFilter`
 * sets the dashboard's label filter (e.g. a label clicked in a dialog).
 */
export const TASK_EVENTS = { added: 'taskAdded', refresh: 'refreshTasks', labelFilter: 'labelFilter' } as const;

export function emitTaskAdded() {
  window.dispatchEvent(new CustomEvent(TASK_EVENTS.added));
}
export function emitRefreshTasks() {
  window.dispatchEvent(new CustomEvent(TASK_EVENTS.refresh));
}
export function emitLabelFilter(label: string) {
  window.dispatchEvent(new CustomEvent<string>(TASK_EVENTS.labelFilter, { detail: label }));
}
