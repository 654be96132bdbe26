import { createAccount, createTask, expect, isoDay, localeTexts, setLanguage, test, useSession } from './fixtures.ts';

for (const language of ['en', 'ar'] as const) {
  test.describe(`tasks in ${language}`, () => {
    test('create, edit, complete, duplicate and delete a task', async ({ page, request }) => {
      const t = await localeTexts(language, 'tasks');
      const c = await localeTexts(language, 'common');
      const editor = await localeTexts(language, 'editor');
      const account = await createAccount(request, 'Nadia Task');
      await setLanguage(page, language);
      await useSession(page, account);
      await page.goto('/dashboard');
      await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      await expect(page.getByText(t('empty.title'))).toBeVisible();

      // Create through the add dialog.
      await page.getByTestId('floating-add').click();
      const form = page.getByTestId('task-form-dialog');
      await expect(form.getByRole('heading', { name: t('form.addTitle') })).toBeVisible();
      await expect(form.getByLabel(t('form.dueDate'))).toHaveValue(isoDay(0));
      await expect(form.getByLabel(t('form.priority'), { exact: true })).toHaveValue('medium');
      await expect(form.getByRole('button', { name: t('ai.generate') })).toBeDisabled();
      await form.getByRole('button', { name: t('form.add') }).click();
      await expect(form.getByText(t('form.titleRequired'))).toBeVisible();
      await form.getByLabel(t('form.title')).fill('Plan the garden');
      await expect(form.getByRole('button', { name: t('ai.generate') })).toBeEnabled();
      await form.getByLabel(t('form.description')).fill('- dig\n- **plant** seeds');
      await form.getByLabel(t('form.priority'), { exact: true }).selectOption('high');
      const labelInput = form.getByPlaceholder(editor('labelPicker.placeholder'));
      await labelInput.fill('Outdoor');
      await expect(form.getByText(editor('labelPicker.createNew', { label: 'Outdoor' }))).toBeVisible();
      await labelInput.press('Enter');
      await form.getByRole('button', { name: t('form.add') }).click();
      await expect(page.getByText(t('toasts.created'))).toBeVisible();
      await expect(form).toBeHidden();
      const card = page.getByTestId('task-card').filter({ hasText: 'Plan the garden' });
      await expect(card).toBeVisible();
      await expect(card.getByText('Outdoor')).toBeVisible();
      await expect(card.getByText(t('due.today'))).toBeVisible();

      // Open the detail dialog and edit.
      await card.getByRole('button', { name: 'Plan the garden', exact: true }).click();
      const detail = page.getByTestId('task-detail-dialog');
      await expect(detail.getByRole('heading', { name: 'Plan the garden' })).toBeVisible();
      await expect(detail.getByText('plant')).toBeVisible();
      await expect(detail.getByTestId('detail-status')).toHaveText(t('status.inProgress'));
      await detail.getByTestId('detail-edit').click();
      const edit = page.getByTestId('task-form-dialog');
      await expect(edit.getByRole('heading', { name: t('form.editTitle') })).toBeVisible();
      await edit.getByLabel(t('form.title')).fill('Plan the spring garden');
      await edit.getByRole('button', { name: t('form.update') }).click();
      await expect(page.getByText(t('toasts.updated'))).toBeVisible();
      await expect(detail.getByRole('heading', { name: 'Plan the spring garden' })).toBeVisible();

      // Activity shows what happened.
      await detail.getByRole('tab', { name: t('detail.activity') }).click();
      // In the reader's language, whatever the server's English says.
      await expect(detail.getByTestId('activity-list')).toContainText(t('activity.created'));
      await expect(detail.getByTestId('activity-list')).toContainText(
        // User text is set apart from the sentence by Unicode isolates (web/features/tasks/activity-text.ts).
        t('activity.renamed', { from: '\u2068Plan the garden\u2069', to: '\u2068Plan the spring garden\u2069' }),
      );

      // Complete from the header toggle.
      await detail.getByTestId('detail-toggle').click();
      await expect(page.getByText(t('toasts.completed'))).toBeVisible();
      await detail.getByRole('tab', { name: t('detail.details') }).click();
      await expect(detail.getByTestId('detail-status')).toHaveText(t('status.completed'));

      // Duplicate: the copy is prefixed and keeps the other fields.
      await detail.getByTestId('detail-duplicate').click();
      const copy = page.getByTestId('task-form-dialog');
      await expect(copy.getByRole('heading', { name: t('form.duplicateTitle') })).toBeVisible();
      await expect(copy.getByLabel(t('form.title'))).toHaveValue('Copy of Plan the spring garden');
      await expect(copy.getByLabel(t('form.priority'), { exact: true })).toHaveValue('high');
      await copy.getByRole('button', { name: t('form.createCopy') }).click();
      await expect(page.getByText(t('toasts.created'))).toBeVisible();
      await detail
        .getByRole('button', { name: c('actions.close') })
        .first()
        .click();
      await expect(page.getByTestId('task-card')).toHaveCount(2);
      // Completed tasks come after pending ones and are struck through.
      await expect(page.getByTestId('task-card').first()).toContainText('Copy of Plan the spring garden');
      await expect(page.getByTestId('task-card').nth(1)).toHaveAttribute('data-completed', 'true');

      // Delete the copy after confirming.
      await page.getByTestId('task-card').first().getByRole('button', { name: 'Copy of Plan the spring garden', exact: true }).click();
      await detail.getByTestId('detail-delete').click();
      const confirm = page.getByTestId('confirm-dialog');
      await expect(confirm.getByTestId('delete-title')).toHaveText('Copy of Plan the spring garden');
      await expect(confirm.getByText(t('delete.warning'))).toBeVisible();
      await confirm.getByRole('button', { name: t('delete.confirm') }).click();
      await expect(page.getByTestId('task-card')).toHaveCount(1);
    });

    test('counters, search, filters, sorting and the label query parameter', async ({ page, request }) => {
      const t = await localeTexts(language, 'tasks');
      const account = await createAccount(request);
      await createTask(request, account, { title: 'Low errand', priority: 'low', labels: ['Errands'], due_date: isoDay(3) });
      await createTask(request, account, {
        title: 'High report',
        priority: 'high',
        labels: ['Work'],
        due_date: isoDay(0),
        description: 'numbers for finance',
      });
      const medium = await createTask(request, account, {
        title: 'Medium call',
        priority: 'medium',
        labels: ['Work', 'Phone'],
        due_date: isoDay(-1),
      });
      await request.put(`/api/tasks/complete/${medium.id}`, { headers: { authorization: `Bearer ${account.token}` } });
      await setLanguage(page, language);
      await useSession(page, account);
      await page.goto('/dashboard');
      const titles = () => page.getByTestId('task-card').locator('h3').allInnerTexts();
      await expect(page.getByTestId('task-card')).toHaveCount(3);
      await expect(page.getByTestId('counter-pending')).toContainText('2');
      await expect(page.getByTestId('counter-done')).toContainText('1');
      await expect(page.getByTestId('counter-dueToday')).toContainText('1');

      // Newest first, completed last.
      expect(await titles()).toEqual(['High report', 'Low errand', 'Medium call']);
      // Clicking the active sort flips it.
      await page.getByTestId('sort-created_at').click();
      await expect(page.getByTestId('sort-created_at')).toHaveAttribute('data-direction', 'asc');
      await expect.poll(titles).toEqual(['Low errand', 'High report', 'Medium call']);
      // Priority dropdown: sort by priority and filter.
      await page.getByTestId('sort-priority').selectOption('high');
      await expect.poll(titles).toEqual(['High report']);
      await expect(page.getByTestId('chip-priority')).toBeVisible();
      await page.getByTestId('chip-priority').getByRole('button').click();
      await expect(page.getByTestId('task-card')).toHaveCount(3);

      // Counters are quick filters.
      await page.getByTestId('counter-dueToday').click();
      await expect.poll(titles).toEqual(['High report']);
      await page.getByTestId('chip-due-today').getByRole('button').click();
      await page.getByTestId('counter-done').click();
      await expect.poll(titles).toEqual(['Medium call']);
      await page.getByTestId('chip-status').getByRole('button').click();

      // Search covers the description too.
      await page.getByPlaceholder(t('search.placeholder')).fill('finance');
      await expect.poll(titles).toEqual(['High report']);
      await page.getByPlaceholder(t('search.placeholder')).fill('');

      // Filters panel: label.
      await page.getByRole('button', { name: t('filters.title') }).click();
      await page.getByLabel(t('filters.label'), { exact: true }).selectOption('Work');
      await expect(page.getByTestId('task-card')).toHaveCount(2);
      await expect(page.getByTestId('task-count')).toContainText('2');

      // ?label= is applied once and removed from the address.
      await page.goto('/dashboard?label=Errands');
      await expect.poll(titles).toEqual(['Low errand']);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByTestId('chip-label')).toContainText('Errands');

      // Grid view is remembered.
      await page.getByRole('button', { name: t('view.grid') }).click();
      await expect(page.getByTestId('task-list')).toHaveAttribute('data-layout', 'grid');
      expect(await page.evaluate(() => localStorage.getItem('taskaty_view_mode'))).toBe('grid');
    });

    test('the labels screen summarises labels and opens the dashboard filtered', async ({ page, request }) => {
      const t = await localeTexts(language, 'labels');
      const account = await createAccount(request);
      await createTask(request, account, { title: 'One', labels: ['Alpha', 'Beta'] });
      await createTask(request, account, { title: 'Two', labels: ['Alpha'] });
      await createTask(request, account, { title: 'Three', labels: ['Gamma'] });
      await setLanguage(page, language);
      await useSession(page, account);
      await page.goto('/labels');
      await expect(page.getByTestId('stat-totalLabels')).toContainText('3');
      await expect(page.getByTestId('stat-totalTasks')).toContainText('4');
      await expect(page.getByTestId('stat-activeLabels')).toContainText('3');
      await expect(page.getByTestId('stat-averageTasks')).toContainText('1');
      await page.getByPlaceholder(t('search.placeholder')).fill('alp');
      await expect(page.getByTestId('label-item')).toHaveCount(1);
      await page.getByTestId('label-item').click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByTestId('task-card')).toHaveCount(2);
    });
  });
}

test('quick add in the header creates a task due today with medium priority', async ({ page, request }) => {
  const account = await createAccount(request);
  await useSession(page, account);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Quick add a task' }).click();
  const input = page.getByPlaceholder('What needs to be done?');
  await input.fill('   ');
  await expect(page.getByTestId('quick-add-form').getByRole('button', { name: 'Add' })).toBeDisabled();
  await input.fill('Water the plants');
  await input.press('Enter');
  const card = page.getByTestId('task-card').filter({ hasText: 'Water the plants' });
  await expect(card).toBeVisible();
  await expect(card.getByText('Today')).toBeVisible();
  await expect(card.getByText('Medium')).toBeVisible();
});

test('the markdown editor formats with the toolbar and shortcuts, previews safely and explains its syntax', async ({ page, request }) => {
  const account = await createAccount(request);
  await useSession(page, account);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto('/dashboard');
  await page.getByTestId('floating-add').click();
  const form = page.getByTestId('task-form-dialog');
  const editor = form.getByLabel('Description');
  await editor.fill('word');
  await editor.selectText();
  await editor.press('Control+b');
  await expect(editor).toHaveValue('**word**');
  await editor.fill('line');
  await form.getByRole('button', { name: 'Heading 2' }).click();
  await expect(editor).toHaveValue('## line');
  await editor.fill('[x](javascript:alert(1)) <img src=x onerror=alert(2)> **bold**');
  await form.getByRole('button', { name: 'Preview' }).click();
  await expect(form.locator('.prose strong')).toHaveText('bold');
  await expect(form.locator('.prose a[href^="javascript"]')).toHaveCount(0);
  await expect(form.locator('.prose img')).toHaveCount(0);
  await form.getByRole('button', { name: 'Markdown help' }).click();
  const help = page.getByTestId('markdown-help');
  for (const item of ['Heading 4', 'Task list', 'Image', 'Code block', 'Horizontal line', 'Table'])
    await expect(help.getByText(item, { exact: true })).toBeVisible();
  // The syntax with sample words of the reader's language.
  await expect(help.getByText('#### Heading 4', { exact: true })).toBeVisible();
  await expect(help.getByText('**bold text**', { exact: true })).toBeVisible();
  expect(dialogs).toEqual([]);
});

test('a long list is loaded a page at a time as it is scrolled; counters and search ask the server, never for the whole list', async ({
  page,
  request,
}) => {
  // Verified, as most accounts are: the verification banner would push the tenth search result below the fold.
  const account = await createAccount(request, 'Long List', { verified: true });
  for (let i = 1; i <= 130; i++) {
    await createTask(request, account, {
      title: `Task ${String(i).padStart(3, '0')}`,
      priority: 'low',
      due_date: i % 10 ? null : isoDay(0),
    });
  }
  // Two of them completed: they come after every pending task, in the second stream.
  for (const title of ['Task 130', 'Task 005']) {
    const found = await request.get(`/api/tasks?search=${encodeURIComponent(title)}`, {
      headers: { authorization: `Bearer ${account.token}` },
    });
    const [task] = (await found.json()).tasks as Array<{ id: number }>;
    await request.put(`/api/tasks/complete/${task!.id}`, { headers: { authorization: `Bearer ${account.token}` } });
  }
  const lists: URL[] = [];
  page.on('request', (sent) => {
    const url = new URL(sent.url());
    if (url.pathname === '/api/tasks') lists.push(url);
  });
  await useSession(page, account);
  await page.goto('/dashboard');
  const cards = page.getByTestId('task-card');
  await expect(cards.first()).toContainText('Task 129');
  await expect(page.getByTestId('counter-pending')).toContainText('128');
  await expect(page.getByTestId('counter-done')).toContainText('2');
  await expect(page.getByTestId('counter-dueToday')).toContainText('13');
  await expect(page.getByTestId('task-count')).toContainText('130');
  // Only the rows on screen are in the page, and only the first page was asked for.
  expect(await cards.count()).toBeLessThan(40);
  expect(lists.every((url) => url.searchParams.get('limit') === '100')).toBe(true);
  expect(lists.filter((url) => url.searchParams.has('cursor'))).toHaveLength(0);

  // Scrolling to the end brings the rest of the pending tasks, then the completed ones.
  for (let i = 0; i < 40 && !(await page.getByText('Task 005', { exact: true }).isVisible()); i++) {
    await page.mouse.wheel(0, 4000);
    await page.waitForTimeout(100);
  }
  await expect(page.getByText('Task 001', { exact: true })).toBeVisible();
  await expect(page.getByText('Task 005', { exact: true })).toBeVisible();
  await expect(page.getByText('Task 130', { exact: true })).toBeVisible();
  expect(lists.some((url) => url.searchParams.has('cursor'))).toBe(true);
  expect(lists.some((url) => url.searchParams.get('status') === 'completed')).toBe(true);
  expect(lists.every((url) => url.searchParams.has('limit'))).toBe(true);

  // Search is the server's too: the count and the list show its answer.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('searchbox').fill('task 12');
  await expect(page.getByTestId('task-count')).toContainText('10');
  await expect(cards).toHaveCount(10);
  expect(lists.some((url) => url.searchParams.get('search') === 'task 12')).toBe(true);
});

test('a page that fails to load says so under the loaded tasks and loads on Try again', async ({ page, request }) => {
  const account = await createAccount(request, 'Flaky Pages');
  for (let i = 1; i <= 105; i++) await createTask(request, account, { title: `Item ${String(i).padStart(3, '0')}` });
  let failures = 0;
  await page.route(
    (url) => url.pathname === '/api/tasks' && url.searchParams.has('cursor'),
    async (route) => {
      // Queries try twice (app.tsx): both attempts fail.
      if (failures++ < 2) return route.fulfill({ status: 503, json: { message: 'The service is temporarily unavailable.' } });
      return route.continue();
    },
  );
  await useSession(page, account);
  await page.goto('/dashboard');
  await expect(page.getByTestId('task-card').first()).toContainText('Item 105');
  for (let i = 0; i < 20 && !(await page.getByRole('alert').isVisible()); i++) {
    await page.mouse.wheel(0, 4000);
    await page.waitForTimeout(100);
  }
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('temporarily unavailable');
  // The tasks already loaded stay; nothing is asked again until the user says so.
  await expect(page.getByText('Item 010', { exact: true })).toBeVisible();
  await page.waitForTimeout(1500);
  expect(failures).toBe(2);
  await alert.getByRole('button').click();
  await expect(page.getByText('Item 001', { exact: true })).toBeVisible();
  await expect(alert).toHaveCount(0);
});
