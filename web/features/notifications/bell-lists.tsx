/**
 * What the bell's dropdown shows, in one chunk loaded when it first opens: the spec's pending
 * shares and, below them, the notification centre (issue 22). One chunk, not two, so what the two
 * lists share is not split into chunks of its own that the dashboard's first load would then fetch.
 */
export { default as PendingShareList } from './pending-share-list.tsx';
export { default as NotificationList } from './notification-list.tsx';
