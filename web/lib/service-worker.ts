import { useSyncExternalStore } from 'react';

/**
 * The app's side of its service worker (web/service-worker/sw.ts, decision 032): registers it once
 * someone is signed in, and tells the screen when a new build waits to take over. The new build is
 * applied only when the person presses Reload: every open tab then reloads on it together, so no
 * page runs files of two builds. The browser's own API, a few lines: workbox-window would do the
 * same for 2 kB more of the dashboard's first load, which has a budget (decision 025).
 */

let started = false;
/** The new build's worker, installed and waiting for Reload. */
let waitingWorker: ServiceWorker | null = null;
const listeners = new Set<() => void>();

function offer(worker: ServiceWorker) {
  waitingWorker = worker;
  listeners.forEach((listener) => listener());
}

/**
 * Registers the worker; called when the signed-in app starts. Not during development (Vite's dev
 * server has no build to keep), nor where the browser has no service workers or blocks them: the
 * app works as before there, online only.
 */
export async function startServiceWorker(): Promise<void> {
  if (started || !import.meta.env.PROD || typeof navigator === 'undefined' || !navigator.serviceWorker) return;
  started = true;
  const workers = navigator.serviceWorker;
  let registration: ServiceWorkerRegistration;
  try {
    registration = await workers.register('/sw.js');
  } catch {
    // Blocked (a private window, a browser setting): the app stays online-only.
    return;
  }
  // A worker that installs while another is in charge is a new build. (The very first one takes
  // charge by itself: there is nothing to offer then.)
  const whenInstalled = (worker: ServiceWorker | null) => {
    if (!worker) return;
    const check = () => {
      if (worker.state === 'installed' && workers.controller) offer(worker);
    };
    worker.addEventListener('statechange', check);
    check();
  };
  if (registration.waiting && workers.controller) offer(registration.waiting);
  registration.addEventListener('updatefound', () => whenInstalled(registration.installing));
  // Once the new build is in charge (Reload pressed here or in another tab), every tab reloads on it.
  workers.addEventListener('controllerchange', () => {
    if (waitingWorker) window.location.reload();
  });
  // An installed app stays open for days: it asks for a new build whenever it comes back to the screen.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void registration.update().catch(() => undefined);
  });
}

/** Reload on the new build: the waiting worker takes charge, and the tabs reload when it has (above). */
export function reloadOnNewVersion() {
  if (!waitingWorker) return window.location.reload();
  waitingWorker.postMessage({ type: 'SKIP_WAITING' });
}

/** Whether a new build waits for "Reload". */
export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => waitingWorker !== null,
    () => false,
  );
}
