import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.ts';
import { createAccount, createTask, isoDay, localeTexts, useSession, type Account } from './fixtures.ts';

/**
 * Issue 23, decision 032: Taskaty installs as an app, opens and shows what it last read without a
 * connection, and offers a new build instead of half-applying it. The service worker is allowed
 * here only (playwright.config.ts blocks it for the other specs).
 */
test.use({ serviceWorkers: 'allow' });

/** Waits until the app's service worker is in charge of the page (it claims the page on its first install). */
async function workerInCharge(page: Page) {
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '')).toMatch(/\/sw\.js$/);
}

/** Whether the offline copy in IndexedDB (web/lib/offline/offline-cache.ts) holds a query whose key starts so. */
function offlineCopyHas(page: Page, keyStart: unknown[]) {
  return page.evaluate(
    (start) =>
      new Promise<boolean>((resolve) => {
        const opened = indexedDB.open('taskaty-offline');
        opened.onerror = () => resolve(false);
        // Not there yet: opening it here must not create it without the app's store.
        opened.onupgradeneeded = () => opened.transaction?.abort();
        opened.onsuccess = () => {
          const database = opened.result;
          // One copy per person and build: this test's is the only one in its browser.
          if (!database.objectStoreNames.contains('cache')) return (database.close(), resolve(false));
          const read = database.transaction('cache').objectStore('cache').getAll();
          read.onerror = () => (database.close(), resolve(false));
          read.onsuccess = () => {
            database.close();
            const copies = read.result as Array<{ state?: { queries?: Array<{ queryKey: unknown[] }> } }>;
            const queries = copies.flatMap((copy) => copy.state?.queries ?? []);
            resolve(queries.some((query) => start.every((part, i) => JSON.stringify(query.queryKey[i]) === JSON.stringify(part))));
          };
        };
      }),
    keyStart,
  );
}

/** The authorization header of an account's API calls. */
const as = (account: Account) => ({ authorization: `Bearer ${account.token}` });

/** `friend` has accepted `owner`'s share of the task: it is theirs to edit too. */
async function sharedWith(request: APIRequestContext, owner: Account, friend: Account, taskId: number) {
  expect(
    (await request.post(`/api/tasks/${taskId}/share`, { headers: as(owner), data: { email_ids: [friend.user.email] } })).status(),
  ).toBe(200);
  expect((await request.post(`/api/tasks/${taskId}/accept-share`, { headers: as(friend) })).status()).toBe(200);
}

test('installable: the manifest, its shortcuts and share target, and a service worker in charge meet Chromium’s criteria', async ({
  request,
  baseURL,
}) => {
  const account = await createAccount(request, 'Phone User');
  // A browser profile of its own: Chromium offers no install in a test's throwaway (incognito) context.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'taskaty-pwa-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    baseURL,
    serviceWorkers: 'allow',
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await useSession(page, account);
    await page.goto('/dashboard');
    await workerInCharge(page);

    const cdp = await page.context().newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    const parsed = JSON.parse(manifest.data ?? '{}') as Record<string, unknown> & {
      icons: Array<{ purpose?: string }>;
      shortcuts: Array<{ name: string; url: string }>;
    };
    expect(parsed).toMatchObject({ start_url: '/dashboard', display: 'standalone', short_name: 'Taskaty' });
    expect(parsed.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
    expect(parsed.shortcuts.map((shortcut) => shortcut.name)).toEqual(['New task', 'Today']);

    // The shortcuts' addresses: "Today" opens that view, "New task" the quick add.
    await page.goto(parsed.shortcuts[1]!.url);
    await expect(page.getByRole('tab', { name: 'Today' })).toHaveAttribute('aria-selected', 'true');
    await page.goto(parsed.shortcuts[0]!.url);
    await expect(page.locator('#quick-add-input')).toBeFocused();
    // What another app shares into Taskaty lands in quick add, to be checked and saved.
    await page.goto('/dashboard?share_title=Read%20this%20article&share_url=https%3A%2F%2Fexample.com%2Fa');
    await expect(page.locator('#quick-add-input')).toHaveValue('Read this article https://example.com/a');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByTestId('task-card').filter({ hasText: 'Read this article' })).toBeVisible();
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

test('offline: the tasks and the last opened task are shown without a connection, with a quiet indicator of the last sync', async ({
  page,
  context,
  request,
}) => {
  const account = await createAccount(request, 'Offline User');
  const task = await createTask(request, account, {
    title: 'Pack for the trip',
    description: 'Passport, charger and the blue jacket',
    due_date: isoDay(1),
    priority: 'high',
    labels: ['travel'],
  });
  await createTask(request, account, { title: 'Call the landlord', due_date: isoDay(0) });
  await useSession(page, account);
  await page.goto('/dashboard');
  await workerInCharge(page);
  const cards = page.getByTestId('task-card');
  await expect(cards).toHaveCount(2);
  await cards.filter({ hasText: 'Pack for the trip' }).getByRole('button', { name: 'Pack for the trip', exact: true }).click();
  const dialog = page.getByTestId('task-detail-dialog');
  await expect(dialog).toContainText('Passport, charger and the blue jacket');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect.poll(() => offlineCopyHas(page, ['tasks', 'detail', task.id]), { timeout: 20_000 }).toBe(true);

  await context.setOffline(true);
  await page.reload();
  const texts = await localeTexts('en', 'offline');
  await expect(page.getByTestId('offline-indicator')).toContainText(texts('offlineSince', { time: '' }).trim());
  await expect(cards).toHaveCount(2);
  await expect(cards.filter({ hasText: 'Pack for the trip' })).toContainText('travel');
  await cards.filter({ hasText: 'Pack for the trip' }).getByRole('button', { name: 'Pack for the trip', exact: true }).click();
  await expect(dialog).toContainText('Passport, charger and the blue jacket');
  await page.keyboard.press('Escape');

  await context.setOffline(false);
  await expect(page.getByTestId('offline-indicator')).toBeHidden();
});

test('a new build is offered as "A new version is ready — Reload", and applied only then', async ({ page, request }) => {
  const account = await createAccount(request, 'Update User');
  await useSession(page, account);
  await page.goto('/dashboard');
  await workerInCharge(page);
  await expect(page.getByTestId('update-ready')).toBeHidden();
  const firstWorker = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL);
  expect(firstWorker).toMatch(/\/sw\.js$/);

  // A deploy, as a browser sees one: the server's service worker differs from the one in charge.
  // Only this spec's browsers run service workers, so no other test reads the file meanwhile.
  const workerFile = path.resolve('build/web/sw.js');
  const built = fs.readFileSync(workerFile, 'utf8');
  try {
    fs.writeFileSync(workerFile, `${built}\n// the next build (${Date.now()})\n`);
    await page.evaluate(async () => void (await (await navigator.serviceWorker.getRegistration())?.update()));
    const offer = page.getByTestId('update-ready');
    await expect(offer).toContainText('A new version is ready');
    // Nothing is applied until asked: the page is still run by the worker that served it.
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(true);
    const reloaded = page.waitForEvent('load');
    await offer.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await expect(page.getByTestId('task-dashboard').or(page.getByRole('heading', { level: 1 }))).toBeVisible();
    await expect(page.getByTestId('update-ready')).toBeHidden();
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(false);
  } finally {
    fs.writeFileSync(workerFile, built);
  }
});

test('offline writing: a task made, one completed and one edited offline are sent in order when back; an edit that met another change asks which to keep', async ({
  page,
  context,
  request,
}) => {
  const t = await localeTexts('en', 'tasks');
  const o = await localeTexts('en', 'offline');
  const owner = await createAccount(request, 'Olga Owner');
  const friend = await createAccount(request, 'Farid Friend', { verified: true });
  const agenda = await createTask(request, owner, { title: 'Draft the agenda', due_date: isoDay(1) });
  await sharedWith(request, owner, friend, agenda.id);
  const room = await createTask(request, owner, { title: 'Book the room', due_date: isoDay(0) });

  await useSession(page, owner);
  await page.goto('/dashboard');
  await workerInCharge(page);
  const cards = page.getByTestId('task-card');
  await expect(cards).toHaveCount(2);

  await context.setOffline(true);
  await expect(page.getByTestId('offline-indicator')).toBeVisible();

  // Made offline, by keyboard: on the list at once, marked as waiting.
  await page.getByTestId('quick-add-toggle').click();
  await page.locator('#quick-add-input').fill('Print the handouts');
  await page.keyboard.press('Enter');
  const made = cards.filter({ hasText: 'Print the handouts' });
  await expect(made.getByTestId('pending-sync')).toHaveText(t('card.waitingToSync'));

  // Completed offline.
  const roomCard = cards.filter({ hasText: 'Book the room' });
  await roomCard.getByRole('button', { name: t('card.markDone', { title: 'Book the room' }) }).click();
  await expect(roomCard).toHaveAttribute('data-completed', 'true');
  await expect(roomCard.getByTestId('pending-sync')).toBeVisible();

  // Edited offline.
  await cards.filter({ hasText: 'Draft the agenda' }).getByRole('button', { name: 'Draft the agenda', exact: true }).click();
  const detail = page.getByTestId('task-detail-dialog');
  await detail.getByTestId('detail-edit').click();
  const edit = page.getByTestId('task-form-dialog');
  await edit.getByLabel(t('form.title')).fill('Draft the agenda for Monday');
  await edit.getByRole('button', { name: t('form.update') }).click();
  await expect(edit).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();
  const agendaCard = cards.filter({ hasText: 'Draft the agenda for Monday' });
  await expect(agendaCard.getByTestId('pending-sync')).toBeVisible();
  await expect(page.getByTestId('pending-writes')).toContainText(o('waiting', { count: 3 }));

  // Meanwhile the friend renames the shared task.
  const theirs = await request.put(`/api/tasks/update/${agenda.id}`, {
    headers: as(friend),
    data: { title: 'Draft the agenda (Farid’s notes)' },
  });
  expect(theirs.status()).toBe(200);

  await context.setOffline(false);
  const choice = page.getByTestId('sync-conflict-dialog');
  await expect(choice).toBeVisible();
  await expect(choice.getByTestId('conflict-title')).toContainText('Draft the agenda for Monday');
  await expect(choice.getByTestId('conflict-title')).toContainText('Draft the agenda (Farid’s notes)');

  // The rest is saved, in order; the edit that met the friend's waits and overwrote nothing.
  const ownTasks = async () =>
    (
      (await (await request.get('/api/tasks', { headers: as(owner) })).json()) as {
        tasks: Array<{ id: number; title: string; is_completed: number }>;
      }
    ).tasks;
  await expect
    .poll(async () => (await ownTasks()).map((task) => task.title).sort())
    .toEqual(['Book the room', 'Draft the agenda (Farid’s notes)', 'Print the handouts']);
  expect((await ownTasks()).find((task) => task.id === room.id)?.is_completed).toBe(1);

  await choice.getByRole('button', { name: o('conflict.keepMine') }).click();
  await expect(choice).toBeHidden();
  await expect.poll(async () => (await ownTasks()).find((task) => task.id === agenda.id)?.title).toBe('Draft the agenda for Monday');
  await expect(page.getByTestId('pending-sync')).toHaveCount(0);
  await expect(cards.filter({ hasText: 'Draft the agenda for Monday' })).toBeVisible();
});

test('offline: a task made offline opens, takes a comment and survives a reload; one deleted before syncing is never sent; signing out asks first; back online its dialog follows it, and Keep theirs keeps theirs', async ({
  page,
  context,
  request,
}) => {
  const t = await localeTexts('en', 'tasks');
  const o = await localeTexts('en', 'offline');
  const cm = await localeTexts('en', 'comments');
  const common = await localeTexts('en', 'common');
  const owner = await createAccount(request, 'Olga Owner');
  const friend = await createAccount(request, 'Farid Friend', { verified: true });
  const budget = await createTask(request, owner, { title: 'Agree the budget' });
  await sharedWith(request, owner, friend, budget.id);
  await createTask(request, owner, { title: 'Call the venue' });

  await useSession(page, owner);
  await page.goto('/dashboard');
  await workerInCharge(page);
  const cards = page.getByTestId('task-card');
  await expect(cards).toHaveCount(2);
  await context.setOffline(true);
  await expect(page.getByTestId('offline-indicator')).toBeVisible();
  const detail = page.getByTestId('task-detail-dialog');
  const open = (title: string) => cards.filter({ hasText: title }).getByRole('button', { name: title, exact: true }).click();

  // A thread never read on this device says it loads once online, instead of pulsing for ever.
  await open('Call the venue');
  await detail.getByRole('tab', { name: t('detail.comments') }).click();
  await expect(detail.getByTestId('loads-when-online')).toHaveText(common('errors.offline'));
  await page.keyboard.press('Escape');
  // So does a view never opened here (Today is read by its date).
  await page.getByRole('tab', { name: t('views.today') }).click();
  await expect(page.getByTestId('loads-when-online')).toHaveText(common('errors.offline'));
  await page.getByRole('tab', { name: t('views.all') }).click();

  // Two tasks made offline; one is deleted before it ever reaches the server.
  await page.getByTestId('quick-add-toggle').click();
  for (const title of ['Pack the banners', 'A wrong idea']) {
    await page.locator('#quick-add-input').fill(title);
    await page.keyboard.press('Enter');
    await expect(cards.filter({ hasText: title }).getByTestId('pending-sync')).toBeVisible();
  }
  await open('A wrong idea');
  await detail.getByTestId('detail-delete').click();
  await page
    .getByTestId('confirm-dialog')
    .getByRole('button', { name: t('delete.confirm') })
    .click();
  await expect(cards.filter({ hasText: 'A wrong idea' })).toHaveCount(0);

  // The one kept opens (what needs the server says so) and takes a comment, which waits too.
  await open('Pack the banners');
  await expect(page).toHaveURL(/[?&]task=-\d+/);
  await expect(detail.getByTestId('detail-made-offline')).toHaveText(t('detail.madeOffline'));
  await expect(detail.getByTestId('detail-share')).toHaveCount(0);
  await detail.getByRole('tab', { name: t('detail.comments') }).click();
  const box = detail.getByTestId('comment-box');
  await box.getByRole('textbox', { name: cm('add.label') }).fill('Bring tape');
  await box.getByRole('button', { name: cm('add.submit'), exact: true }).click();
  await expect(detail.getByTestId('comment').filter({ hasText: 'Bring tape' }).getByTestId('comment-waiting')).toHaveText(
    cm('waitingToSync'),
  );
  await page.keyboard.press('Escape');

  // The budget edited offline.
  await open('Agree the budget');
  await detail.getByTestId('detail-edit').click();
  const edit = page.getByTestId('task-form-dialog');
  await edit.getByLabel(t('form.title')).fill('Agree the budget for Q1');
  await edit.getByRole('button', { name: t('form.update') }).click();
  await expect(edit).toBeHidden();
  await page.keyboard.press('Escape');

  // A reload without a connection loses nothing.
  await page.reload();
  await expect(cards.filter({ hasText: 'Pack the banners' }).getByTestId('pending-sync')).toBeVisible();
  await expect(cards.filter({ hasText: 'Agree the budget for Q1' }).getByTestId('pending-sync')).toBeVisible();
  await expect(page.getByTestId('pending-writes')).toContainText(o('waiting', { count: 3 }));

  // Signing out would delete what waits: asked first; staying keeps everything, focus back where it was.
  const signOut = page.getByRole('button', { name: common('nav.signOut') });
  await signOut.click();
  const ask = page.getByTestId('confirm-dialog');
  await expect(ask).toContainText(o('signOut.text', { count: 3 }));
  await ask.getByRole('button', { name: o('signOut.cancel') }).click();
  await expect(ask).toBeHidden();
  await expect(signOut).toBeFocused();

  // Meanwhile the friend renames the budget. Back online with the new task's dialog open.
  expect(
    (await request.put(`/api/tasks/update/${budget.id}`, { headers: as(friend), data: { title: 'Agree the budget (Farid)' } })).status(),
  ).toBe(200);
  await open('Pack the banners');
  await context.setOffline(false);
  const choice = page.getByTestId('sync-conflict-dialog');
  await expect(choice).toBeVisible();
  await choice.getByRole('button', { name: o('conflict.keepTheirs') }).click();
  await expect(choice).toBeHidden();

  // The open dialog followed the task to its own id; its comment is on the server.
  await expect(page).toHaveURL(/[?&]task=[1-9]\d*/);
  await expect(detail.getByTestId('detail-made-offline')).toHaveCount(0);
  await expect(detail.getByTestId('detail-share')).toBeVisible();
  const ownTasks = async () =>
    ((await (await request.get('/api/tasks', { headers: as(owner) })).json()) as { tasks: Array<{ id: number; title: string }> }).tasks;
  await expect
    .poll(async () => (await ownTasks()).map((task) => task.title).sort())
    .toEqual(['Agree the budget (Farid)', 'Call the venue', 'Pack the banners']);
  const banners = (await ownTasks()).find((task) => task.title === 'Pack the banners')!;
  await expect(page).toHaveURL(new RegExp(`[?&]task=${banners.id}(&|$)`));
  const comments = (await (await request.get(`/api/tasks/${banners.id}/comments`, { headers: as(owner) })).json()) as {
    comments: Array<{ content: string }>;
  };
  expect(comments.comments.map((comment) => comment.content)).toEqual(['Bring tape']);
  // Theirs kept: the friend's title stays, on the server and on the card.
  await page.keyboard.press('Escape');
  await expect(cards.filter({ hasText: 'Agree the budget (Farid)' })).toBeVisible();
  await expect(page.getByTestId('pending-sync')).toHaveCount(0);
});
