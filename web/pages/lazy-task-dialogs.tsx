import { lazy, Suspense, type ComponentProps, type ComponentType } from 'react';
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

/** A part of the bundle, fetched on first render and rendered only while `isOpen`. */
function onDemand<P extends object>(pick: (bundle: typeof Bundle) => ComponentType<P>, isOpen: (props: P) => boolean = () => true) {
  const Part = lazy(() => load().then((bundle) => ({ default: pick(bundle) })));
  return function OnDemand(props: P) {
    if (!isOpen(props)) return null;
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  };
}

export const TaskDetailDialog = onDemand<ComponentProps<typeof Bundle.TaskDetailDialog>>(
  (bundle) => bundle.TaskDetailDialog,
  (props) => props.taskId !== null,
);
export const TaskFormDialog = onDemand<ComponentProps<typeof Bundle.TaskFormDialog>>(
  (bundle) => bundle.TaskFormDialog,
  (props) => props.open,
);
export const ShareDialog = onDemand<ComponentProps<typeof Bundle.ShareDialog>>(
  (bundle) => bundle.ShareDialog,
  (props) => props.task !== null,
);
export const DeleteTaskDialog = onDemand<ComponentProps<typeof Bundle.DeleteTaskDialog>>(
  (bundle) => bundle.DeleteTaskDialog,
  (props) => props.task !== null,
);
/** Inside the detail dialog, whose chunk is already loaded, so these show at once. */
export const CommentsPanel = onDemand<ComponentProps<typeof Bundle.CommentsPanel>>((bundle) => bundle.CommentsPanel);
export const SharedWithPanel = onDemand<ComponentProps<typeof Bundle.SharedWithPanel>>((bundle) => bundle.SharedWithPanel);
