/// <reference lib="webworker" />
/*
 * Taskaty's service worker. It makes the signed-in app installable and usable without a connection
 * (issue 23, decision 032) and shows Web Push messages (issue 22, decision 028).
 *
 * The build (vite-plugin-pwa, injectManifest) puts the list of the app's files in place of
 * self.__WB_MANIFEST. A new build is a new list, so a new worker: it installs beside the one in
 * charge and waits until the page says "reload" (web/lib/service-worker.ts), so a page never mixes
 * files of two builds.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/**
 * The signed-in app's addresses open the cached app, with or without a connection; the app reads
 * its data itself. Every other page (the landing page, sign-in, the legal pages, the links mailed
 * to an address) is the server's own rendered HTML and goes to the network as if there were no
 * worker, so their content and Lighthouse scores stay what they are.
 */
const APP_PAGES = [/^\/dashboard(?:[/?#]|$)/, /^\/shared(?:[/?#]|$)/, /^\/labels(?:[/?#]|$)/, /^\/settings(?:[/?#]|$)/];
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { allowlist: APP_PAGES }));

// "Reload" on the page (web/lib/service-worker.ts).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// The first worker takes the open pages at once (nothing older is in charge); a later one only
// when the page asks (above), and claims it then.
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/**
 * Web Push (issue 22): each message is { title, body, url, tag, snooze? } (server/push/push-messages.ts),
 * encrypted to this browser by the server and decrypted by the browser before it reaches here. A
 * reminder carries two snooze buttons and the delivery's single-use secret, which this worker
 * posts itself (it has no session; the secret is the credential).
 */
interface PushMessage {
  title?: unknown;
  body?: unknown;
  url?: unknown;
  tag?: unknown;
  snooze?: { token?: unknown; actions?: unknown };
}

const SNOOZE_CHOICES = ['10m', '1h', 'tomorrow'];
const text = (value: unknown) => (typeof value === 'string' ? value : '');

self.addEventListener('push', (event) => {
  let message: PushMessage = {};
  try {
    message = event.data ? (event.data.json() as PushMessage) : {};
  } catch {
    message = { title: event.data ? event.data.text() : '' };
  }
  // Only a path of this app is opened: a message cannot send anyone elsewhere.
  const path = text(message.url);
  const url = path.startsWith('/') && !path.startsWith('//') ? path : '/dashboard';
  const token = message.snooze ? text(message.snooze.token) : '';
  const choices =
    token && Array.isArray(message.snooze?.actions) ? (message.snooze.actions as Array<{ action?: unknown; title?: unknown }>) : [];
  const actions = choices
    .filter((choice) => SNOOZE_CHOICES.includes(text(choice?.action)))
    .map((choice) => ({ action: text(choice.action), title: text(choice.title) }));
  const tag = text(message.tag);
  event.waitUntil(
    self.registration.showNotification(text(message.title) || 'Taskaty', {
      body: text(message.body),
      tag: tag || undefined,
      // A newer message of the same task replaces the older on screen, and is still heard (a snoozed reminder again, say).
      renotify: Boolean(tag),
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      actions,
      data: { url, snoozeToken: token || null },
    } as NotificationOptions),
  );
});

/** A snooze button: the reminder comes again later; if that fails (offline, link spent), its task opens instead. */
async function snoozeFromNotification(token: string, choice: string) {
  try {
    const answer = await fetch('/api/reminder-snoozes', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, for: choice }),
    });
    return answer.ok;
  } catch {
    return false;
  }
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = (event.notification.data ?? {}) as { url?: string; snoozeToken?: string | null };
  const url = new URL(data.url || '/dashboard', self.location.origin);
  event.waitUntil(
    (async () => {
      if (SNOOZE_CHOICES.includes(event.action) && data.snoozeToken && (await snoozeFromNotification(data.snoozeToken, event.action)))
        return;
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        // The app moves there itself (no reload); see web/lib/service-worker-messages.ts.
        open.postMessage({ type: 'taskaty:open', url: url.pathname + url.search + url.hash });
        return;
      }
      await self.clients.openWindow(url.href);
    })(),
  );
});
