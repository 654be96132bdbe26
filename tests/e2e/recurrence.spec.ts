import type { APIRequestContext, Page } from '@playwright/test';
import {
  createAccount,
  createTask,
  expect,
  expectNoSeriousA11yViolations,
  localeTexts,
  setLanguage,
  setTheme,
  test,
  useSession,
  type Account,
} from './fixtures.ts';

/**
 * Issue 21 parts 2 and 4 in the browser: due times and repeat rules through the real dialogs, cards
 * and server (decision 020). Days are the browser's, which is the person's: the app gives a new
 * account the browser's time zone.
 */

const pad = (n: number) => String(n).padStart(2, '0');
const dayText = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
const localDay = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};
const plusDays = (day: string, days: number) => {
  const date = localDay(day);
  date.setDate(date.getDate() + days);
  return dayText(date);
};
/** The coming Monday, or today on a Monday. */
function comingMonday(): string {
  const today = new Date();
  return plusDays(dayText(today), (8 - today.getDay()) % 7);
}
/** 2024-01-01 was a Monday: weekday names as the app writes them (0 = Monday). */
const weekday = (language: string, day: number, width: 'short' | 'long') =>
  new Intl.DateTimeFormat(language, { weekday: width, timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 1 + day)));
const fullDate = (language: string, day: string) => new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(localDay(day));
const timeText = (language: string, hour: number, minute: number) =>
  new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, 1, hour, minute)),
  );

/** No sideways scrolling: neither the page nor the dialog's body is wider than the screen. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => {
    const body = document.querySelector('[data-testid="task-form-dialog"] .overflow-y-auto');
    return {
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      dialog: body ? body.scrollWidth - body.clientWidth : 0,
    };
  });
  expect(widths).toEqual({ page: 0, dialog: 0 });
}

for (const { language, theme, title, label } of [
  { language: 'en', theme: 'light', title: 'Plan the garden', label: 'garden' },
  { language: 'ar', theme: 'dark', title: 'تخطيط الحديقة', label: 'حديقة' },
] as const) {
  test(`${language}, ${theme}: a weekly task on two days is made in the dialog, shown on its card, completed into its next occurrence, skipped and stopped`, async ({
    page,
    request,
  }) => {
    // The whole loop, with two axe runs: longer than one screen's test.
    test.slow();
    const account = await createAccount(request);
    await useSession(page, account);
    await setLanguage(page, language);
    await setTheme(page, theme);
    const tasks = await localeTexts(language, 'tasks');
    const schedule = await localeTexts(language, 'schedule');
    const monday = comingMonday();
    const dueText = (day: string) => tasks('due.dateTime', { date: fullDate(language, day), time: timeText(language, 17, 0) });

    await page.goto('/dashboard');
    const add = page.getByTestId('floating-add');
    await add.click();
    const form = page.getByTestId('task-form-dialog');
    await form.getByLabel(tasks('form.title'), { exact: true }).fill(title);
    await form.getByLabel(tasks('form.dueDate')).fill(monday);
    await form.getByLabel(schedule('form.time')).fill('17:00');
    await form.getByLabel(schedule('picker.label'), { exact: true }).selectOption('weekly');
    // Weekly starts on the due date's weekday; Thursday is added.
    const mondayButton = form.getByRole('button', { name: weekday(language, 0, 'short'), exact: true });
    const thursdayButton = form.getByRole('button', { name: weekday(language, 3, 'short'), exact: true });
    await expect(mondayButton).toHaveAttribute('aria-pressed', 'true');
    await thursdayButton.click();
    await expect(thursdayButton).toHaveAttribute('aria-pressed', 'true');
    await expect(thursdayButton).toHaveAttribute('title', weekday(language, 3, 'long'));
    const rule = form.getByTestId('repeat-summary');
    await expect(rule).toContainText(weekday(language, 0, 'long'));
    await expect(rule).toContainText(weekday(language, 3, 'long'));
    if (language === 'en') await expect(rule).toHaveText('Every Monday and Thursday');
    // The dialog with the repeat control open, in this theme and direction.
    await expectNoSeriousA11yViolations(page);

    const labels = form.getByRole('combobox', { name: tasks('form.labels') });
    await labels.fill(label);
    await labels.press('Enter');
    await form.getByRole('button', { name: tasks('form.add'), exact: true }).click();
    await expect(form).toHaveCount(0);
    // Focus is back on what opened the dialog.
    await expect(add).toBeFocused();

    const cards = page.getByTestId('task-card').filter({ hasText: title });
    const first = cards.and(page.locator('[data-completed="false"]'));
    await expect(first).toHaveCount(1);
    const chip = first.getByTestId('due-date');
    await expect(chip).toContainText(timeText(language, 17, 0));
    await expect(chip).toHaveAttribute('title', dueText(monday));
    await expect(first.getByTestId('repeats')).toHaveAttribute('title', tasks('card.repeats'));
    await expect(first.getByTestId('repeats')).toHaveText(tasks('card.repeats'));

    // Completing it keeps the done one (which no longer repeats) and brings the next, on Thursday, with its label.
    await first.getByRole('button', { name: tasks('card.markDone', { title }) }).click();
    const done = cards.and(page.locator('[data-completed="true"]'));
    await expect(done).toHaveCount(1);
    await expect(done.getByTestId('repeats')).toHaveCount(0);
    const next = cards.and(page.locator('[data-completed="false"]'));
    await expect(next).toHaveCount(1);
    await expect(next.getByTestId('due-date')).toHaveAttribute('title', dueText(plusDays(monday, 3)));
    await expect(next.getByTestId('repeats')).toBeVisible();
    await expect(next.getByText(label, { exact: true })).toBeVisible();

    // Skip this one: the Monday after, in the dialog at once and said in a toast.
    await next.getByRole('heading').getByRole('button').click();
    const detail = page.getByTestId('task-detail-dialog');
    const repeat = detail.getByTestId('detail-repeat');
    await expect(repeat.getByTestId('detail-repeat-rule')).toContainText(weekday(language, 3, 'long'));
    if (language === 'en') await expect(repeat.getByTestId('detail-repeat-rule')).toHaveText('Every Monday and Thursday');
    const skip = repeat.getByRole('button', { name: schedule('detail.skip') });
    await skip.click();
    await expect(page.getByText(schedule('detail.skipped', { date: fullDate(language, plusDays(monday, 7)) }))).toBeVisible();
    await expect(next.getByTestId('due-date')).toHaveAttribute('title', dueText(plusDays(monday, 7)));
    await expect(detail.getByTestId('detail-due')).toContainText(timeText(language, 17, 0));
    await expect(skip).toBeFocused();
    // Undo puts it back on Thursday; skipped again, it is the Monday after.
    const undoTexts = await localeTexts(language, 'shortcuts');
    await page
      .getByRole('status')
      .filter({ hasText: schedule('detail.skipped', { date: fullDate(language, plusDays(monday, 7)) }) })
      .getByRole('button', { name: undoTexts('undo.action') })
      .click();
    await expect(next.getByTestId('due-date')).toHaveAttribute('title', dueText(plusDays(monday, 3)));
    await skip.click();
    await expect(next.getByTestId('due-date')).toHaveAttribute('title', dueText(plusDays(monday, 7)));

    // Stop repeating, after a confirmation: the rule goes, the date stays, focus stays in the dialog.
    await repeat.getByRole('button', { name: schedule('detail.stop') }).click();
    const confirm = page.getByTestId('confirm-dialog');
    await expect(confirm).toContainText(fullDate(language, plusDays(monday, 7)));
    await expectNoSeriousA11yViolations(page);
    await confirm.getByRole('button', { name: schedule('detail.stop') }).click();
    await expect(page.getByText(schedule('detail.stopped'))).toBeVisible();
    await expect(detail.getByTestId('detail-repeat')).toHaveCount(0);
    await expect(detail.getByRole('heading', { level: 2 })).toBeFocused();
    await expect(next.getByTestId('repeats')).toHaveCount(0);
    await expect(next.getByTestId('due-date')).toHaveAttribute('title', dueText(plusDays(monday, 7)));
  });
}

test('quick add: "Standup every weekday at 9:30" makes a repeating task with its time; in the add dialog the words fill the fields as typed', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await useSession(page, account);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Quick add a task' }).click();
  const input = page.getByPlaceholder('What needs to be done?');
  await input.fill('Standup every weekday at 9:30');
  await expect(page.getByTestId('quick-add-chips').getByRole('listitem')).toHaveText(['Repeats: Every weekday', 'At: 9:30 AM']);
  await input.press('Enter');
  const card = page.getByTestId('task-card').filter({ hasText: 'Standup' });
  await expect(card.getByRole('heading')).toHaveText('Standup');
  await expect(card.getByTestId('due-date')).toContainText('9:30 AM');
  await expect(card.getByTestId('repeats')).toBeVisible();
  await card.getByRole('heading').getByRole('button').click();
  await expect(page.getByTestId('detail-repeat-rule')).toHaveText('Every weekday');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('task-detail-dialog')).toHaveCount(0);

  // The same words in the add dialog's title go into its time and repeat fields, and come back out with their chips.
  await page.getByTestId('floating-add').click();
  const form = page.getByTestId('task-form-dialog');
  const time = form.getByLabel('Time');
  const repeat = form.getByLabel('Repeat', { exact: true });
  await form.getByLabel('Title', { exact: true }).pressSequentially('Standup every weekday at 9:30');
  await expect(time).toHaveValue('09:30');
  await expect(repeat).toHaveValue('weekdays');
  await expect(form.getByTestId('repeat-summary')).toHaveText('Every weekday');
  await form.getByRole('button', { name: 'Keep “every weekday” as text' }).click();
  await expect(repeat).toHaveValue('none');
  await expect(time).toHaveValue('09:30');
  await form.getByRole('button', { name: 'Add task' }).click();
  const kept = page.getByTestId('task-card').filter({ hasText: 'Standup every weekday' });
  await expect(kept.getByTestId('due-date')).toContainText('9:30 AM');
  await expect(kept.getByTestId('repeats')).toHaveCount(0);
});

test('"every 3 days, counted from each completion": the next one is due 3 days after the day it is done, not after its old date', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await useSession(page, account);
  await page.goto('/dashboard');
  const today = dayText(new Date());
  // Due four days ago: a fixed schedule would make the next one due yesterday.
  const added = await request.post('/api/tasks/add', {
    headers: { authorization: `Bearer ${account.token}` },
    data: { title: 'Water the cactus', due_date: plusDays(today, -4) },
  });
  expect(added.status()).toBe(201);
  await page.reload();
  const card = page.getByTestId('task-card').filter({ hasText: 'Water the cactus' });
  await card.getByRole('heading').getByRole('button').click();
  await page.getByTestId('task-detail-dialog').getByTestId('detail-edit').click();
  const form = page.getByTestId('task-form-dialog');
  await form.getByLabel('Repeat', { exact: true }).selectOption('daily');
  await form.getByTestId('repeat-interval').getByRole('spinbutton').fill('3');
  await form.getByRole('radio', { name: 'When I complete it' }).check();
  await expect(form.getByTestId('repeat-summary')).toHaveText('Every 3 days, counted from each completion');
  await form.getByRole('button', { name: 'Update task' }).click();
  await expect(form).toHaveCount(0);
  await expect(page.getByTestId('detail-repeat-rule')).toHaveText('Every 3 days, counted from each completion');
  await page.keyboard.press('Escape');

  await card.getByRole('button', { name: 'Mark “Water the cactus” as done' }).click();
  // The done one stays beside the next.
  await expect(card).toHaveCount(2);
  await expect(card.and(page.locator('[data-completed="false"]'))).toHaveCount(1);
  const tasks = (await (await request.get('/api/tasks', { headers: { authorization: `Bearer ${account.token}` } })).json()).tasks as Array<{
    is_completed: number;
    due_date: string;
    recurrence: string | null;
    recurrence_from: string;
  }>;
  const next = tasks.find((task) => task.is_completed === 0)!;
  expect(next).toMatchObject({ due_date: plusDays(today, 3), recurrence: 'FREQ=DAILY;INTERVAL=3', recurrence_from: 'completion' });
  expect(tasks.find((task) => task.is_completed === 1)).toMatchObject({ due_date: plusDays(today, -4), recurrence: null });
});

for (const language of ['en', 'ar'] as const) {
  test(`${language}: the repeat control fits a 390 px phone in every kind, without sideways scrolling`, async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const account = await createAccount(request);
    await useSession(page, account);
    await setLanguage(page, language);
    const schedule = await localeTexts(language, 'schedule');
    await page.goto('/dashboard');
    await page.getByTestId('floating-add').click();
    const form = page.getByTestId('task-form-dialog');
    const kind = form.getByLabel(schedule('picker.label'), { exact: true });
    for (const choice of ['daily', 'weekdays', 'weekly', 'monthly', 'yearly']) {
      await kind.selectOption(choice);
      await expect(form.getByTestId('repeat-summary')).toBeVisible();
      await expectNoSidewaysScroll(page);
    }
    await kind.selectOption('monthly');
    const by = form.getByLabel(schedule('picker.monthlyBy'));
    for (const choice of ['day', 'lastDay', 'nth']) {
      await by.selectOption(choice);
      await expectNoSidewaysScroll(page);
    }
    await kind.selectOption('weekly');
    await form.getByTestId('repeat-options').scrollIntoViewIfNeeded();
    // Every day's button is on the screen.
    for (const button of await form.getByTestId('repeat-options').getByRole('button').all()) {
      const box = (await button.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    await expectNoSidewaysScroll(page);
  });
}

/** The account's own tasks as the API holds them. */
async function savedTasks(request: APIRequestContext, account: Account) {
  const answer = await request.get('/api/tasks', { headers: { authorization: `Bearer ${account.token}` } });
  expect(answer.status()).toBe(200);
  return (await answer.json()).tasks as Array<{
    id: number;
    title: string;
    due_date: string | null;
    due_time: string | null;
    recurrence: string | null;
  }>;
}

test('quick add: "Water the plants every monday", typed with no date, is due on its rule’s first day: the coming Monday (today on a Monday)', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await useSession(page, account);
  const tasks = await localeTexts('en', 'tasks');
  const schedule = await localeTexts('en', 'schedule');
  // The first day on or after today that the rule falls on (firstOccurrence, in common/quick-parse/repeat.ts and server/services/recurrence.ts).
  const monday = comingMonday();
  const rule = schedule('repeat.weeklyOn_one', { days: weekday('en', 0, 'long') });

  await page.goto('/dashboard');
  await page.getByRole('button', { name: tasks('quickAdd.open') }).click();
  const input = page.getByPlaceholder(tasks('quickAdd.placeholder'));
  await input.pressSequentially('Water the plants every monday');
  // Only the repeat is recognised: no date was typed.
  await expect(page.getByTestId('quick-add-chips').getByRole('listitem')).toHaveText([`${schedule('kinds.repeat')}: ${rule}`]);
  await input.press('Enter');

  const card = page.getByTestId('task-card').filter({ has: page.getByRole('heading', { name: 'Water the plants', exact: true }) });
  await expect(card.getByTestId('due-date')).toHaveAttribute('title', fullDate('en', monday));
  await expect(card.getByTestId('repeats')).toBeVisible();
  await card.getByRole('heading').getByRole('button').click();
  await expect(page.getByTestId('detail-repeat-rule')).toHaveText(rule);

  expect(await savedTasks(request, account)).toEqual([
    expect.objectContaining({ title: 'Water the plants', due_date: monday, due_time: null, recurrence: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO' }),
  ]);
});

test('a task without a date, set to repeat every Monday in the edit dialog, gets its rule’s first day from the server', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  const task = await createTask(request, account, { title: 'Put the bins out', due_date: null });
  await useSession(page, account);
  const tasks = await localeTexts('en', 'tasks');
  const schedule = await localeTexts('en', 'schedule');
  const monday = comingMonday();

  await page.goto('/dashboard');
  const card = page.getByTestId('task-card').filter({ hasText: 'Put the bins out' });
  await expect(card.getByTestId('due-date')).toHaveCount(0);
  await card.getByRole('heading').getByRole('button').click();
  await page.getByTestId('task-detail-dialog').getByTestId('detail-edit').click();
  const form = page.getByTestId('task-form-dialog');
  await expect(form.getByLabel(tasks('form.dueDate'))).toHaveValue('');
  await form.getByLabel(schedule('picker.label'), { exact: true }).selectOption('weekly');
  // With no date, weekly starts on today's weekday: Monday is chosen instead.
  const todayIndex = (new Date().getDay() + 6) % 7;
  const mondayButton = form.getByRole('button', { name: weekday('en', 0, 'short'), exact: true });
  if (todayIndex !== 0) {
    await mondayButton.click();
    await form.getByRole('button', { name: weekday('en', todayIndex, 'short'), exact: true }).click();
  }
  await expect(mondayButton).toHaveAttribute('aria-pressed', 'true');
  const rule = schedule('repeat.weeklyOn_one', { days: weekday('en', 0, 'long') });
  await expect(form.getByTestId('repeat-summary')).toHaveText(rule);
  await form.getByRole('button', { name: tasks('form.update') }).click();
  await expect(form).toHaveCount(0);

  await expect(page.getByTestId('detail-repeat-rule')).toHaveText(rule);
  await expect(card.getByTestId('due-date')).toHaveAttribute('title', fullDate('en', monday));
  const read = await request.get(`/api/task/${task.id}`, { headers: { authorization: `Bearer ${account.token}` } });
  // On a Monday nothing was pressed: a weekly rule naming no day follows its date's weekday (repeat-rule.ts).
  const stored = todayIndex === 0 ? 'FREQ=WEEKLY;INTERVAL=1' : 'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO';
  expect((await read.json()).task).toMatchObject({ due_date: monday, due_time: null, recurrence: stored });
});

test('Ctrl+Z right after "Skip this one" in the task’s dialog puts the skipped date back', async ({ page, request }) => {
  const account = await createAccount(request);
  const monday = comingMonday();
  const task = await createTask(request, account, {
    title: 'Take out the recycling',
    due_date: monday,
    due_time: '07:30',
    recurrence: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO',
  });
  await useSession(page, account);
  const tasks = await localeTexts('en', 'tasks');
  const schedule = await localeTexts('en', 'schedule');
  const undo = await localeTexts('en', 'shortcuts');
  const dueText = (day: string) => tasks('due.dateTime', { date: fullDate('en', day), time: timeText('en', 7, 30) });
  const read = async () =>
    (await (await request.get(`/api/task/${task.id}`, { headers: { authorization: `Bearer ${account.token}` } })).json()).task as {
      due_date: string;
      due_time: string;
      recurrence: string;
    };

  await page.goto('/dashboard');
  const card = page.getByTestId('task-card').filter({ hasText: 'Take out the recycling' });
  await expect(card.getByTestId('due-date')).toHaveAttribute('title', dueText(monday));
  await card.getByRole('heading').getByRole('button').click();
  const skip = page.getByTestId('task-detail-dialog').getByRole('button', { name: schedule('detail.skip') });
  await skip.click();
  await expect(
    page.getByRole('status').filter({ hasText: schedule('detail.skipped', { date: fullDate('en', plusDays(monday, 7)) }) }),
  ).toBeVisible();
  await expect(card.getByTestId('due-date')).toHaveAttribute('title', dueText(plusDays(monday, 7)));
  expect(await read()).toMatchObject({ due_date: plusDays(monday, 7) });
  await expect(skip).toBeFocused();

  // Focus on the dialog's button, not in a field: Ctrl+Z is the toast's Undo.
  await page.keyboard.press('Control+z');
  await expect(page.getByRole('status').filter({ hasText: undo('undo.undone') })).toBeVisible();
  await expect(card.getByTestId('due-date')).toHaveAttribute('title', dueText(monday));
  expect(await read()).toMatchObject({ due_date: monday, due_time: '07:30', recurrence: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO' });
});
