import type { Locator, Page } from '@playwright/test';
import {
  createAccount,
  createTask,
  expect,
  expectNoSeriousA11yViolations,
  isoDay,
  localeTexts,
  setLanguage,
  setTheme,
  test,
  useSession,
  type Account,
} from './fixtures.ts';

/**
 * Issue 21 part 5 in the browser: subtasks in the task's dialog, by keyboard, their progress on the
 * card, and the question that completing a task with open ones asks, from the card and the dialog,
 * through the real server, in English and Arabic, light and dark.
 */

/** A key of a plural text for this count, as i18next picks it (`question_two` in Arabic for 2). */
const plural = (language: string, key: string, count: number) => `${key}_${new Intl.PluralRules(language).select(count)}`;

const rows = (dialog: Locator) => dialog.getByTestId('subtask');
/** The subtasks' titles in the order shown. */
const expectTitles = (dialog: Locator, titles: readonly string[]) =>
  expect
    .poll(() =>
      rows(dialog)
        .locator('[data-field="title"]')
        .evaluateAll((fields) => fields.map((field) => (field as HTMLInputElement).value)),
    )
    .toEqual(titles);

async function openTask(page: Page, title: string) {
  await page.getByTestId('task-card').filter({ hasText: title }).getByRole('heading').getByRole('button').click();
  const dialog = page.getByTestId('task-detail-dialog');
  await expect(dialog.getByTestId('subtasks')).toBeVisible();
  return dialog;
}

async function signedIn(page: Page, request: Parameters<typeof createAccount>[0], language: string, theme: 'light' | 'dark') {
  const account = await createAccount(request);
  await useSession(page, account);
  await setLanguage(page, language);
  await setTheme(page, theme);
  return account;
}

async function addSubtasks(request: Parameters<typeof createAccount>[0], account: Account, taskId: number, titles: string[]) {
  const answer = await request.post(`/api/tasks/${taskId}/subtasks`, {
    data: { titles },
    headers: { authorization: `Bearer ${account.token}` },
  });
  expect(answer.status()).toBe(201);
}

for (const { language, theme, title, steps } of [
  { language: 'en', theme: 'light', title: 'Move to the new flat', steps: ['Buy boxes', 'Pack the books', 'Call the movers'] },
  { language: 'ar', theme: 'dark', title: 'الانتقال إلى الشقة الجديدة', steps: ['شراء صناديق', 'تعبئة الكتب', 'الاتصال بشركة النقل'] },
] as const) {
  test(`${language}, ${theme}: three subtasks added, ticked and moved by keyboard; the card says 1/3; completing asks about the open ones`, async ({
    page,
    request,
  }) => {
    test.slow();
    const account = await signedIn(page, request, language, theme);
    const tasks = await localeTexts(language, 'tasks');
    const texts = await localeTexts(language, 'subtasks');
    await createTask(request, account, { title });
    await page.goto('/dashboard');
    const card = page.getByTestId('task-card').filter({ hasText: title });
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId('checklist-progress')).toHaveCount(0);

    const dialog = await openTask(page, title);
    const section = dialog.getByTestId('subtasks');
    const add = section.getByRole('textbox', { name: texts('add.label') });
    // Three by keyboard: Enter adds each and keeps the field for the next.
    await add.focus();
    for (const step of steps) {
      await page.keyboard.type(step);
      await page.keyboard.press('Enter');
      await expect(add).toHaveValue('');
      await expect(add).toBeFocused();
    }
    await expectTitles(section, [...steps]);
    await expect(section.getByTestId('subtasks-progress')).toContainText(`0/${steps.length}`);
    // Saved: each has its id from the server.
    await expect(rows(section).locator('[data-field="done"]:disabled')).toHaveCount(0);

    // Tick the first with the space bar.
    const firstBox = section.getByRole('checkbox', { name: steps[0], exact: true });
    await firstBox.focus();
    await page.keyboard.press('Space');
    await expect(firstBox).toBeChecked();
    await expect(section.getByTestId('subtasks-progress')).toContainText('1/3');

    // The last moves to the top with Alt+↑ twice; focus stays on its handle.
    const lastHandle = section.getByRole('button', { name: texts('item.move', { title: steps[2] }) });
    await lastHandle.focus();
    await page.keyboard.press('Alt+ArrowUp');
    await expectTitles(section, [steps[0], steps[2], steps[1]]);
    await expect(lastHandle).toBeFocused();
    await page.keyboard.press('Alt+ArrowUp');
    await expectTitles(section, [steps[2], steps[0], steps[1]]);
    await expect(lastHandle).toBeFocused();
    // And back down one from its title field, focus staying there.
    const lastTitle = section.getByRole('textbox', { name: texts('item.title', { title: steps[2] }) });
    await lastTitle.focus();
    await page.keyboard.press('Alt+ArrowDown');
    await expectTitles(section, [steps[0], steps[2], steps[1]]);
    await expect(lastTitle).toBeFocused();
    await expect(section.getByText(texts('announce.moved', { title: steps[2], position: 2, total: 3 }))).toBeAttached();

    // The dialog with its subtasks, in this language and theme.
    await expectNoSeriousA11yViolations(page);

    // The order and the tick are the server's: they are there after a reload of the page.
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(card.getByTestId('checklist-progress')).toContainText('1/3');
    await page.reload();
    await expect(card.getByTestId('checklist-progress')).toContainText('1/3');
    await expect(card.getByTestId('checklist-progress')).toHaveAttribute('title', tasks('card.checklist', { done: 1, total: 3 }));

    // Completing from the card asks about the two open subtasks; Cancel (Escape) leaves everything as it was.
    const tick = card.getByRole('button', { name: tasks('card.markDone', { title }) });
    await tick.click();
    const question = page.getByTestId('subtask-question');
    await expect(question.getByRole('heading')).toHaveText(texts(plural(language, 'complete.question', 2), { count: 2 }));
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(question).toHaveCount(0);
    await expect(tick).toBeFocused();
    await expect(card).toHaveAttribute('data-completed', 'false');

    // Only the task: it is done, its subtasks as they were.
    await tick.click();
    await question.getByRole('button', { name: texts('complete.only') }).click();
    await expect(card).toHaveAttribute('data-completed', 'true');
    await expect(card.getByTestId('checklist-progress')).toContainText('1/3');

    // Reopened (no question), then completed from its dialog with all of them.
    await card.getByRole('button', { name: tasks('card.markPending', { title }) }).click();
    await expect(card).toHaveAttribute('data-completed', 'false');
    const reopened = await openTask(page, title);
    await expect(reopened.getByTestId('subtasks-progress')).toContainText('1/3');
    await reopened.getByTestId('detail-toggle').click();
    await expect(question.getByRole('heading')).toHaveText(texts(plural(language, 'complete.question', 2), { count: 2 }));
    await question.getByRole('button', { name: texts('complete.all') }).click();
    await expect(question).toHaveCount(0);
    await expect(reopened.getByTestId('detail-toggle')).toHaveAttribute('aria-pressed', 'true');
    await expect(reopened.getByTestId('subtasks-progress')).toContainText('3/3');
    await expect(rows(reopened).locator('[data-field="done"]:checked')).toHaveCount(3);
    await expect(card.getByTestId('checklist-progress')).toContainText('3/3');

    // Undo takes all of it back: the task open again, and only the two it completed reopened.
    const undo = await localeTexts(language, 'shortcuts');
    await page
      .getByRole('status')
      .filter({ hasText: tasks('toasts.completed') })
      .getByRole('button', { name: undo('undo.action') })
      // The newest: the earlier completion's toast may still be there.
      .last()
      .click();
    await expect(reopened.getByTestId('detail-toggle')).toHaveAttribute('aria-pressed', 'false');
    await expect(reopened.getByTestId('subtasks-progress')).toContainText('1/3');
    await expect(rows(reopened).locator('[data-field="done"]:checked')).toHaveCount(1);
    await expect(card.getByTestId('checklist-progress')).toContainText('1/3');
  });
}

test('pasted lines become one subtask each; a title is edited where it is, a date set, one dragged and one deleted', async ({
  page,
  request,
}) => {
  const account = await signedIn(page, request, 'en', 'light');
  const texts = await localeTexts('en', 'subtasks');
  await createTask(request, account, { title: 'Plan the party' });
  await page.goto('/dashboard');
  const dialog = await openTask(page, 'Plan the party');
  const section = dialog.getByTestId('subtasks');
  const add = section.getByRole('textbox', { name: texts('add.label') });
  await add.focus();
  await add.evaluate((field, text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    field.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, '- [ ] Invite friends\n\n* Order the cake\n3. Buy balloons\n');
  await expectTitles(section, ['Invite friends', 'Order the cake', 'Buy balloons']);
  await expect(add).toHaveValue('');
  await expect(rows(section).locator('[data-field="done"]:disabled')).toHaveCount(0);

  // Renamed in place: Enter saves.
  const cake = section.getByRole('textbox', { name: texts('item.title', { title: 'Order the cake' }) });
  await cake.fill('Order the chocolate cake');
  await cake.press('Enter');
  await expect(section.getByRole('checkbox', { name: 'Order the chocolate cake' })).toBeVisible();

  // A due date.
  await section.getByRole('button', { name: texts('item.addDueDate', { title: 'Buy balloons' }) }).click();
  const date = section.getByLabel(texts('item.dueDate', { title: 'Buy balloons' }));
  await expect(date).toBeFocused();
  await date.fill('2030-05-01');
  await expect(date).toHaveValue('2030-05-01');

  // Dragged by its handle to the top.
  await section
    .getByRole('button', { name: texts('item.move', { title: 'Buy balloons' }) })
    .dragTo(rows(section).filter({ has: page.getByRole('checkbox', { name: 'Invite friends' }) }));
  await expectTitles(section, ['Buy balloons', 'Invite friends', 'Order the chocolate cake']);

  // Deleted: focus goes to the next one's box.
  await section.getByRole('button', { name: texts('item.delete', { title: 'Invite friends' }) }).click();
  await expectTitles(section, ['Buy balloons', 'Order the chocolate cake']);
  await expect(section.getByRole('checkbox', { name: 'Order the chocolate cake' })).toBeFocused();

  // All of it is the server's (the screen shows each change at once; the last request may still be on its way).
  const taskId = (await dialog.evaluate(() => new URL(location.href).searchParams.get('task')))!;
  await expect
    .poll(async () => {
      const answer = await request.get(`/api/task/${taskId}`, { headers: { authorization: `Bearer ${account.token}` } });
      const detail = await answer.json();
      return detail.subtasks.map((s: { title: string; due_date: string | null }) => [s.title, s.due_date]);
    })
    .toEqual([
      ['Buy balloons', '2030-05-01'],
      ['Order the chocolate cake', null],
    ]);
});

for (const { language, theme } of [
  { language: 'en', theme: 'dark' },
  { language: 'ar', theme: 'light' },
] as const) {
  test(`${language}, ${theme}: the dialog with subtasks passes axe`, async ({ page, request }) => {
    const account = await signedIn(page, request, language, theme);
    const task = await createTask(request, account, { title: language === 'ar' ? 'مهمة بخطوات' : 'A task with steps' });
    await addSubtasks(request, account, task.id, ['One', 'Two', 'Three']);
    await page.goto('/dashboard');
    const dialog = await openTask(page, task.title);
    await expectTitles(dialog, ['One', 'Two', 'Three']);
    await dialog.getByRole('checkbox', { name: 'Two', exact: true }).check();
    await expect(dialog.getByTestId('subtasks-progress')).toContainText('1/3');
    await expectNoSeriousA11yViolations(page);
  });
}

test('lines pasted into quick add make a task with its subtasks; their chip drops them', async ({ page, request }) => {
  await signedIn(page, request, 'en', 'light');
  const schedule = await localeTexts('en', 'schedule');
  await page.goto('/dashboard');
  await page.getByTestId('quick-add-toggle').click();
  const field = page.locator('#quick-add-input');
  const paste = (text: string) =>
    field.evaluate((input, pasted) => {
      const data = new DataTransfer();
      data.setData('text/plain', pasted);
      input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, text);

  // Into an empty field: the first line is the title (its words still recognised), the rest its subtasks.
  await paste('Pack for the trip !high\n- Passport\n- [ ] Charger\n\n');
  await expect(field).toHaveValue('Pack for the trip !high');
  const chip = page.getByTestId('quick-add-subtasks');
  await expect(chip).toHaveText(schedule('subtasks_other', { count: 2 }));
  // After a title, every pasted line is one more.
  await field.press('End');
  await paste('Tickets\nSnacks');
  await expect(chip).toHaveText(schedule('subtasks_other', { count: 4 }));
  await field.press('Enter');
  const card = page.getByTestId('task-card').filter({ hasText: 'Pack for the trip' });
  await expect(card.getByTestId('checklist-progress')).toContainText('0/4');
  await expect(field).toHaveValue('');
  await expect(chip).toHaveCount(0);
  const dialog = await openTask(page, 'Pack for the trip');
  await expectTitles(dialog.getByTestId('subtasks'), ['Passport', 'Charger', 'Tickets', 'Snacks']);
  await page.keyboard.press('Escape');

  // Dropped with its chip: the task alone. Quick add stays open for the next task.
  await field.focus();
  await paste('Water the plants\nFern\nCactus');
  await page.getByRole('button', { name: schedule('dropSubtasks_other', { count: 2 }) }).click();
  await expect(chip).toHaveCount(0);
  await expect(field).toBeFocused();
  await field.press('Enter');
  const plants = page.getByTestId('task-card').filter({ hasText: 'Water the plants' });
  await expect(plants).toBeVisible();
  await expect(plants.getByTestId('checklist-progress')).toHaveCount(0);
});

test('a live update between two moves does not put a row back where the first move left it', async ({ page, request }) => {
  const account = await signedIn(page, request, 'en', 'light');
  const texts = await localeTexts('en', 'subtasks');
  const task = await createTask(request, account, { title: 'Pack the van' });
  await addSubtasks(request, account, task.id, ['Boxes', 'Books', 'Lamp']);
  await page.goto('/dashboard');
  const section = (await openTask(page, 'Pack the van')).getByTestId('subtasks');
  await expectTitles(section, ['Boxes', 'Books', 'Lamp']);

  // A slow connection: each move is applied by the server at once, its answer comes 1.5 s later,
  // and meanwhile the live update of the first move reaches this browser.
  await page.route('**/api/tasks/*/subtasks/order', async (route) => {
    const response = await route.fetch();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.fulfill({ response });
  });
  const detailRead = page.waitForResponse(
    (response) => response.request().method() === 'GET' && new URL(response.url()).pathname === `/api/task/${task.id}`,
  );
  const lampHandle = section.getByRole('button', { name: texts('item.move', { title: 'Lamp' }) });
  await lampHandle.focus();
  await page.keyboard.press('Alt+ArrowUp');
  await page.keyboard.press('Alt+ArrowUp');
  await expectTitles(section, ['Lamp', 'Boxes', 'Books']);

  // The first time the dialog reads the task again, both moves are in: nothing older is painted.
  await detailRead;
  await page.waitForTimeout(300);
  const shown = await rows(section)
    .locator('[data-field="title"]')
    .evaluateAll((fields) => fields.map((field) => (field as HTMLInputElement).value));
  expect(shown).toEqual(['Lamp', 'Boxes', 'Books']);
  await page.keyboard.press('Alt+ArrowDown');
  await expectTitles(section, ['Boxes', 'Lamp', 'Books']);
  // The last move's slow answer is let through before the test ends (a route still answering when
  // the page closes fails the run), and the server holds the order the screen shows.
  await page.unrouteAll({ behavior: 'wait' });
  const stored = await request.get(`/api/tasks/${task.id}/subtasks`, { headers: { authorization: `Bearer ${account.token}` } });
  expect(((await stored.json()).subtasks as Array<{ title: string }>).map((subtask) => subtask.title)).toEqual(['Boxes', 'Lamp', 'Books']);
});

/** What users wrote, as the activity list isolates it from the sentence around it (web/features/tasks/activity-text.ts). */
const isolated = (text: string) => `\u2068${text}\u2069`;

for (const { language, title, step } of [
  { language: 'en', title: 'Water the garden', step: 'Fill the can' },
  { language: 'ar', title: 'سقي الحديقة', step: 'ملء الإبريق' },
] as const) {
  test(`the activity tab (${language}) says the repeat rule was set and the subtask added and completed, as the API records them`, async ({
    page,
    request,
  }) => {
    const account = await signedIn(page, request, language, 'light');
    const tasks = await localeTexts(language, 'tasks');
    const schedule = await localeTexts(language, 'schedule');
    const texts = await localeTexts(language, 'subtasks');
    const task = await createTask(request, account, { title, due_date: isoDay(1) });
    await page.goto('/dashboard');
    const dialog = await openTask(page, title);

    // Every day, from the edit dialog.
    await dialog.getByTestId('detail-edit').click();
    const form = page.getByTestId('task-form-dialog');
    await form.getByLabel(schedule('picker.label'), { exact: true }).selectOption('daily');
    await form.getByRole('button', { name: tasks('form.update') }).click();
    await expect(form).toHaveCount(0);
    const rule = schedule(plural(language, 'repeat.daily', 1));
    await expect(dialog.getByTestId('detail-repeat-rule')).toHaveText(rule);

    // One subtask, added and ticked.
    const section = dialog.getByTestId('subtasks');
    const add = section.getByRole('textbox', { name: texts('add.label') });
    await add.fill(step);
    await add.press('Enter');
    await expectTitles(section, [step]);
    const box = section.getByRole('checkbox', { name: step, exact: true });
    await expect(box).toBeEnabled();
    await box.check();
    await expect(section.getByTestId('subtasks-progress')).toContainText('1/1');

    await dialog.getByRole('tab', { name: tasks('detail.activity') }).click();
    // Newest first, each in the reader's language.
    const entries = dialog.getByTestId('activity-list').getByRole('listitem');
    await expect(entries).toHaveCount(4);
    await expect(entries).toContainText([
      tasks('activity.subtaskCompleted', { title: isolated(step) }),
      tasks('activity.subtaskAdded', { title: isolated(step) }),
      tasks('activity.recurrence', { rule }),
      tasks('activity.created'),
    ]);

    const answer = await request.get(`/api/task/${task.id}`, { headers: { authorization: `Bearer ${account.token}` } });
    const events = ((await answer.json()).activity_logs as Array<{ event: unknown }>).map((log) => log.event);
    expect(events).toEqual([
      { code: 'subtask_completed', title: step },
      { code: 'subtasks_added', titles: [step], count: 1 },
      { code: 'updated', changes: [{ kind: 'recurrence', rule: 'FREQ=DAILY;INTERVAL=1', from: 'due_date' }] },
      { code: 'created' },
    ]);
  });
}
