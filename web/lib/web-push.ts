import { PushSubscribeResponse, type PushSubscriptionInput } from '../../common/schemas/push.schema.ts';
import { apiRequest } from './api-client.ts';

/**
 * Web Push in this browser (issue 22): whether it can be had, turning it on, and this browser's
 * subscription. The service worker that shows the messages is /sw.js (web/service-worker/sw.ts); the
 * server keeps each browser's subscription (POST /api/push/subscriptions).
 */

/** Where the worker lives; its scope is the whole app. */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * 'unsupported': no service worker, Push API or notifications here (an insecure page, an old
 * browser, Safari on iPhone outside an app added to the Home Screen); 'denied': the person blocked
 * notifications for this site, which only the browser's site settings can undo; else 'supported'.
 */
export type PushSupport = 'supported' | 'unsupported' | 'denied';

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined' || typeof navigator === 'undefined') return 'unsupported';
  if (!('serviceWorker' in navigator) || !navigator.serviceWorker || !('PushManager' in window) || !('Notification' in window))
    return 'unsupported';
  return window.Notification.permission === 'denied' ? 'denied' : 'supported';
}

/** Notifications were not allowed when asked: `permission` says whether blocked or only dismissed. */
export class PushPermissionError extends Error {
  readonly permission: NotificationPermission;
  constructor(permission: NotificationPermission) {
    super(permission === 'denied' ? 'Notifications are blocked in this browser.' : 'Notifications were not allowed.');
    this.name = 'PushPermissionError';
    this.permission = permission;
  }
}

/** This browser has no Push API, or its subscription came back without the keys messages are encrypted with. */
export class PushUnavailableError extends Error {
  constructor(message = 'Push notifications are not available in this browser.') {
    super(message);
    this.name = 'PushUnavailableError';
  }
}

/** The bytes of a base64url text (the VAPID public key), padding optional. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameBytes(a: ArrayBuffer | ArrayBufferView | null | undefined, b: Uint8Array): boolean {
  if (!a) return false;
  const view = a instanceof ArrayBuffer ? new Uint8Array(a) : new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
  return view.length === b.length && view.every((byte, i) => byte === b[i]);
}

/**
 * Asks to show notifications, registers the worker and subscribes this browser with the server's
 * VAPID key (base64url): a subscription it already has with that key is reused, one made with
 * another key (the server's changed) is dropped first. The subscription as the server takes it.
 */
export async function enablePushInThisBrowser(publicKey: string): Promise<PushSubscriptionInput> {
  if (pushSupport() === 'unsupported') throw new PushUnavailableError();
  const permission = await window.Notification.requestPermission();
  if (permission !== 'granted') throw new PushPermissionError(permission);

  await navigator.serviceWorker.register(SERVICE_WORKER_URL);
  const registration = await navigator.serviceWorker.ready;
  const key = base64UrlToBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });

  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new PushUnavailableError('The browser gave a push subscription without its keys.');
  return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}

/**
 * This browser's push subscription as the server takes it, or null; it never asks for permission
 * or registers the worker (for renewing a subscription on sign-in, lib/push-renewal.ts).
 */
export async function existingPushSubscription(): Promise<PushSubscriptionInput | null> {
  if (pushSupport() !== 'supported' || window.Notification.permission !== 'granted') return null;
  // The registration whose scope holds this page (the worker's scope is the whole app).
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  const { endpoint, keys } = subscription?.toJSON() ?? {};
  return endpoint && keys?.p256dh && keys.auth ? { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } } : null;
}

/**
 * Saves this browser's push subscription for the current sign-in (lib/push-renewal.ts): its row
 * on the server, or null when this browser has none to save.
 */
export async function saveExistingPushSubscription(): Promise<number | null> {
  const subscription = await existingPushSubscription();
  if (!subscription) return null;
  const saved = await apiRequest('/api/push/subscriptions', { method: 'POST', body: subscription, schema: PushSubscribeResponse });
  return saved.id;
}
