import { expect, test, type Page } from '@playwright/test';
import {
  createAccount,
  createTask,
  expectNoSeriousA11yViolations,
  isoDay as browserDay,
  localeTexts,
  setLanguage,
  setTheme,
  useSession,
  type Account,
} from './fixtures.ts';

/** Issue 21 §6: keyboard shortcuts, the command palette and undo, driven by the keyboard against the real app and server. */

const isoDay = (offset = 0) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Three tasks, newest first on the dashboard: Gamma, Beta, Alpha. */
async function accountWithTasks(request: Parameters<typeof createAccount>[0], titles = ['Alpha report', 'Beta invoice', 'Gamma review']) {
  const account = await createAccount(request, 'Keyboard User');
  const tasks = [];
  for (const title of titles) {
    tasks.push(await createTask(request, account, { title, description: '', due_date: isoDay(2), priority: 'medium', labels: ['home'] }));
  }
  return { account, tasks };
}

/** The title of the card whose button holds focus ('' when focus is not on a card). */
const focusedCardTitle = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest('[data-testid="task-card"]')?.querySelector('h3')?.textContent?.trim() ?? '');

async function openDashboard(page: Page, account: Account, language = 'en') {
  await setLanguage(page, language);
  await useSession(page, account);
  await page.goto('/dashboard');
  await expect(page.getByTestId('task-card')).toHaveCount(3);
}

async function taskCompleted(page: Page, account: Account, id: number) {
  const response = await page.request.get(`/api/task/${id}`, { headers: { authorization: `Bearer ${account.token}` } });
  return ((await response.json()) as { task: { is_completed: number } }).task.is_completed;
}

for (const language of ['en', 'ar'] as const) {
  test(`keyboard only (${language}): j/k move between cards with a visible ring, Enter opens, e edits, # reaches the labels, x completes, Delete asks first`, async ({
    page,
    request,
  }) => {
    const tasksText = await localeTexts(language, 'tasks');
    const commonText = await localeTexts(language, 'common');
    const { account, tasks } = await accountWithTasks(request);
    await openDashboard(page, account, language);
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');

    // The first j takes the first card; j and k move on and back.
    await page.keyboard.press('j');
    await expect.poll(() => focusedCardTitle(page)).toBe('Gamma review');
    await page.keyboard.press('j');
    await expect.poll(() => focusedCardTitle(page)).toBe('Beta invoice');
    const beta = page.getByTestId('task-card').filter({ hasText: 'Beta invoice' });
    // The card draws the focus ring its covering button does not.
    await expect(beta).toHaveCSS('outline-style', 'solid');
    await page.keyboard.press('k');
    await expect.poll(() => focusedCardTitle(page)).toBe('Gamma review');
    await expect(beta).toHaveCSS('outline-style', 'none');

    // Enter opens the task; Escape closes it and focus is back on its card.
    await page.keyboard.press('Enter');
    const detail = page.getByTestId('task-detail-dialog');
    await expect(detail.getByRole('heading', { level: 2 })).toHaveText('Gamma review');
    await page.keyboard.press('Escape');
    await expect(detail).toHaveCount(0);
    await expect.poll(() => focusedCardTitle(page)).toBe('Gamma review');

    // e: the edit dialog with the task; # the same with focus on the labels field.
    await page.keyboard.press('e');
    const form = page.getByTestId('task-form-dialog');
    await expect(form.getByLabel(tasksText('form.title'), { exact: true })).toHaveValue('Gamma review');
    await page.keyboard.press('Escape');
    await expect(form).toHaveCount(0);
    await expect.poll(() => focusedCardTitle(page)).toBe('Gamma review');
    await page.keyboard.press('#');
    await expect(form.getByRole('combobox', { name: tasksText('form.labels') })).toBeFocused();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(form).toHaveCount(0);
    await expect.poll(() => focusedCardTitle(page)).toBe('Gamma review');

    // x completes it (it moves among the completed); focus stays where it was, on the card now there.
    await page.keyboard.press('x');
    await expect(page.getByRole('status').filter({ hasText: tasksText('toasts.completed') })).toBeVisible();
    await expect(page.getByTestId('task-card').filter({ hasText: 'Gamma review' })).toHaveAttribute('data-completed', 'true');
    expect(await taskCompleted(page, account, tasks[2]!.id)).toBe(1);
    await expect.poll(() => focusedCardTitle(page)).toBe('Beta invoice');

    // Delete asks the spec's question; confirmed by keyboard, the task is gone and focus carries on.
    await page.keyboard.press('Delete');
    const confirm = page.getByTestId('confirm-dialog');
    await expect(confirm.getByTestId('delete-title')).toHaveText('Beta invoice');
    await expect(confirm.getByText(tasksText('delete.warning'))).toBeVisible();
    // Focus starts on Cancel, as in every confirmation.
    await expect(confirm.getByRole('button', { name: commonText('actions.cancel') })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(confirm.getByRole('button', { name: tasksText('delete.confirm') })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(confirm).toHaveCount(0);
    await expect(page.getByTestId('task-card').filter({ hasText: 'Beta invoice' })).toHaveCount(0);
    await expect.poll(() => focusedCardTitle(page)).toBe('Alpha report');
  });
}

test('g l and g t go to Labels and back to Tasks, g s to Shared, g u to the dashboard asking for Upcoming; / focuses the search and q opens quick add', async ({
  page,
  request,
}) => {
  const { account } = await accountWithTasks(request);
  await openDashboard(page, account);

  await page.keyboard.press('g');
  await page.keyboard.press('l');
  await expect(page).toHaveURL(/\/labels$/);
  await page.keyboard.press('g');
  await page.keyboard.press('s');
  await expect(page).toHaveURL(/\/shared$/);
  await page.keyboard.press('g');
  await page.keyboard.press('u');
  await expect(page).toHaveURL(/\/dashboard\?view=upcoming$/);
  await page.keyboard.press('g');
  await page.keyboard.press('t');
  await expect(page).toHaveURL(/\/dashboard$/);

  // A g whose second key comes too late is no sequence.
  await page.keyboard.press('g');
  await page.waitForTimeout(1300);
  await page.keyboard.press('l');
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.keyboard.press('/');
  await expect(page.getByRole('searchbox', { name: 'Search tasks' })).toBeFocused();
  // Typed into the search, letters are text: no shortcut fires, / included.
  await page.keyboard.type('j/q');
  await expect(page.getByRole('searchbox', { name: 'Search tasks' })).toHaveValue('j/q');
  await page.getByRole('searchbox', { name: 'Search tasks' }).fill('');

  await page.locator('main').focus();
  await page.keyboard.press('q');
  const quickAdd = page.getByRole('textbox', { name: 'New task title' });
  await expect(quickAdd).toBeFocused();
  // Typing in quick add: none of these is a shortcut there (no navigation, no dialog, no palette).
  await page.keyboard.type('g l ? n x');
  await page.keyboard.press('Control+k');
  await expect(quickAdd).toHaveValue('g l ? n x');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.locator('dialog[open]')).toHaveCount(0);

  // n opens the add dialog, as the floating + does, even from another screen.
  await page.keyboard.press('Escape');
  await page.goto('/labels');
  await page.locator('main').focus();
  await page.keyboard.press('n');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('task-form-dialog')).toBeVisible();
});

test('no shortcut fires during IME composition', async ({ page, request }) => {
  const { account } = await accountWithTasks(request);
  await openDashboard(page, account);
  await page.keyboard.press('j');
  await expect.poll(() => focusedCardTitle(page)).toBe('Gamma review');

  type Init = { key: string; isComposing?: boolean; keyCode?: number };
  const press = (init: Init) =>
    page.evaluate((options: Init) => {
      document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...options }));
    }, init);
  // Composing (an IME's candidate window open): the keys belong to the text being composed.
  await press({ key: 'j', isComposing: true });
  await press({ key: 'j', keyCode: 229 });
  await press({ key: '?', isComposing: true });
  await page.waitForTimeout(200);
  expect(await focusedCardTitle(page)).toBe('Gamma review');
  await expect(page.locator('dialog[open]')).toHaveCount(0);
  // The same key outside composition is the shortcut.
  await press({ key: 'j' });
  await expect.poll(() => focusedCardTitle(page)).toBe('Beta invoice');

  // In the quick-add field a composed key is text too.
  await page.keyboard.press('q');
  await page.getByRole('textbox', { name: 'New task title' }).focus();
  await press({ key: 'g', isComposing: true });
  await press({ key: 't', isComposing: true });
  await expect(page).toHaveURL(/\/dashboard$/);
});

/** The keys as each language's keyboards print them (web/features/shortcuts/key-caps.tsx): what the list shows. */
const KEY_CAPS = { en: { ctrl: 'Ctrl', delete: 'Delete' }, de: { ctrl: 'Strg', delete: 'Entf' } } as const;

for (const language of ['en', 'de'] as const) {
  test(`? lists every shortcut in a dialog (${language}), the g sequences included, and focus returns where it was`, async ({
    page,
    request,
  }) => {
    const texts = await localeTexts(language, 'shortcuts');
    const { account } = await accountWithTasks(request);
    await openDashboard(page, account, language);
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await page.keyboard.press('?');
    const dialog = page.getByTestId('shortcuts-dialog');
    await expect(dialog.getByRole('heading', { name: texts('help.title') })).toBeVisible();
    for (const name of [
      'palette',
      'quickAdd',
      'newTask',
      'search',
      'undo',
      'help',
      'next',
      'previous',
      'open',
      'toggle',
      'edit',
      'labels',
      'delete',
    ]) {
      await expect(dialog.getByText(texts(`names.${name}`), { exact: true })).toBeVisible();
    }
    // Go to: each sequence with its description, "g then t".
    const navigation = dialog.getByRole('region', { name: texts('help.groups.navigation') });
    for (const [id, second] of [
      ['goTasks', 't'],
      ['goShared', 's'],
      ['goLabels', 'l'],
      ['goUpcoming', 'u'],
    ] as const) {
      const row = navigation.locator(`[data-shortcut="${id}"]`);
      await expect(row.locator('dt')).toHaveText(texts(`names.${id}`));
      await expect(row.locator('kbd')).toHaveText(['g', second]);
      await expect(row.locator('dd')).toContainText(texts('help.then'));
    }
    await expect(navigation.locator('[data-shortcut]')).toHaveCount(4);
    await expect(dialog.locator('[data-shortcut="palette"] kbd')).toHaveText([KEY_CAPS[language].ctrl, 'K']);
    await expect(dialog.locator('[data-shortcut="delete"] kbd')).toHaveText([KEY_CAPS[language].delete]);
    // While it is open, shortcuts are off: j moves nothing behind it.
    await page.keyboard.press('j');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect.poll(() => focusedCardTitle(page)).toBe('Beta invoice');
  });
}

test('g u from another screen opens Upcoming: its address, its tab chosen and its days headed by name', async ({ page, request }) => {
  const language = 'de';
  const tasksText = await localeTexts(language, 'tasks');
  const due = await localeTexts(language, 'due');
  const labelsText = await localeTexts(language, 'labels');
  const account = await createAccount(request, 'Keyboard User');
  // The browser's tomorrow, as Upcoming counts days.
  const tomorrow = browserDay(1);
  await createTask(request, account, { title: 'Zahnarzt', due_date: tomorrow });
  await setLanguage(page, language);
  await useSession(page, account);
  await page.goto('/labels');
  await expect(page.getByRole('heading', { level: 1, name: labelsText('title') })).toBeVisible();
  await page.locator('main').focus();

  await page.keyboard.press('g');
  await page.keyboard.press('u');
  await expect(page).toHaveURL(/\/dashboard\?view=upcoming$/);
  await expect(page.getByRole('heading', { level: 1, name: labelsText('title') })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: tasksText('views.upcoming') })).toHaveAttribute('aria-selected', 'true');
  const days = page.getByTestId('upcoming-day');
  await expect(days).toHaveCount(1);
  await expect(days).toHaveAttribute('data-day', tomorrow);
  const [y, m, d] = tomorrow.split('-').map(Number) as [number, number, number];
  const dayName = new Intl.DateTimeFormat(language, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
  await expect(days.getByRole('heading', { level: 2 })).toContainText(`${due('tomorrow')} · ${dayName}`);
  await expect(days.getByTestId('task-card')).toHaveText([/Zahnarzt/]);
  // Today has nothing: one quiet line, not a heading.
  await expect(page.getByTestId('upcoming-empty').first()).toContainText(due('nothingPlanned'));
});

test('the palette finds a task by a word of its title and opens it; Escape gives focus back', async ({ page, request }) => {
  const { account } = await accountWithTasks(request, ['Renew the passport', 'Water the plants', 'Call the plumber']);
  await setLanguage(page, 'en');
  await useSession(page, account);
  await page.goto('/dashboard');
  await expect(page.getByTestId('task-card')).toHaveCount(3);

  // Closed with Escape, focus is back on the card it was on.
  await page.keyboard.press('j');
  await page.keyboard.press('Control+k');
  const palette = page.getByTestId('command-palette');
  const input = palette.getByRole('combobox');
  await expect(input).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(palette).toHaveCount(0);
  await expect.poll(() => focusedCardTitle(page)).toBe('Call the plumber');

  await page.keyboard.press('Control+k');
  await page.keyboard.type('passport');
  const option = palette.getByRole('option', { name: /Renew the passport/ });
  await expect(option).toBeVisible();
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(palette).toHaveCount(0);
  const detail = page.getByTestId('task-detail-dialog');
  await expect(detail.getByRole('heading', { level: 2 })).toHaveText('Renew the passport');
  await page.keyboard.press('Escape');
  await expect(detail).toHaveCount(0);
  await expect.poll(() => focusedCardTitle(page)).toBe('Call the plumber');

  // Views and actions, by arrows: Labels.
  await page.keyboard.press('Control+k');
  await page.keyboard.type('labels');
  await expect(palette.getByRole('option', { name: 'Labels', exact: true })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/labels$/);
  // A label takes the dashboard filtered by it. "h" finds all three tasks ("the"); while "home" is
  // still being searched (its answer held back here), those results are gone at once: the arrows
  // and Enter reach the label, not a task about to vanish.
  await page.keyboard.press('Control+k');
  await page.keyboard.type('h');
  await expect(palette.getByTestId('palette-task')).toHaveCount(3);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/tasks(\/shared)?\?.*search=home/, async (route) => {
    await held;
    await route.continue();
  });
  await page.keyboard.type('ome');
  await expect(palette.getByRole('option', { name: /^home/ })).toHaveAttribute('aria-selected', 'true');
  await expect(palette.getByTestId('palette-task')).toHaveCount(0);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  release();
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByTestId('chip-label')).toContainText('home');
});

test('the palette runs actions: a new task, the other theme, another language', async ({ page, request }) => {
  const { account } = await accountWithTasks(request);
  await openDashboard(page, account);
  const palette = page.getByTestId('command-palette');

  // Typed at once, while the palette's code is still loading on its first use (held back here):
  // the keys are its search, not shortcuts ("n" alone would open the add dialog).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/command-palette-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.keyboard.press('Control+k');
  await page.keyboard.type('new');
  release();
  await page.keyboard.type(' task');
  await expect(palette.getByRole('combobox')).toHaveValue('new task');
  await expect(palette.getByTestId('palette-action-new')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  const form = page.getByTestId('task-form-dialog');
  await expect(form.getByRole('heading', { name: 'Add a new task' })).toBeVisible();
  await expect(form.getByLabel('Title', { exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(form).toHaveCount(0);

  const dark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
  await page.keyboard.press('Control+k');
  await page.keyboard.type('theme');
  await page.keyboard.press('Enter');
  await expect(palette).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(!dark);

  await page.keyboard.press('Control+k');
  await page.keyboard.type('german');
  await expect(palette.getByTestId('palette-language-de')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('tab', { name: 'Alle Aufgaben' })).toBeVisible();
});

test('undo a completion with the toast’s button and with Ctrl+Z, within the 8 seconds', async ({ page, request }) => {
  const texts = await localeTexts('en', 'shortcuts');
  const tasksText = await localeTexts('en', 'tasks');
  const { account, tasks } = await accountWithTasks(request);
  await openDashboard(page, account);
  const gamma = page.getByTestId('task-card').filter({ hasText: 'Gamma review' });

  const tick = () => gamma.getByRole('button', { name: tasksText('card.markDone', { title: 'Gamma review' }) });
  // The card's tick, then the toast's Undo.
  await tick().click();
  await expect(gamma).toHaveAttribute('data-completed', 'true');
  const toast = page.getByRole('status').filter({ hasText: 'Task completed' });
  await toast.getByRole('button', { name: texts('undo.action') }).click();
  await expect(gamma).toHaveAttribute('data-completed', 'false');
  expect(await taskCompleted(page, account, tasks[2]!.id)).toBe(0);
  await expect(toast).toHaveCount(0);

  // x, then Ctrl+Z (focus on the card, not in a field).
  await gamma.locator('h3 button').focus();
  await page.keyboard.press('x');
  await expect(gamma).toHaveAttribute('data-completed', 'true');
  await expect(page.getByRole('status').filter({ hasText: 'Task completed' })).toBeVisible();
  await page.keyboard.press('Control+z');
  await expect(gamma).toHaveAttribute('data-completed', 'false');
  // (The first undo's toast may still be there.)
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: texts('undo.undone') })
      .last(),
  ).toBeVisible();
  expect(await taskCompleted(page, account, tasks[2]!.id)).toBe(0);
  // Undone once: a second Ctrl+Z finds nothing more to undo.
  await page.keyboard.press('Control+z');
  await page.waitForTimeout(300);
  expect(await taskCompleted(page, account, tasks[2]!.id)).toBe(0);

  // Reopening offers Undo too, from the detail dialog's button: the toast shows in the dialog,
  // above the page it makes inert, and its Undo works there; so does Ctrl+Z on the dialog's buttons.
  await tick().click();
  await expect(gamma).toHaveAttribute('data-completed', 'true');
  await gamma.locator('h3 button').click();
  const detail = page.getByTestId('task-detail-dialog');
  const toggle = detail.getByTestId('detail-toggle');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  const reopened = detail.getByRole('status').filter({ hasText: texts('undo.reopened') });
  await reopened.getByRole('button', { name: texts('undo.action') }).click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  expect(await taskCompleted(page, account, tasks[2]!.id)).toBe(1);
  await expect(toggle).toBeFocused();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('Control+z');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  expect(await taskCompleted(page, account, tasks[2]!.id)).toBe(1);
});

test('Ctrl+Z undoes nothing once the 8 seconds are over', async ({ page, request }) => {
  const { account, tasks } = await accountWithTasks(request);
  await page.clock.install();
  await openDashboard(page, account);
  await page.keyboard.press('j');
  await page.keyboard.press('x');
  const gamma = page.getByTestId('task-card').filter({ hasText: 'Gamma review' });
  await expect(gamma).toHaveAttribute('data-completed', 'true');
  await expect(page.getByRole('status').filter({ hasText: 'Task completed' })).toBeVisible();
  await page.clock.runFor(8_100);
  await expect(page.getByRole('status').filter({ hasText: 'Task completed' })).toHaveCount(0);
  await page.keyboard.press('Control+z');
  await page.clock.runFor(500);
  expect(await taskCompleted(page, account, tasks[2]!.id)).toBe(1);
});

test('in Arabic the palette reads right to left and finds an Arabic title', async ({ page, request }) => {
  const texts = await localeTexts('ar', 'shortcuts');
  const { account } = await accountWithTasks(request, ['شراء الخبز', 'دفع الفاتورة', 'زيارة الطبيب']);
  await openDashboard(page, account, 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  await page.keyboard.press('Control+k');
  const palette = page.getByTestId('command-palette');
  const input = palette.getByRole('combobox', { name: texts('palette.label') });
  await expect(input).toBeFocused();
  await expect(input).toHaveAttribute('placeholder', texts('palette.placeholder'));
  await expect(input).toHaveCSS('direction', 'rtl');
  // The search icon at the start of the field is on its right; options' text starts at the right.
  const field = (await input.boundingBox())!;
  const icon = (await input.locator('..').locator('svg').boundingBox())!;
  expect(icon.x).toBeGreaterThan(field.x + field.width / 2);
  const view = palette.getByRole('option', { name: texts('palette.views.labels') });
  const viewBox = (await view.boundingBox())!;
  const viewText = (await view.locator('span').first().boundingBox())!;
  expect(viewText.x + viewText.width).toBeGreaterThan(viewBox.x + viewBox.width / 2);

  await page.keyboard.type('الفاتورة');
  const option = palette.getByRole('option', { name: /دفع الفاتورة/ });
  await expect(option).toBeVisible();
  // The search has answered for the whole word (earlier letters matched every title).
  await expect(palette.getByTestId('palette-task')).toHaveCount(1);
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('task-detail-dialog').getByRole('heading', { level: 2 })).toHaveText('دفع الفاتورة');
});

for (const language of ['en', 'ar'] as const) {
  for (const theme of ['light', 'dark'] as const) {
    test(`the shortcut list and the palette pass axe (${language}, ${theme})`, async ({ page, request }) => {
      const { account } = await accountWithTasks(request);
      await setTheme(page, theme);
      await openDashboard(page, account, language);
      if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
      else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
      await page.keyboard.press('?');
      await expect(page.getByTestId('shortcuts-dialog')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.keyboard.press('Escape');
      await page.keyboard.press('Control+k');
      await expect(page.getByTestId('command-palette').getByRole('option').first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.keyboard.type('a');
      await expect(page.getByTestId('palette-task').first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.keyboard.type('zzzzqqq');
      await expect(page.getByTestId('command-palette').getByRole('status')).not.toBeEmpty();
      await expectNoSeriousA11yViolations(page);
    });
  }
}
