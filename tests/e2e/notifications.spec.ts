import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  createAccount,
  createTask,
  expectNoSeriousA11yViolations,
  localeTexts,
  setLanguage,
  setTheme,
  useSession,
  type Account,
} from './fixtures.ts';
import { waitForMailedLink } from './mailbox.ts';
import { startPushReceiver } from '../support/push-receiver.ts';

/**
 * Issue 22, the notification centre: below the spec's pending shares in the bell, what happened on
 * the user's tasks (a comment, a reply, an invitation answered), unread marked on the bell apart
 * from the spec's badge, each opening its task, read one by one or all at once, live.
 */

const api = (request: APIRequestContext, account: Account) => ({
  post: (url: string, data?: unknown) =>
    request.post(url, { headers: { authorization: `Bearer ${account.token}` }, ...(data === undefined ? {} : { data }) }),
});

/** An owner's task shared with a friend who accepted it (the owner is told of that). */
async function sharedTask(request: APIRequestContext, title: string) {
  const owner = await createAccount(request, 'Olga Owner');
  const friend = await createAccount(request, 'Farid Friend', { verified: true });
  const task = await createTask(request, owner, { title });
  expect((await api(request, owner).post(`/api/tasks/${task.id}/share`, { email_ids: [friend.user.email] })).status()).toBe(200);
  expect((await api(request, friend).post(`/api/tasks/${task.id}/accept-share`)).status()).toBe(200);
  return { owner, friend, task };
}

const comment = async (request: APIRequestContext, account: Account, taskId: number, content: string) =>
  expect(
    (await api(request, account).post('/api/tasks/comments/add', { task_id: String(taskId), content, parent_id: null })).status(),
  ).toBe(201);

const withoutIsolates = (text: string | null) => (text ?? '').replace(/[\u2068\u2069]/g, '');

async function openBell(page: Page) {
  await page.getByTestId('notification-bell').getByRole('button').first().click();
  return page.getByTestId('notifications');
}

for (const language of ['en', 'ar']) {
  test(`(${language}) a comment and an accepted invitation reach the owner's bell live; one opens its task, all are read at once`, async ({
    page,
    request,
  }) => {
    const n = await localeTexts(language, 'notifications');
    const s = await localeTexts(language, 'sharing');
    const { owner, friend, task } = await sharedTask(request, 'Plan the offsite');
    await setLanguage(page, language);
    await useSession(page, owner);
    await page.goto('/dashboard');
    const bell = page.getByTestId('notification-bell').getByRole('button').first();
    // The accepted invitation is there on arrival: a mark of its own, the spec's badge untouched (no pending shares).
    await expect(page.getByTestId('bell-unread')).toBeVisible();
    await expect(page.getByTestId('bell-badge')).toHaveCount(0);
    await expect(bell).toHaveAccessibleDescription(s('bell.unread', { count: 1 }));

    // A comment made elsewhere arrives while the page is open (the live stream).
    await comment(request, friend, task.id, 'I will call the venue');
    await expect(bell).toHaveAccessibleDescription(s('bell.unread', { count: 2 }));

    const centre = await openBell(page);
    await expect(centre.getByTestId('notifications-unread-count')).toHaveText(n('unreadCount', { count: 2 }));
    const items = centre.getByTestId('notification');
    await expect(items).toHaveCount(2);
    expect(withoutIsolates(await items.nth(0).textContent())).toContain(
      n('kinds.comment', { name: 'Farid Friend', title: 'Plan the offsite' }),
    );
    await expect(items.nth(0)).toContainText('I will call the venue');
    expect(withoutIsolates(await items.nth(1).textContent())).toContain(
      n('kinds.share_accepted', { name: 'Farid Friend', title: 'Plan the offsite' }),
    );

    // Opening one opens its task and marks it read.
    await items.nth(0).getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`[?&]task=${task.id}`));
    await expect(page.getByTestId('task-detail-dialog')).toContainText('Plan the offsite');
    await expect(bell).toHaveAccessibleDescription(s('bell.unread', { count: 1 }));
    await page.keyboard.press('Escape');

    // The rest, all at once, by keyboard; the mark goes.
    await openBell(page);
    const markAll = page.getByRole('button', { name: n('markAllRead') });
    await markAll.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('bell-unread')).toHaveCount(0);
    await expect(page.getByTestId('notification').first()).not.toHaveAttribute('data-unread', 'true');
    // Read ones can be marked unread again.
    await page
      .getByTestId('notification')
      .first()
      .getByRole('button', { name: n('markUnread') })
      .click();
    await expect(page.getByTestId('bell-unread')).toBeVisible();
  });
}

for (const language of ['en', 'ar']) {
  for (const theme of ['light', 'dark'] as const) {
    test(`the open bell with notifications is axe clean (${language}, ${theme}) and fits a 390 px phone`, async ({ page, request }) => {
      const { owner, friend, task } = await sharedTask(request, 'Plan the offsite');
      await comment(request, friend, task.id, 'مرحبا، هل نحتاج إلى قاعة أكبر؟');
      await page.setViewportSize({ width: 390, height: 844 });
      await setLanguage(page, language);
      await setTheme(page, theme);
      await useSession(page, owner);
      await page.goto('/dashboard');
      const centre = await openBell(page);
      await expect(centre.getByTestId('notification')).toHaveCount(2);
      await expectNoSeriousA11yViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });
  }
}

for (const language of ['en', 'ar']) {
  test(`(${language}) a reminder set in the task's dialog by keyboard is listed in the person's words and zone; one due in a moment arrives in the bell and by e-mail`, async ({
    page,
    request,
  }) => {
    const r = await localeTexts(language, 'reminders');
    const n = await localeTexts(language, 'notifications');
    const owner = await createAccount(request, 'Rita Reminded', { verified: true });
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const task = await createTask(request, owner, { title: 'Call the bank', due_date: tomorrow, due_time: '09:00' });
    await setLanguage(page, language);
    await useSession(page, owner);
    await page.goto(`/dashboard?task=${task.id}`);
    const section = page.getByTestId('detail-reminders');
    await expect(section.getByRole('heading', { name: r('title') })).toBeVisible();

    // By keyboard: the list of offsets, "15 minutes before".
    const choice = section.getByTestId('reminder-choice');
    await choice.focus();
    await choice.selectOption({ label: r('minutesBefore', { count: 15 }) });
    // Choosing only picks (arrow keys on a closed list change it): the button adds, and focus comes back.
    await expect(section.getByTestId('reminder-add')).toBeVisible();
    await expect(section.getByTestId('reminder')).toHaveCount(0);
    await page.keyboard.press('Tab');
    await expect(section.getByTestId('reminder-add')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(section.getByTestId('reminder')).toHaveCount(1);
    await expect(choice).toBeFocused();
    await expect(section.getByTestId('reminder')).toContainText(r('minutesBefore', { count: 15 }));
    const listed = await request.get(`/api/tasks/${task.id}/reminders`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect((await listed.json()).reminders).toEqual([expect.objectContaining({ offset_minutes: 15, state: 'pending' })]);

    // Removed with its button (by keyboard); focus goes back to the list of offsets, not to the page.
    await section.getByRole('button', { name: new RegExp(r('remove')) }).focus();
    await page.keyboard.press('Enter');
    await expect(section.getByTestId('reminder')).toHaveCount(0);
    await expect(choice).toBeFocused();

    // One due in two seconds (through the API: the picker's minutes are the browser's own control).
    const soon = await request.post(`/api/tasks/${task.id}/reminders`, {
      headers: { authorization: `Bearer ${owner.token}` },
      data: { remind_at: new Date(Date.now() + 2_000).toISOString() },
    });
    expect(soon.status()).toBe(201);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('bell-unread')).toBeVisible({ timeout: 15_000 });
    const centre = await openBell(page);
    expect(withoutIsolates(await centre.getByTestId('notification').first().textContent())).toContain(
      n('kinds.reminder', { title: 'Call the bank' }),
    );
    // "Remind me again in 10 minutes", from the notification: it is read, and a reminder waits 10 minutes ahead.
    await centre
      .getByTestId('snooze')
      .getByRole('button', { name: n('snooze.10m') })
      .click();
    await expect(page.getByRole('status').filter({ hasText: n('snooze.done') })).toBeVisible();
    await expect(page.getByTestId('bell-unread')).toHaveCount(0);
    // Its buttons are gone with the snooze: focus is on the reminder, not lost to the page.
    await expect(centre.getByTestId('notification').first().getByRole('link')).toBeFocused();
    const after = await request.get(`/api/tasks/${task.id}/reminders`, { headers: { authorization: `Bearer ${owner.token}` } });
    const pending = ((await after.json()).reminders as Array<{ fire_at: string; state: string }>).filter((x) => x.state === 'pending');
    expect(pending).toHaveLength(1);
    expect(Date.parse(pending[0]!.fire_at) - Date.now()).toBeGreaterThan(8 * 60_000);
    // The e-mail links to the task (to its address, `/dashboard?task=…`).
    const { mail } = await waitForMailedLink(owner.user.email, '/dashboard');
    expect(mail.subject).toContain('Call the bank');
    expect(mail.text).toContain(`/dashboard?task=${task.id}`);

    // Its "Remind me again" links snooze it where it is read, signed in or not: opening one changes
    // nothing; its choice is preselected, and pressing it snoozes once.
    const { link } = await waitForMailedLink(owner.user.email, '/snooze');
    expect(new URL(link).searchParams.get('for')).toBe('10m');
    // Another browser, not signed in: a phone's mail app, say.
    const elsewhere = await page
      .context()
      .browser()!
      .newContext({ baseURL: new URL(link).origin });
    const visitor = await elsewhere.newPage();
    await setLanguage(visitor, language);
    await visitor.goto(link);
    await expect(visitor.getByRole('heading', { name: n('snoozePage.title') })).toBeVisible();
    // The secret leaves the address bar at once.
    await expect.poll(() => new URL(visitor.url()).searchParams.has('token')).toBe(false);
    const choices = visitor.getByTestId('snooze-choices');
    await expect(choices.getByRole('button', { name: n('snooze.10m') })).toBeFocused();
    await expectNoSeriousA11yViolations(visitor);
    await visitor.keyboard.press('Enter');
    await expect(visitor.getByRole('heading', { name: n('snooze.done') })).toBeVisible();
    await expect(visitor.getByTestId('snooze-open-task')).toHaveAttribute('href', `/dashboard?task=${task.id}`);
    // The pressed button went with the outcome: focus is on what comes next, not lost to the page.
    await expect(visitor.getByTestId('snooze-open-task')).toBeFocused();
    // Spent: the same link again says so, in the person's words.
    await visitor.goto(link);
    await visitor
      .getByTestId('snooze-choices')
      .getByRole('button', { name: n('snooze.1h') })
      .click();
    const serverTexts = JSON.parse(readFileSync(new URL(`../../web/i18n/locales/${language}/server.json`, import.meta.url), 'utf8'));
    await expect(visitor.getByRole('alert')).toContainText(serverTexts['This snooze link was already used or has expired.']);
    // Nothing left to press: the page points to the bell instead.
    await expect(visitor.getByTestId('snooze-choices')).toHaveCount(0);
    await expect(visitor.getByRole('link', { name: n('snoozePage.toDashboard') })).toBeFocused();
    await expect(visitor.getByText(n('snoozePage.dead'))).toBeVisible();
    await elsewhere.close();
  });
}

test('Settings → Notifications: choices are kept, a new task with a time gets the default reminder, and a test notification is mailed', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, 'Selma Settings', { verified: true });
  await useSession(page, account);
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Notifications' });
  const saved = () => page.waitForResponse((r) => r.url().endsWith('/api/user/notification-settings') && r.request().method() === 'PUT');

  // Comments by e-mail, ticked by keyboard; quiet hours and the digest switched on; a default reminder chosen.
  const commentsByMail = section.getByRole('checkbox', { name: 'Comments and replies by e-mail' });
  await expect(commentsByMail).not.toBeChecked();
  await commentsByMail.focus();
  let answer = saved();
  await page.keyboard.press('Space');
  expect((await answer).status()).toBe(200);
  answer = saved();
  await section.getByRole('switch', { name: 'Quiet hours' }).check();
  expect((await answer).status()).toBe(200);
  answer = saved();
  await section.getByRole('switch', { name: 'Daily digest' }).check();
  expect((await answer).status()).toBe(200);
  answer = saved();
  await section.getByLabel('Default reminder for new tasks').selectOption({ label: '30 minutes before' });
  expect((await answer).status()).toBe(200);

  // All of it is there after a reload, as the server keeps it.
  await page.reload();
  await expect(commentsByMail).toBeChecked();
  await expect(section.getByRole('checkbox', { name: 'Reminders by e-mail' })).toBeChecked();
  await expect(section.getByRole('switch', { name: 'Quiet hours' })).toBeChecked();
  await expect(section.getByRole('switch', { name: 'Daily digest' })).toBeChecked();
  await expect(section.getByLabel('Default reminder for new tasks')).toHaveValue('30');
  const stored = await request.get('/api/user/notification-settings', { headers: { authorization: `Bearer ${account.token}` } });
  expect((await stored.json()).settings).toMatchObject({
    channels: { comment: { in_app: true, email: true } },
    quiet_hours: { start: expect.stringMatching(/^\d\d:\d\d$/), end: expect.stringMatching(/^\d\d:\d\d$/) },
    digest_time: expect.stringMatching(/^\d\d:\d\d$/),
    default_reminder_minutes: 30,
  });

  // The test notification reaches the mailbox (a loopback SMTP server), and says so.
  await section.getByRole('button', { name: 'Send a test notification' }).click();
  await expect(page.getByText('Test notification sent by e-mail.')).toBeVisible();
  await waitForMailedLink(account.user.email, '/settings');

  // A task given a time gets the reminder, shown in its dialog.
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const task = await createTask(request, account, { title: 'Dentist', due_date: tomorrow, due_time: '10:00' });
  await page.goto(`/dashboard?task=${task.id}`);
  await expect(page.getByTestId('detail-reminders').getByTestId('reminder')).toHaveText(/30 minutes before/);
});

for (const [language, theme] of [
  ['en', 'light'],
  ['ar', 'dark'],
] as const) {
  test(`(${language}, ${theme}) "@" in a comment offers the task's people by keyboard; the one mentioned hears of it in the bell and by e-mail`, async ({
    page,
    request,
  }) => {
    const c = await localeTexts(language, 'comments');
    const tasks = await localeTexts(language, 'tasks');
    const { owner, friend, task } = await sharedTask(request, 'Budget review');
    await setLanguage(page, language);
    await setTheme(page, theme);
    await useSession(page, owner);
    await page.goto(`/dashboard?task=${task.id}`);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('tab', { name: tasks('detail.comments') }).click();
    const box = dialog.getByRole('textbox', { name: c('add.label') });
    await box.click();
    await page.keyboard.type('Please check @far');
    const list = page.getByTestId('mention-suggestions');
    await expect(list.getByRole('option')).toHaveCount(1);
    await expect(list.getByRole('option', { name: 'Farid Friend', exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', /.+/);
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Enter');
    await expect(list).toBeHidden();
    await expect(box).toHaveValue('Please check @Farid Friend ');
    await page.keyboard.type('today');
    const sent = page.waitForResponse((r) => r.url().endsWith('/api/tasks/comments/add'));
    await page.keyboard.press('Control+Enter');
    expect((await sent).request().postDataJSON()).toMatchObject({
      content: 'Please check @Farid Friend today',
      mentions: [friend.user.id],
    });
    await expect(dialog.getByTestId('comment-mention')).toHaveText('@Farid Friend');

    // Escape closes the list and leaves the text as typed; the dialog stays open.
    await box.click();
    await page.keyboard.type('@');
    await expect(list.getByRole('option')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(dialog).toBeVisible();
    await expect(box).toHaveValue('@');

    // The friend hears of it as a mention, in the bell and by mail.
    const notifications = await request.get('/api/notifications', { headers: { authorization: `Bearer ${friend.token}` } });
    expect((await notifications.json()).notifications[0]).toMatchObject({ kind: 'mention', excerpt: 'Please check @Farid Friend today' });
    const { mail } = await waitForMailedLink(friend.user.email, '/dashboard');
    expect(mail.subject).toBe('Olga Owner mentioned you on “Budget review”');
  });
}

test.describe('push', () => {
  // Browser tests block service workers (playwright.config.ts); push is delivered through one.
  test.use({ serviceWorkers: 'allow' });
  test('push: allowed in this browser, listed, a test notification is delivered encrypted to it, and the service worker shows a push message', async ({
    page,
    context,
    request,
  }) => {
    const receiver = await startPushReceiver();
    try {
      const browser = receiver.browser();
      // Chromium subscribes through its vendor's push service (FCM), which no test here can reach: the
      // browser's PushManager answers as that service would, with the subscription of a push service on
      // loopback (tests/support/push-receiver.ts), which decrypts what the server sends to it.
      await page.addInitScript(
        (subscription) => {
          let current: PushSubscription | null = null;
          PushManager.prototype.getSubscription = async () => current;
          PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
            current = {
              endpoint: subscription.endpoint,
              expirationTime: null,
              options: { applicationServerKey: options?.applicationServerKey ?? null, userVisibleOnly: true },
              toJSON: () => ({ endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys }),
              unsubscribe: async () => ((current = null), true),
              getKey: () => null,
            } as unknown as PushSubscription;
            return current;
          };
        },
        { endpoint: browser.endpoint, keys: browser.keys },
      );
      const account = await createAccount(request, 'Petra Push');
      await context.grantPermissions(['notifications']);
      await useSession(page, account);
      await page.goto('/settings');
      const block = page.getByTestId('push-browsers');
      await expect(block.getByTestId('push-browsers-empty')).toBeVisible();
      // Allowing push waits for the service worker, whose first install keeps the app's files
      // (decision 032, about 2 MB): on a busy machine that alone can take longer than an assertion.
      await page.evaluate(async () => void (await navigator.serviceWorker.ready));
      await block.getByTestId('push-enable').click();
      await expect(block.getByTestId('push-browser-row')).toHaveCount(1);
      await expect(block.getByTestId('push-browser-name')).toContainText('Chrom');
      await expect(block.getByTestId('push-this-browser')).toHaveText('This browser');

      // The test notification: no proven address, so push alone carries it.
      await page.getByRole('button', { name: 'Send a test notification' }).click();
      await expect(page.getByText('Test notification sent as a push notification.')).toBeVisible();
      await expect.poll(() => browser.received.length).toBe(1);
      expect(browser.received[0]!.payload).toEqual({
        title: 'Taskaty: test notification',
        body: 'This is a test. Taskaty’s notifications reach you in this browser.',
        url: '/settings#notifications',
        tag: 'test',
      });
      expect(receiver.errors).toEqual([]);

      // The service worker shows what a push service delivers to it.
      const cdp = await context.newCDPSession(page);
      const registration = new Promise<string>((resolve) =>
        cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
          const ours = registrations.find((entry) => entry.scopeURL.endsWith('/') && !entry.isDeleted);
          if (ours) resolve(ours.registrationId);
        }),
      );
      await cdp.send('ServiceWorker.enable');
      const origin = new URL(page.url()).origin;
      const registrationId = await registration;
      // Once the worker is active; a message delivered while it was still starting can be dropped, so
      // it is delivered again until shown (the same tag replaces, so it is never shown twice).
      await page.evaluate(async () => void (await navigator.serviceWorker.ready));
      await expect(async () => {
        await cdp.send('ServiceWorker.deliverPushMessage', {
          origin,
          registrationId,
          data: JSON.stringify({ title: 'Reminder: Call the bank', body: 'Due today.', url: '/dashboard?task=1', tag: 'reminder-1' }),
        });
        const shown = await page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => `${n.title}|${n.body}|${n.tag}`),
        );
        expect(shown).toEqual(['Reminder: Call the bank|Due today.|reminder-1']);
      }).toPass({ timeout: 20_000 });

      // Removed from the list: the server forgets the browser.
      await block.getByTestId('push-browser-remove').click();
      await expect(block.getByTestId('push-browsers-empty')).toBeVisible();
      // Removed here, it stays removed: a reload does not bring it back.
      await page.reload();
      await expect(block.getByTestId('push-browsers-empty')).toBeVisible();
      const left = await request.get('/api/push/subscriptions', { headers: { authorization: `Bearer ${account.token}` } });
      expect((await left.json()).subscriptions).toEqual([]);
    } finally {
      await receiver.close();
    }
  });
});
