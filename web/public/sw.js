/*
 * Taskaty's service worker (issue 22): shows Web Push messages and opens their page when one is
 * clicked. Each message is { title, body, url, tag } (server/push/push-messages.ts), encrypted to
 * this browser by the server and decrypted by the browser before it reaches here. The installable,
 * offline app (issue 23) adds its caching to this worker.
 */
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { title: event.data ? event.data.text() : '' };
  }
  const text = (value) => (typeof value === 'string' ? value : '');
  // Only a path of this app is opened: a message cannot send anyone elsewhere.
  const url = text(message.url).startsWith('/') && !text(message.url).startsWith('//') ? message.url : '/dashboard';
  event.waitUntil(
    self.registration.showNotification(text(message.title) || 'Taskaty', {
      body: text(message.body),
      tag: text(message.tag) || undefined,
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || '/dashboard', self.location.origin);
  event.waitUntil(
    (async () => {
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
