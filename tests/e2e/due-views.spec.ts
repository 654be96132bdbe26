import { expect, test } from '@playwright/test';
import {
  createAccount,
  createTask,
  expectNoSeriousA11yViolations,
  isoDay,
  localeTexts,
  setLanguage,
  setTheme,
  useSession,
  type Account,
} from './fixtures.ts';

/** Issue 21 §3: Today and Upcoming beside the spec's dashboard. */

async function plannedWeek(request: Parameters<typeof createAccount>[0]): Promise<Account> {
  const account = await createAccount(request);
  await createTask(request, account, { title: 'Overdue report', due_date: isoDay(-3), priority: 'high' });
  await createTask(request, account, { title: 'Overdue call', due_date: isoDay(-1) });
  await createTask(request, account, { title: 'Lunch with Sam', due_date: isoDay(0), due_time: '12:30' });
  await createTask(request, account, { title: 'Standup', due_date: isoDay(0), due_time: '09:00' });
  await createTask(request, account, { title: 'Water the plants', due_date: isoDay(0) });
  await createTask(request, account, { title: 'Dentist', due_date: isoDay(1), due_time: '15:00' });
  await createTask(request, account, { title: 'Pay rent', due_date: isoDay(5) });
  await createTask(request, account, { title: 'Far away', due_date: isoDay(20) });
  await createTask(request, account, { title: 'Someday', due_date: null });
  return account;
}

test('Today lists overdue tasks first, then today by time, and moves every overdue task to today in one action', async ({
  page,
  request,
}) => {
  const account = await plannedWeek(request);
  await useSession(page, account);
  await page.goto('/dashboard');
  await page.getByRole('tab', { name: 'Today' }).click();
  await expect(page).toHaveURL(/view=today/);

  const overdue = page.getByTestId('overdue-section');
  await expect(overdue.getByRole('heading', { level: 2 })).toContainText('Overdue');
  await expect(overdue.getByTestId('task-card')).toHaveText([/Overdue report/, /Overdue call/]);
  const today = page.getByTestId('due-today-section');
  // Timed first, by time; then the rest.
  await expect(today.getByTestId('task-card')).toHaveText([/Standup/, /Lunch with Sam/, /Water the plants/]);
  await expect(page.getByText('Dentist')).toHaveCount(0);
  await expect(page.getByText('Someday')).toHaveCount(0);

  // Moved in one action, and back with Undo: each to its own day.
  await overdue.getByRole('button', { name: 'Move all to today' }).click();
  await expect(page.getByText('Moved 2 tasks to today')).toBeVisible();
  await expect(page.getByTestId('overdue-section')).toHaveCount(0);
  await expect(today.getByTestId('task-card')).toHaveCount(5);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(overdue.getByTestId('task-card')).toHaveText([/Overdue report/, /Overdue call/]);
  // And again, kept this time; Ctrl+Z would take it back as the button does.
  await overdue.getByRole('button', { name: 'Move all to today' }).click();
  await expect(page.getByTestId('overdue-section')).toHaveCount(0);
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Control+z');
  await expect(overdue.getByTestId('task-card')).toHaveCount(2);
  await overdue.getByRole('button', { name: 'Move all to today' }).click();
  await expect(page.getByTestId('overdue-section')).toHaveCount(0);
  await expect(today.getByTestId('task-card')).toHaveCount(5);

  // Completing from Today takes the card away: the view holds pending tasks only.
  await today.getByRole('button', { name: 'Mark “Standup” as done' }).click();
  await expect(today.getByTestId('task-card')).toHaveCount(4);
});

test('Upcoming shows the next two weeks day by day and folds the empty days into one line', async ({ page, request }) => {
  const account = await plannedWeek(request);
  await useSession(page, account);
  await page.goto('/dashboard?view=upcoming');
  const days = page.getByTestId('upcoming-day');
  await expect(days).toHaveCount(3);
  await expect(days.nth(0)).toHaveAttribute('data-day', isoDay(0));
  await expect(days.nth(0).getByRole('heading', { level: 2 })).toContainText('Today');
  await expect(days.nth(1).getByRole('heading', { level: 2 })).toContainText('Tomorrow');
  await expect(days.nth(1).getByTestId('task-card')).toHaveText([/Dentist/]);
  await expect(days.nth(2)).toHaveAttribute('data-day', isoDay(5));
  // Days 2–4 and 6–13 are empty: two quiet lines, not eleven headings.
  await expect(page.getByTestId('upcoming-empty')).toHaveCount(2);
  await expect(page.getByText('Far away')).toHaveCount(0);
  // Back returns to the view it came from.
  await page.getByRole('tab', { name: 'All tasks' }).click();
  await expect(page.getByTestId('task-card')).toHaveCount(9);
  await page.goBack();
  await expect(page.getByTestId('upcoming-view')).toBeVisible();
});

test('Today switches between list and grid by itself, and the dashboard keeps the same choice', async ({ page, request }) => {
  const account = await plannedWeek(request);
  await useSession(page, account);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard?view=today');
  const dueToday = page.getByTestId('due-today-section').getByTestId('task-card');
  await expect(dueToday).toHaveCount(3);
  const tops = async () => Promise.all([0, 1].map(async (index) => (await dueToday.nth(index).boundingBox())!.y));
  // A list: one card under the other.
  const [firstTop, secondTop] = await tops();
  expect(secondTop).toBeGreaterThan(firstTop!);

  const grid = page.getByRole('button', { name: 'Grid view' });
  await grid.click();
  await expect(grid).toHaveAttribute('aria-pressed', 'true');
  // A grid: side by side.
  await expect.poll(async () => new Set(await tops()).size).toBe(1);

  // Upcoming lays out each day's cards the same way.
  await page.getByRole('tab', { name: 'Upcoming' }).click();
  const firstDay = page.getByTestId('upcoming-day').first().getByTestId('task-card');
  await expect(firstDay).toHaveCount(3);
  await expect(page.getByRole('button', { name: 'Grid view' })).toHaveAttribute('aria-pressed', 'true');
  const dayTops = async () => Promise.all([0, 1].map(async (index) => (await firstDay.nth(index).boundingBox())!.y));
  await expect.poll(async () => new Set(await dayTops()).size).toBe(1);

  await page.getByRole('tab', { name: 'All tasks' }).click();
  await expect(page.getByRole('button', { name: 'Grid view' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('task-list')).toHaveAttribute('data-layout', 'grid');
});

for (const language of ['en', 'ar'] as const) {
  for (const theme of ['light', 'dark'] as const) {
    test(`Today and Upcoming by keyboard, axe clean (${language}, ${theme})`, async ({ page, request }) => {
      const t = await localeTexts(language, 'tasks');
      const due = await localeTexts(language, 'due');
      const account = await plannedWeek(request);
      await useSession(page, account);
      await setLanguage(page, language);
      await setTheme(page, theme);
      await page.goto('/dashboard');
      await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      const all = page.getByRole('tab', { name: t('views.all') });
      await all.focus();
      // Arrow keys follow the reading direction.
      await page.keyboard.press(language === 'ar' ? 'ArrowLeft' : 'ArrowRight');
      await expect(page.getByRole('tab', { name: t('views.today') })).toBeFocused();
      await expect(page.getByRole('heading', { level: 2, name: new RegExp(due('overdue')) })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.keyboard.press(language === 'ar' ? 'ArrowLeft' : 'ArrowRight');
      await expect(page.getByTestId('upcoming-view')).toBeVisible();
      await expect(page.getByTestId('upcoming-empty').first()).toContainText(due('nothingPlanned'));
      await expectNoSeriousA11yViolations(page);
    });
  }
}

test('Today fits a phone without sideways scrolling', async ({ page, request }) => {
  const account = await plannedWeek(request);
  await useSession(page, account);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard?view=today');
  await expect(page.getByTestId('overdue-section')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test.describe('a person in Berlin', () => {
  test.use({ timezoneId: 'Europe/Berlin' });

  test('gets the browser’s time zone on first visit and can choose another in settings', async ({ page, request }) => {
    const account = await createAccount(request);
    await useSession(page, account);
    await page.goto('/dashboard');
    const me = async () =>
      (await (await request.get('/api/user', { headers: { authorization: `Bearer ${account.token}` } })).json()).user as {
        time_zone: string | null;
      };
    await expect.poll(async () => (await me()).time_zone).toBe('Europe/Berlin');

    await page.goto('/settings');
    const zone = page.getByLabel('Time zone');
    await expect(zone).toHaveValue('Europe/Berlin');
    await zone.selectOption('Pacific/Kiritimati');
    await expect(page.getByText('Time zone saved')).toBeVisible();
    await expect.poll(async () => (await me()).time_zone).toBe('Pacific/Kiritimati');
    await page.reload();
    await expect(page.getByLabel('Time zone')).toHaveValue('Pacific/Kiritimati');
    await page.getByRole('button', { name: 'Use this device’s (Europe/Berlin)' }).click();
    await expect.poll(async () => (await me()).time_zone).toBe('Europe/Berlin');
  });
});

/** Today where `zone` is, as an independent reading of the clock (Intl, not the app's code). */
const todayIn = (zone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());

test.describe('a person whose chosen time zone is a day ahead of the browser’s', () => {
  // 25 hours apart: Kiritimati's today is always a later day than Pago Pago's.
  test.use({ timezoneId: 'Pacific/Pago_Pago' });

  test('Today and overdue follow the zone chosen in settings, not the device’s', async ({ page, request }) => {
    const account = await createAccount(request);
    const zoneSet = await request.put('/api/user/time-zone', {
      headers: { authorization: `Bearer ${account.token}` },
      data: { time_zone: 'Pacific/Kiritimati' },
    });
    expect(zoneSet.status()).toBe(200);
    const there = todayIn('Pacific/Kiritimati');
    const here = todayIn('Pacific/Pago_Pago');
    expect(here < there).toBe(true);
    await createTask(request, account, { title: 'Due today in Kiritimati', due_date: there });
    await createTask(request, account, { title: 'Due today on this device', due_date: here });
    await useSession(page, account);
    await page.goto('/dashboard?view=today');
    await expect(page.getByTestId('due-today-section').getByTestId('task-card')).toHaveText([/Due today in Kiritimati/]);
    await expect(page.getByTestId('overdue-section').getByTestId('task-card')).toHaveText([/Due today on this device/]);
    // The first visit does not replace a zone the person chose with the device's.
    const me = await request.get('/api/user', { headers: { authorization: `Bearer ${account.token}` } });
    expect((await me.json()).user.time_zone).toBe('Pacific/Kiritimati');
  });
});
