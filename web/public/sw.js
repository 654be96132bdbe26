/*
 * Taskaty's service worker (issue 22): shows Web Push messages and opens their page when one is
 * clicked. Each message is { title, body, url, tag, snooze? } (server/push/push-messages.ts),
 * encrypted to this browser by the server and decrypted by the browser before it reaches here. A
 * reminder carries two snooze buttons and the delivery's single-use secret, which this worker
 * posts itself (it has no session; the secret is the credential). The installable, offline app
 * (issue 23) adds its caching to this worker.
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
  const snooze = message.snooze && typeof message.snooze.token === 'string' ? message.snooze : null;
  const actions =
    snooze && Array.isArray(snooze.actions)
      ? snooze.actions
          .filter((choice) => SNOOZE_CHOICES.includes(choice && choice.action))
          .map((choice) => ({ action: choice.action, title: text(choice.title) }))
      : [];
  event.waitUntil(
    self.registration.showNotification(text(message.title) || 'Taskaty', {
      body: text(message.body),
      tag: text(message.tag) || undefined,
      // A newer message of the same task replaces the older on screen, and is still heard (a snoozed reminder again, say).
      renotify: Boolean(text(message.tag)),
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      actions,
      data: { url, snoozeToken: snooze ? snooze.token : null },
    }),
  );
});

const SNOOZE_CHOICES = ['10m', '1h', 'tomorrow'];

/** A snooze button: the reminder comes again later; if that fails (offline, link spent), its task opens instead. */
async function snoozeFromNotification(token, choice) {
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
  const data = event.notification.data || {};
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
