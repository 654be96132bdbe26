import { useSyncExternalStore } from 'react';
import type { Workbox } from 'workbox-window';

/**
 * The app's side of its service worker (web/service-worker/sw.ts, decision 032): registers it once
 * someone is signed in, and tells the screen when a new build waits to take over. The new build is
 * applied only when the person presses Reload: every open tab then reloads on it together, so no
 * page runs files of two builds.
 */

let workbox: Workbox | undefined;
let started = false;
let updateWaiting = false;
const listeners = new Set<() => void>();

const emit = () => listeners.forEach((listener) => listener());

/** How often an app left open (an installed one stays open for days) asks whether there is a new build. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

const checkForUpdate = () => void workbox?.update().catch(() => undefined);

/**
 * Registers the worker; called when the signed-in app starts. Not during development (Vite's dev
 * server has no build to keep), nor where the browser has no service workers or blocks them: the
 * app works as before there, online only.
 */
export async function startServiceWorker(): Promise<void> {
  if (started || !import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  started = true;
  // Its own chunk, loaded after the app has painted: the dashboard's first load does not carry it.
  const { Workbox } = await import('workbox-window');
  workbox = new Workbox('/sw.js');
  // A new worker installed beside the one in charge (also one found waiting when this page opened).
  workbox.addEventListener('waiting', () => {
    updateWaiting = true;
    emit();
  });
  try {
    await workbox.register();
  } catch {
    // Blocked (a private window, a browser setting): the app stays online-only.
    return;
  }
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') checkForUpdate();
  });
  setInterval(checkForUpdate, UPDATE_CHECK_MS);
}

/** Reload on the new build: the waiting worker takes charge, and every tab reloads when it has. */
export function reloadOnNewVersion() {
  if (!workbox) return window.location.reload();
  workbox.addEventListener('controlling', () => window.location.reload());
  workbox.messageSkipWaiting();
}

/** Whether a new build waits for "Reload". */
export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => updateWaiting,
    () => false,
  );
}
