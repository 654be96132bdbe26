import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { PushBrowser } from '../../../common/schemas/push.schema.ts';
import { ToastProvider } from '../../components/ui/toast.tsx';
import common from '../../i18n/locales/en/common.json';
import settings from '../../i18n/locales/en/settings.json';
import { enablePushInThisBrowser, existingPushSubscription } from '../../lib/web-push.ts';
import { renderWithProviders } from '../../test-render.tsx';
import { PushBrowsers } from './push-browsers.tsx';

const p = settings.notifications.push;
const fetchMock = vi.fn<typeof fetch>();
const requests = (method: string) => fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method);

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
/** The server's VAPID public key: an uncompressed P-256 point is 65 bytes starting with 4. */
const KEY_BYTES = Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : (i * 7) % 256));
const PUBLIC_KEY = base64url(KEY_BYTES);
const SUBSCRIPTION = {
  endpoint: 'https://push.example.com/send/abc123',
  keys: { p256dh: base64url(Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : i))), auth: base64url(new Uint8Array(16).fill(9)) },
};

const CHROME: PushBrowser = {
  id: 7,
  browser: 'Chrome',
  os: 'Windows',
  created_at: '2026-03-02T10:00:00.000Z',
  last_used_at: new Date(Date.now() - 5 * 60_000).toISOString(),
};
const NAMELESS: PushBrowser = { id: 9, browser: null, os: null, created_at: '2026-03-05T10:00:00.000Z', last_used_at: null };
const LINUX_ONLY: PushBrowser = { id: 10, browser: null, os: 'Linux', created_at: '2026-03-05T12:00:00.000Z', last_used_at: null };
const FIREFOX: PushBrowser = { id: 12, browser: 'Firefox', os: 'Android', created_at: '2026-03-06T10:00:00.000Z', last_used_at: null };

/** The API as a test gives it: the list, the key, and POST/DELETE answering with the list after. */
function serve(options: { list?: PushBrowser[]; post?: () => Response; remove?: (id: number) => Response } = {}) {
  let list = options.list ?? [];
  const {
    post = () => {
      list = [...list, FIREFOX];
      return Response.json({ message: 'Push notifications enabled in this browser', subscriptions: list, id: FIREFOX.id }, { status: 201 });
    },
    remove = (id: number) => {
      list = list.filter((browser) => browser.id !== id);
      return Response.json({ message: 'Push notifications removed from that browser', subscriptions: list });
    },
  } = options;
  fetchMock.mockImplementation(async (url, init) => {
    const method = init?.method ?? 'GET';
    const path = String(url);
    if (path === '/api/push/public-key') return Response.json({ public_key: PUBLIC_KEY });
    if (path === '/api/push/subscriptions' && method === 'POST') return post();
    if (path === '/api/push/subscriptions') return Response.json({ subscriptions: list });
    const removed = /^\/api\/push\/subscriptions\/(\d+)$/.exec(path);
    if (removed && method === 'DELETE') return remove(Number(removed[1]));
    return Response.json({ message: 'Not found' }, { status: 404 });
  });
}

type Permission = NotificationPermission;

/**
 * The browser's own APIs (Notification, the service worker container, PushManager) as a test
 * browser that has them: asking for permission answers `answer`; the worker's registration holds
 * `existing` as its subscription, and subscribing makes SUBSCRIPTION.
 */
function stubBrowserPush(
  options: { permission?: Permission; answer?: Permission; existing?: FakeSubscription | null; registered?: boolean } = {},
) {
  const { answer = 'granted', existing = null, registered = true } = options;
  const notification = {
    permission: options.permission ?? 'default',
    requestPermission: vi.fn(async () => {
      notification.permission = answer;
      return answer;
    }),
  };
  const pushManager = {
    getSubscription: vi.fn(async () => existing),
    subscribe: vi.fn(async (_options: PushSubscriptionOptionsInit) => fakeSubscription(SUBSCRIPTION.endpoint, KEY_BYTES)),
  };
  const registration = { pushManager };
  const serviceWorker = {
    register: vi.fn(async (_url: string) => registration),
    ready: Promise.resolve(registration),
    getRegistration: vi.fn(async () => (registered ? registration : undefined)),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: serviceWorker });
  return { notification, pushManager, serviceWorker };
}

type FakeSubscription = ReturnType<typeof fakeSubscription>;
function fakeSubscription(endpoint: string, key: Uint8Array) {
  return {
    endpoint,
    options: { applicationServerKey: key.slice().buffer, userVisibleOnly: true },
    unsubscribe: vi.fn(async () => true),
    toJSON: () => ({ endpoint, expirationTime: null, keys: SUBSCRIPTION.keys }),
  };
}

async function renderBrowsers() {
  const u = await renderWithProviders(
    <ToastProvider>
      <PushBrowsers />
    </ToastProvider>,
    { common, settings },
  );
  await waitFor(() => expect(screen.queryByText(p.loading)).toBeNull());
  return u;
}

/** Text as read, without the isolates that keep browser names in place in a right-to-left line. */
const plain = (element: HTMLElement | undefined) => element?.textContent?.replace(/[\u2068\u2069]/g, '');
const enableButton = () => screen.getByRole('button', { name: p.enable });
const rows = () => screen.getAllByTestId('push-browser-row');

describe('push in this browser', () => {
  beforeEach(() => {
    localStorage.setItem('taskaty_token', 'test-token');
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  });

  test('lists the browsers: name and system (or "Unknown browser"), since when, last used, a Remove button naming each', async () => {
    serve({ list: [CHROME, NAMELESS, LINUX_ONLY] });
    await renderBrowsers();
    const list = screen.getByRole('list', { name: p.listTitle });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);

    const [chrome, nameless, linux] = rows();
    expect(plain(within(chrome!).getByTestId('push-browser-name'))).toBe('Chrome on Windows');
    expect(chrome).toHaveTextContent('Enabled on Mar 2, 2026');
    expect(chrome).toHaveTextContent('Last used 5 minutes ago');
    expect(within(nameless!).getByTestId('push-browser-name')).toHaveTextContent('Unknown browser');
    expect(nameless).toHaveTextContent(p.neverUsed);

    expect(within(chrome!).getByRole('button', { name: 'Remove push from Chrome on Windows' })).toBeEnabled();
    expect(within(nameless!).getByRole('button', { name: 'Remove push from an unknown browser' })).toBeEnabled();
    expect(plain(within(linux!).getByTestId('push-browser-name'))).toBe('A browser on Linux');
    expect(within(linux!).getByRole('button', { name: 'Remove push from a browser on Linux' })).toBeEnabled();
  });

  test('no browser yet: an empty state', async () => {
    serve();
    await renderBrowsers();
    expect(screen.getByTestId('push-browsers-empty')).toHaveTextContent(p.empty);
    expect(screen.queryByRole('list')).toBeNull();
  });

  test('Remove sends DELETE, the list is the answer, and focus moves to the next row’s Remove button', async () => {
    serve({ list: [CHROME, NAMELESS] });
    const u = await renderBrowsers();
    const remove = within(rows()[0]!).getByTestId('push-browser-remove');
    await u.click(remove);

    expect(await screen.findByText(`Push removed from \u2068Chrome\u2069 on \u2068Windows\u2069.`)).toBeInTheDocument();
    expect(requests('DELETE').map(([url]) => String(url))).toEqual(['/api/push/subscriptions/7']);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('Unknown browser');
    await waitFor(() => expect(within(rows()[0]!).getByTestId('push-browser-remove')).toHaveFocus());
  });

  test('removing the last browser leaves the empty state and puts focus on the enable button', async () => {
    stubBrowserPush();
    serve({ list: [CHROME] });
    const u = await renderBrowsers();
    await u.click(screen.getByTestId('push-browser-remove'));
    expect(await screen.findByTestId('push-browsers-empty')).toBeInTheDocument();
    await waitFor(() => expect(enableButton()).toHaveFocus());
  });

  test('a Remove that fails says so with the browser’s name, and the row stays', async () => {
    serve({ list: [LINUX_ONLY], remove: () => new Response('', { status: 500 }) });
    const u = await renderBrowsers();
    await u.click(screen.getByTestId('push-browser-remove'));
    expect(plain(await screen.findByRole('alert'))).toBe('Failed to remove push from a browser on Linux.');
    expect(rows()).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('push-browser-remove')).toHaveFocus());
  });

  test('a browser without push gets a quiet note and no button', async () => {
    serve({ list: [CHROME] });
    await renderBrowsers();
    expect(screen.getByTestId('push-unsupported')).toHaveTextContent(p.unsupported);
    expect(screen.queryByRole('button', { name: p.enable })).toBeNull();
    // The other browsers can still be removed from here.
    expect(screen.getByTestId('push-browser-remove')).toBeEnabled();
  });

  test('notifications blocked for the site: how to allow them, and no button', async () => {
    stubBrowserPush({ permission: 'denied' });
    serve();
    await renderBrowsers();
    expect(screen.getByTestId('push-denied')).toHaveTextContent(p.denied);
    expect(screen.queryByRole('button', { name: p.enable })).toBeNull();
  });

  test('Enable asks for permission, subscribes with the server’s key and posts the subscription; the list is the answer', async () => {
    const browser = stubBrowserPush();
    serve({ list: [CHROME] });
    const u = await renderBrowsers();
    await u.click(enableButton());

    expect(await screen.findByText(p.enabled)).toBeInTheDocument();
    expect(browser.notification.requestPermission).toHaveBeenCalledOnce();
    expect(browser.serviceWorker.register).toHaveBeenCalledWith('/sw.js');
    expect(browser.pushManager.subscribe).toHaveBeenCalledOnce();
    const options = browser.pushManager.subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    expect([...(options.applicationServerKey as Uint8Array)]).toEqual([...KEY_BYTES]);

    const posts = requests('POST');
    expect(posts.map(([url]) => String(url))).toEqual(['/api/push/subscriptions']);
    expect(JSON.parse(String(posts[0]![1]!.body))).toEqual(SUBSCRIPTION);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(plain(within(rows()[1]!).getByTestId('push-browser-name'))).toBe('Firefox on Android');
    await waitFor(() => expect(enableButton()).toHaveFocus());
  });

  test('permission dismissed: nothing is posted, and it can be asked again', async () => {
    stubBrowserPush({ answer: 'default' });
    serve();
    const u = await renderBrowsers();
    await u.click(enableButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(p.notAllowed);
    expect(requests('POST')).toHaveLength(0);
    expect(enableButton()).toBeEnabled();
  });

  test('permission blocked when asked: the note on allowing it takes the button’s place and focus', async () => {
    stubBrowserPush({ answer: 'denied' });
    serve();
    const u = await renderBrowsers();
    await u.click(enableButton());
    await waitFor(() => expect(screen.getByTestId('push-denied')).toHaveFocus());
    expect(screen.queryByRole('button', { name: p.enable })).toBeNull();
    expect(requests('POST')).toHaveLength(0);
  });

  test('a browser that fails to subscribe: "Failed to … Please try again."', async () => {
    const browser = stubBrowserPush();
    browser.pushManager.subscribe.mockRejectedValue(new DOMException('Registration failed - push service error', 'AbortError'));
    serve();
    const u = await renderBrowsers();
    await u.click(enableButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(`${p.enableFailed} Please try again.`);
    expect(requests('POST')).toHaveLength(0);
  });

  test('the server’s refusal is said as the server words it', async () => {
    stubBrowserPush();
    const refusal = 'Push can be enabled in at most 20 browsers. Remove one first.';
    serve({ post: () => Response.json({ message: refusal, errors: {} }, { status: 422 }) });
    const u = await renderBrowsers();
    await u.click(enableButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
  });
});

describe('web-push', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  });

  test('a subscription made with the same key is reused', async () => {
    const existing = fakeSubscription('https://push.example.com/send/kept', KEY_BYTES);
    const browser = stubBrowserPush({ existing });
    expect(await enablePushInThisBrowser(PUBLIC_KEY)).toEqual({ endpoint: 'https://push.example.com/send/kept', keys: SUBSCRIPTION.keys });
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(existing.unsubscribe).not.toHaveBeenCalled();
  });

  test('one made with another key is dropped first', async () => {
    const existing = fakeSubscription('https://push.example.com/send/old', new Uint8Array(65).fill(1));
    const browser = stubBrowserPush({ existing });
    expect(await enablePushInThisBrowser(PUBLIC_KEY)).toEqual(SUBSCRIPTION);
    expect(existing.unsubscribe).toHaveBeenCalledOnce();
    expect(browser.pushManager.subscribe).toHaveBeenCalledOnce();
  });

  test('this browser’s subscription once allowed, or null without permission or a registration (never asking or registering)', async () => {
    const existing = fakeSubscription('https://push.example.com/send/here', KEY_BYTES);
    const browser = stubBrowserPush({ existing, permission: 'granted' });
    expect(await existingPushSubscription()).toEqual({ endpoint: 'https://push.example.com/send/here', keys: SUBSCRIPTION.keys });

    const notAllowed = stubBrowserPush({ existing });
    expect(await existingPushSubscription()).toBeNull();
    expect(notAllowed.notification.requestPermission).not.toHaveBeenCalled();

    const none = stubBrowserPush({ registered: false, permission: 'granted' });
    expect(await existingPushSubscription()).toBeNull();
    expect(none.serviceWorker.register).not.toHaveBeenCalled();
    expect(browser.serviceWorker.register).not.toHaveBeenCalled();
  });

  test('no service worker: unsupported, and no subscription', async () => {
    expect(await existingPushSubscription()).toBeNull();
    await expect(enablePushInThisBrowser(PUBLIC_KEY)).rejects.toThrow('not available');
  });
});
