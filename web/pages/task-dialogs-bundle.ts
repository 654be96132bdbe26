/**
 * Everything the task screens show only on demand (the dialogs and the detail dialog's panels),
 * as one chunk loaded by lazy-task-dialogs.tsx: the dashboard paints without it.
 */
export { CommentsPanel } from '../features/comments/comments-panel.tsx';
export { ShareDialog } from '../features/sharing/share-dialog.tsx';
export { SharedWithPanel } from '../features/sharing/shared-with-panel.tsx';
export { DeleteTaskDialog } from '../features/tasks/delete-task-dialog.tsx';
export { TaskDetailDialog } from '../features/tasks/task-detail-dialog.tsx';
export { TaskFormDialog } from '../features/tasks/task-form-dialog.tsx';
