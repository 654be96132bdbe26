import { Suspense, type ComponentProps, type ComponentType } from 'react';
import { RecoveryBoundary } from '../components/ui/recovery.tsx';
import { RecoveryDialogBoundary } from '../components/ui/recovery-dialog.tsx';
import { lazyWithRetry } from '../lib/lazy-with-retry.ts';
import type * as Bundle from './task-dialogs-bundle.ts';

/**
 * The task dialogs, loaded when first opened, or earlier when the pointer or focus moves onto a
 * task screen (preloadTaskDialogs), so the first open rarely waits. Each renders nothing while
 * closed, so nothing is fetched for a screen that only shows the list.
 */
let loading: Promise<typeof Bundle> | undefined;
function load(): Promise<typeof Bundle> {
  loading ??= import('./task-dialogs-bundle.ts').catch((error: unknown) => {
    loading = undefined; // offline for a moment: the next intent or open tries again
    throw error;
  });
  return loading;
}

export function preloadTaskDialogs() {
  if (!loading) load().catch(() => undefined);
}

/** A part of the bundle, fetched on first render (the import tried again once by itself). */
const part = <P extends object>(pick: (bundle: typeof Bundle) => ComponentType<P>) =>
  lazyWithRetry(() => load().then((bundle) => ({ default: pick(bundle) })));

/**
 * A dialog of the bundle, rendered only while `isOpen`. What breaks in it, its code that did not
 * arrive after a deploy included, is said in a dialog in its place that closes as it would.
 */
function dialogOnDemand<P extends { onClose(): void }>(pick: (bundle: typeof Bundle) => ComponentType<P>, isOpen: (props: P) => boolean) {
  const Part = part(pick);
  return function OnDemand(props: P) {
    if (!isOpen(props)) return null;
    return (
      <RecoveryDialogBoundary onClose={props.onClose}>
        <Suspense fallback={null}>
          <Part {...props} />
        </Suspense>
      </RecoveryDialogBoundary>
    );
  };
}

/** A panel of the detail dialog: what breaks in it is said in its place, and the dialog stays usable. */
function panelOnDemand<P extends object>(pick: (bundle: typeof Bundle) => ComponentType<P>) {
  const Part = part(pick);
  return function OnDemand(props: P) {
    return (
      <RecoveryBoundary level="section">
        <Suspense fallback={null}>
          <Part {...props} />
        </Suspense>
      </RecoveryBoundary>
    );
  };
}

export const TaskDetailDialog = dialogOnDemand<ComponentProps<typeof Bundle.TaskDetailDialog>>(
  (bundle) => bundle.TaskDetailDialog,
  (props) => props.taskId !== null,
);
export const TaskFormDialog = dialogOnDemand<ComponentProps<typeof Bundle.TaskFormDialog>>(
  (bundle) => bundle.TaskFormDialog,
  (props) => props.open,
);
export const ShareDialog = dialogOnDemand<ComponentProps<typeof Bundle.ShareDialog>>(
  (bundle) => bundle.ShareDialog,
  (props) => props.task !== null,
);
export const DeleteTaskDialog = dialogOnDemand<ComponentProps<typeof Bundle.DeleteTaskDialog>>(
  (bundle) => bundle.DeleteTaskDialog,
  (props) => props.task !== null,
);
/** Inside the detail dialog, whose chunk is already loaded, so these show at once. */
export const CommentsPanel = panelOnDemand<ComponentProps<typeof Bundle.CommentsPanel>>((bundle) => bundle.CommentsPanel);
export const SharedWithPanel = panelOnDemand<ComponentProps<typeof Bundle.SharedWithPanel>>((bundle) => bundle.SharedWithPanel);
