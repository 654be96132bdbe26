import { createElement, lazy, type ComponentProps, type ComponentType } from 'react';

/**
 * How each browser words a code chunk that did not arrive: the connection dropped, or a deploy
 * replaced the chunk names the open page still asks for. Vite words its stylesheet preload.
 */
const CHUNK_LOAD_ERRORS = [
  'Failed to fetch dynamically imported module', // Chromium
  'Importing a module script failed', // Safari
  'error loading dynamically imported module', // Firefox
  'Unable to preload CSS', // Vite
];

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_LOAD_ERRORS.some((words) => error.message.includes(words));
}

/** A dynamic import asked a second time when its chunk did not arrive: a dropped request often gets through at once. */
function importWithRetry<T>(load: () => Promise<T>): Promise<T> {
  return load().catch((error: unknown) => {
    if (!isChunkLoadError(error)) throw error;
    return load();
  });
}

/** The lazy components whose import failed, each with the means to start afresh. */
const failed = new Set<() => void>();

/**
 * React's lazy(), whose import is tried again once by itself. lazy() keeps a rejected import for
 * good, so a "Try again" of the error boundary around it would only meet the same error: once a
 * boundary has shown the failure, renewFailedImports() gives each failed one a new lazy(), which
 * imports again when next rendered (Try again, the dialog opened again, another address).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as React's own lazy(): any component, its props kept by ComponentProps<T>
export function lazyWithRetry<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): ComponentType<ComponentProps<T>> {
  const fresh = () =>
    lazy(() =>
      importWithRetry(load).catch((error: unknown) => {
        failed.add(renew);
        throw error;
      }),
    );
  let current = fresh();
  const renew = () => {
    current = fresh();
  };
  return function LazyWithRetry(props: ComponentProps<T>) {
    return createElement(current, props);
  };
}

/**
 * For an error boundary's onError: only after the failure is shown, never while React still
 * renders (a new lazy() there would start another import at once, again and again).
 */
export function renewFailedImports() {
  for (const renew of failed) renew();
  failed.clear();
}
