import { lazy, Suspense, type ComponentProps } from 'react';
import type * as Bundle from './task-dialogs-bundle.ts';

/**
 * The task dialogs, loaded when first opened, or earlier when the pointer or focus moves onto a
 * task screen (preloadTaskDialogs), so the first open rarely waits. Each renders nothing while
 * closed, so nothing is fetched for a screen that only shows the list.
 */
let loading: Promise<typeof Bundle> | undefined;
const load = () => (loading ??= import('./task-dialogs-bundle.ts'));

export function preloadTaskDialogs() {
  void load().catch(() => {
    loading = undefined; // offline for a moment: the next intent or open tries again
  });
}

const Detail = lazy(() => load().then((bundle) => ({ default: bundle.TaskDetailDialog })));
const Form = lazy(() => load().then((bundle) => ({ default: bundle.TaskFormDialog })));
const Share = lazy(() => load().then((bundle) => ({ default: bundle.ShareDialog })));
const Delete = lazy(() => load().then((bundle) => ({ default: bundle.DeleteTaskDialog })));
const Comments = lazy(() => load().then((bundle) => ({ default: bundle.CommentsPanel })));
const SharedWith = lazy(() => load().then((bundle) => ({ default: bundle.SharedWithPanel })));

export function TaskDetailDialog(props: ComponentProps<typeof Bundle.TaskDetailDialog>) {
  if (props.taskId === null) return null;
  return (
    <Suspense fallback={null}>
      <Detail {...props} />
    </Suspense>
  );
}

export function TaskFormDialog(props: ComponentProps<typeof Bundle.TaskFormDialog>) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <Form {...props} />
    </Suspense>
  );
}

export function ShareDialog(props: ComponentProps<typeof Bundle.ShareDialog>) {
  if (props.task === null) return null;
  return (
    <Suspense fallback={null}>
      <Share {...props} />
    </Suspense>
  );
}

export function DeleteTaskDialog(props: ComponentProps<typeof Bundle.DeleteTaskDialog>) {
  if (props.task === null) return null;
  return (
    <Suspense fallback={null}>
      <Delete {...props} />
    </Suspense>
  );
}

/** Inside the detail dialog, whose chunk is already loaded, so these show at once. */
export function CommentsPanel(props: ComponentProps<typeof Bundle.CommentsPanel>) {
  return (
    <Suspense fallback={null}>
      <Comments {...props} />
    </Suspense>
  );
}

export function SharedWithPanel(props: ComponentProps<typeof Bundle.SharedWithPanel>) {
  return (
    <Suspense fallback={null}>
      <SharedWith {...props} />
    </Suspense>
  );
}
