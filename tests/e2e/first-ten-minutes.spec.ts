import type { Page } from '@playwright/test';
import {
  createAccount,
  createTask,
  expect,
  expectNoSeriousA11yViolations,
  isoDay,
  localeTexts,
  serverText,
  setLanguage,
  setTheme,
  test,
  useSession,
  type Account,
} from './fixtures.ts';

/**
 * Issue 20: what a new user hit in the first ten minutes, each as the user met it, in English and
 * Arabic (and both themes where the look is the point).
 */

async function openDashboard(page: Page, account: Account, language: string, theme: 'light' | 'dark' = 'light') {
  await setLanguage(page, language);
  await setTheme(page, theme);
  await useSession(page, account);
  await page.goto('/dashboard');
}

const card = (page: Page, title: string) => page.getByTestId('task-card').filter({ hasText: title });

for (const language of ['en', 'ar'] as const) {
  test.describe(`the first ten minutes in ${language}`, () => {
    test('the add dialog takes typing at once, asks before throwing it away, and gives focus back', async ({ page, request }) => {
      const t = await localeTexts(language, 'tasks');
      const account = await createAccount(request, 'Rita First');
      await openDashboard(page, account, language);
      const add = page.getByTestId('floating-add');
      await add.focus();
      await page.keyboard.press('Enter');
      const form = page.getByTestId('task-form-dialog');
      await expect(form).toBeVisible();
      // Typed straight away, spaces included: nothing presses ×.
      await page.keyboard.type('Buy milk and bread');
      await expect(form.getByLabel(t('form.title'))).toHaveValue('Buy milk and bread');

      // Esc on a filled-in dialog asks first; "Keep editing" keeps the text.
      await page.keyboard.press('Escape');
      const confirm = page.getByTestId('confirm-dialog');
      await expect(confirm.getByRole('heading', { name: t('form.discardTitle') })).toBeVisible();
      await confirm.getByRole('button', { name: t('form.keepEditing') }).click();
      await expect(confirm).toBeHidden();
      await expect(form.getByLabel(t('form.title'))).toHaveValue('Buy milk and bread');
      // A click on the backdrop asks too; "Discard" closes, and focus is back on "+".
      await page.mouse.click(5, 5);
      await confirm.getByRole('button', { name: t('form.discard') }).click();
      await expect(form).toBeHidden();
      await expect(add).toBeFocused();

      // An untouched dialog closes without a question.
      await add.click();
      await expect(form.getByLabel(t('form.title'))).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(form).toBeHidden();
      await expect(confirm).toBeHidden();
    });

    test('toolbar headings and lists leave the caret where typing continues; suggestions show where one types', async ({
      page,
      request,
    }) => {
      const t = await localeTexts(language, 'tasks');
      const editor = await localeTexts(language, 'editor');
      const account = await createAccount(request, 'Omar Toolbar');
      await createTask(request, account, { title: 'Seed', labels: ['Groceries'] });
      await page.setViewportSize({ width: 1440, height: 900 });
      await openDashboard(page, account, language);
      await expect(card(page, 'Seed')).toBeVisible();
      await page.getByTestId('floating-add').click();
      const form = page.getByTestId('task-form-dialog');
      const description = form.getByLabel(t('form.description'));
      await description.click();
      await form.getByRole('button', { name: editor('markdown.tools.h2') }).click();
      await page.keyboard.type('Agenda');
      await page.keyboard.press('Enter');
      await form.getByRole('button', { name: editor('markdown.tools.bullet') }).click();
      await page.keyboard.type('Budget');
      await expect(description).toHaveValue('## Agenda\n- Budget');

      // The label suggestions are on screen, not below the dialog's scroll area.
      await form.getByPlaceholder(editor('labelPicker.placeholder')).fill('groc');
      const option = form.getByRole('option', { name: 'Groceries' });
      await expect(option).toBeInViewport();
    });

    test('checklists are ticked in the detail view and counted on cards; one colour per label', async ({ page, request }) => {
      const t = await localeTexts(language, 'tasks');
      const account = await createAccount(request, 'Lena Lists');
      await createTask(request, account, { title: 'Older', labels: ['Home'] });
      await createTask(request, account, {
        title: 'Pack for the trip',
        description: '- [ ] passport\n- [x] tickets\n- [ ] charger',
        labels: ['Travel', 'Home'],
      });
      await openDashboard(page, account, language);
      const trip = card(page, 'Pack for the trip');
      await expect(trip.getByTestId('checklist-progress')).toContainText('1/3');

      // "Pending" meant a task not done and a share not accepted: the counter and the bell now say different things.
      const sharing = await localeTexts(language, 'sharing');
      await expect(page.getByTestId('counter-pending')).toContainText(t('counters.pending'));
      await page.getByTestId('notification-bell').getByRole('button').first().click();
      await expect(page.getByTestId('pending-shares').getByRole('heading', { name: sharing('bell.title') })).toBeVisible();
      expect(sharing('bell.title').toLocaleLowerCase()).not.toContain(t('counters.pending').toLocaleLowerCase());
      await page.keyboard.press('Escape');

      // The same label has the same colour on every card and in the picker, wherever it is listed.
      // The chip itself (the name sits in a span of its own inside it).
      const chipClass = (e: Element) => e.closest('.rounded-full')!.className;
      const palette = (className: string) => className.split(' ').filter((name) => /^(dark:)?(bg|text)-[a-z]+-\d/.test(name));
      const homeOnTrip = await trip.getByText('Home', { exact: true }).evaluate(chipClass);
      const homeOnOlder = await card(page, 'Older').getByText('Home', { exact: true }).evaluate(chipClass);
      expect(palette(homeOnTrip).length).toBeGreaterThan(0);
      expect(palette(homeOnTrip)).toEqual(palette(homeOnOlder));
      // Another label has its own colour.
      expect(palette(await trip.getByText('Travel', { exact: true }).evaluate(chipClass))).not.toEqual(palette(homeOnTrip));

      await trip.getByRole('button', { name: 'Pack for the trip', exact: true }).click();
      const detail = page.getByTestId('task-detail-dialog');
      const passport = detail.getByRole('checkbox', { name: 'passport' });
      await expect(passport).toBeEnabled();
      // One marker per item: the box, no bullet before it.
      expect(await passport.evaluate((box) => getComputedStyle(box.closest('li')!).listStyleType)).toBe('none');
      await passport.check();
      await expect(trip.getByTestId('checklist-progress')).toContainText('2/3');
      await detail.getByRole('tab', { name: t('detail.activity') }).click();
      await expect(detail.getByTestId('activity-list')).toContainText(t('activity.description'));

      // Saved: a reload shows it ticked.
      await page.reload();
      await expect(card(page, 'Pack for the trip').getByTestId('checklist-progress')).toContainText('2/3');
      await expect(card(page, 'Pack for the trip').getByText('Travel', { exact: true })).toBeVisible();
      await page
        .getByTestId('task-detail-dialog')
        .getByRole('tab', { name: t('detail.details') })
        .click();
      await expect(page.getByTestId('task-detail-dialog').getByRole('checkbox', { name: 'passport' })).toBeChecked();

      await page.getByTestId('task-detail-dialog').getByTestId('detail-edit').click();
      const picker = page.getByTestId('task-form-dialog');
      expect(palette(await picker.getByText('Home', { exact: true }).evaluate(chipClass))).toEqual(palette(homeOnTrip));
    });

    test('an open task has an address; Back closes it; a copy just made is shown; deleting says so', async ({ page, request }) => {
      const t = await localeTexts(language, 'tasks');
      const account = await createAccount(request, 'Noor Address');
      const task = await createTask(request, account, { title: 'Call the plumber', description: 'About the tap.' });
      const notFound: string[] = [];
      page.on('response', (response) => {
        if (response.status() === 404 && response.url().includes('/api/')) notFound.push(response.url());
      });
      await openDashboard(page, account, language);
      await card(page, 'Call the plumber').getByRole('button', { name: 'Call the plumber', exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/dashboard\\?task=${task.id}$`));
      const detail = page.getByTestId('task-detail-dialog');
      await expect(detail).toBeVisible();
      await page.goBack();
      await expect(detail).toBeHidden();
      await expect(page).toHaveURL(/\/dashboard$/);

      // The link opens it.
      await page.goto(`/dashboard?task=${task.id}`);
      await expect(detail.getByRole('heading', { name: 'Call the plumber' })).toBeVisible();

      // The activity follows a comment at once.
      await detail.getByRole('tab', { name: t('detail.comments') }).click();
      await detail.getByRole('textbox').first().fill('Booked for Friday');
      await detail.getByRole('textbox').first().press('Control+Enter');
      await expect(detail.getByText('Booked for Friday')).toBeVisible();
      await detail.getByRole('tab', { name: t('detail.activity') }).click();
      await expect(detail.getByTestId('activity-list')).toContainText(t('activity.commented'));

      // Duplicate: the copy is what is shown afterwards.
      await detail.getByTestId('detail-duplicate').click();
      await page
        .getByTestId('task-form-dialog')
        .getByRole('button', { name: t('form.createCopy') })
        .click();
      await expect(detail.getByRole('heading', { name: 'Copy of Call the plumber' })).toBeVisible();
      await expect(page).not.toHaveURL(new RegExp(`task=${task.id}$`));

      // Delete the copy: a toast, the dialog closes, and nothing asks for the deleted task.
      await detail.getByTestId('detail-delete').click();
      await page
        .getByTestId('confirm-dialog')
        .getByRole('button', { name: t('delete.confirm') })
        .click();
      await expect(page.getByText(t('toasts.deleted'))).toBeVisible();
      await expect(detail).toBeHidden();
      await expect(card(page, 'Copy of Call the plumber')).toBeHidden();
      await page.waitForTimeout(500);
      expect(notFound).toEqual([]);
    });

    test('completed titles are struck through; the share dialog names an emptied address', async ({ page, request }) => {
      const s = await localeTexts(language, 'sharing');
      const account = await createAccount(request, 'Sami Done', { verified: true });
      const task = await createTask(request, account, { title: 'Finished already' });
      await request.put(`/api/tasks/complete/${task.id}`, { headers: { authorization: `Bearer ${account.token}` } });
      await openDashboard(page, account, language, 'dark');
      const done = card(page, 'Finished already');
      await expect(done).toHaveAttribute('data-completed', 'true');
      const decoration = await done.getByText('Finished already').evaluate((e) => getComputedStyle(e).textDecorationLine);
      expect(decoration).toContain('line-through');

      await done.getByRole('button', { name: 'Finished already', exact: true }).click();
      await page.getByTestId('detail-share').click();
      const share = page.getByTestId('share-dialog');
      const row = share.getByLabel(s('share.emailLabel', { number: 1 }));
      await row.fill('someone@example.com');
      await row.fill('');
      await row.press('Tab');
      await expect(share.getByTestId('share-email-error')).toHaveText(s('share.errors.required'));
      await expect(share.getByRole('button', { name: s('share.submit') })).toBeDisabled();
    });

    test('on a phone nothing scrolls sideways, the first task is above the fold, and the task dialog fits', async ({ page, request }) => {
      const t = await localeTexts(language, 'tasks');
      const account = await createAccount(request, 'Pia Phone', { verified: true });
      for (const title of ['One', 'Two', 'Three'])
        await createTask(request, account, { title, description: '- [ ] a\n- [ ] b', due_date: isoDay(0) });
      await page.setViewportSize({ width: 390, height: 844 });
      await openDashboard(page, account, language);
      const first = page.getByTestId('task-card').first();
      await expect(first).toBeVisible();
      // Well above the fold (it sat at ~460 px behind counters, search, view and two sort rows).
      const box = await first.boundingBox();
      expect(box!.y).toBeLessThanOrEqual(420);
      await expect(page.getByTestId('sort-row')).toHaveCount(0);
      const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(await sideways()).toBe(0);
      await page.getByTestId('quick-add-toggle').click();
      await expect(page.getByTestId('quick-add-form')).toBeVisible();
      expect(await sideways()).toBe(0);
      await expect(page.getByRole('button', { name: t('quickAdd.close') })).toBeInViewport();
      await page.keyboard.press('Escape');

      // Compact density is remembered.
      const heightBefore = (await first.boundingBox())!.height;
      await page.getByTestId('density-compact').click();
      await expect(page.getByTestId('density-compact')).toHaveAttribute('aria-pressed', 'true');
      expect((await page.getByTestId('task-card').first().boundingBox())!.height).toBeLessThan(heightBefore);
      await page.reload();
      await expect(page.getByTestId('density-compact')).toHaveAttribute('aria-pressed', 'true');

      await page.getByTestId('task-card').first().getByRole('button').last().click();
      const detail = page.getByTestId('task-detail-dialog');
      const tabs = detail.getByRole('tab');
      await expect(tabs).toHaveCount(4);
      for (const tab of await tabs.all()) {
        // Whole: nothing cut off or scrolled out of the tab bar.
        expect(await tab.evaluate((e) => e.scrollWidth <= e.clientWidth + 1)).toBe(true);
        await expect(tab).toBeInViewport({ ratio: 1 });
      }
      await expect(detail.getByTestId('detail-toggle')).toHaveText(t('actions.complete'));
      expect(await sideways()).toBe(0);
    });

    test('switching tabs does not move the task dialog', async ({ page, request }) => {
      const t = await localeTexts(language, 'tasks');
      const account = await createAccount(request, 'Tom Tabs');
      await createTask(request, account, { title: 'Steady', description: 'A long description.\n\n'.repeat(12) });
      await page.setViewportSize({ width: 1440, height: 900 });
      await openDashboard(page, account, language);
      await card(page, 'Steady').getByRole('button', { name: 'Steady', exact: true }).click();
      const detail = page.getByTestId('task-detail-dialog');
      const tablist = detail.getByRole('tablist');
      await expect(tablist).toBeVisible();
      const before = (await tablist.boundingBox())!.y;
      for (const tab of ['activity', 'sharedWith', 'comments', 'details'] as const) {
        await detail.getByRole('tab', { name: t(`detail.${tab}`) }).click();
        expect((await tablist.boundingBox())!.y).toBe(before);
      }
      await expectNoSeriousA11yViolations(page);
    });
  });
}

test('sign-up says plainly, under the confirmation, that the passwords differ', async ({ page }) => {
  for (const language of ['en', 'ar'] as const) {
    await page.goto(`/signup?lang=${language}`);
    const form = page.locator('form');
    await form.locator('input[name="name"]').fill('Mismatch');
    await form.locator('input[name="email"]').fill(`mismatch-${language}-${Date.now()}@example.com`);
    await form.locator('input[name="password"]').fill('long enough 123');
    await form.locator('input[name="password_confirmation"]').fill('something else 456');
    await form.locator('button[type="submit"]').click();
    const confirmation = form.locator('input[name="password_confirmation"]');
    await expect(confirmation).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText(serverText(language, 'The passwords do not match.'))).toBeVisible();
    await expect(form.locator('input[name="password"]')).not.toHaveAttribute('aria-invalid', 'true');
  }
});

for (const language of ['en', 'ar'] as const) {
  test(`the built-in writer fits the task, never restates its title, and says when a text needs nothing (${language})`, async ({
    page,
    request,
  }) => {
    const t = await localeTexts(language, 'tasks');
    const account = await createAccount(request, 'Wren Writer');
    await createTask(request, account, { title: 'Shopping', description: '- [ ] Buy milk\n- [ ] Buy bread' });
    await openDashboard(page, account, language);
    await expect(card(page, 'Shopping')).toBeVisible();
    const firstLines: string[] = [];
    for (const title of ['Fix the leaking kitchen tap', 'Dentist appointment']) {
      await page.getByTestId('floating-add').click();
      const form = page.getByTestId('task-form-dialog');
      await form.getByLabel(t('form.title')).fill(title);
      await form.getByRole('button', { name: t('ai.generate') }).click();
      const description = form.getByLabel(t('form.description'));
      await expect(description).toHaveValue(/- \[ \] .+/);
      const text = await description.inputValue();
      const firstLine = text.split('\n').find((line) => line.trim() !== '')!;
      // The first line is what a card previews: advice of its own, not the title again.
      expect(firstLine).not.toContain(title);
      expect(text).not.toMatch(/Goal:|الهدف:/);
      firstLines.push(firstLine);
      if (language === 'en' && title.includes('tap')) expect(text).toMatch(/water/i);
      if (language === 'en' && title.includes('Dentist')) expect(text).not.toMatch(/number of people|budget/i);
      await page.keyboard.press('Escape');
      await page
        .getByTestId('confirm-dialog')
        .getByRole('button', { name: t('form.discard') })
        .click();
      await expect(form).toBeHidden();
    }
    // A repair and an appointment get different advice.
    expect(firstLines[0]).not.toBe(firstLines[1]);

    // "Improve" on a text already in good shape says so instead of opening Edit on the same text.
    await card(page, 'Shopping').getByRole('button', { name: 'Shopping', exact: true }).click();
    const detail = page.getByTestId('task-detail-dialog');
    await detail.getByRole('button', { name: t('ai.rewrite') }).click();
    await expect(page.getByText(t('ai.alreadyGood'))).toBeVisible();
    await expect(page.getByTestId('task-form-dialog')).toBeHidden();
  });
}

test('a one-task Word file embeds only what it uses, in any script', async ({ page, request }) => {
  const t = await localeTexts('ar', 'tasks');
  const account = await createAccount(request, 'Dina Docs');
  await createTask(request, account, {
    title: 'تجهيز التقرير الفصلي',
    description: 'اجمع الأرقام من كل فريق.\n\n- [ ] المبيعات\n- [ ] रिपोर्ट तैयार करें\n- [x] Budget review',
  });
  await openDashboard(page, account, 'ar');
  await card(page, 'تجهيز التقرير الفصلي').getByRole('button', { name: 'تجهيز التقرير الفصلي', exact: true }).click();
  const detail = page.getByTestId('task-detail-dialog');
  const download = page.waitForEvent('download');
  await detail.getByRole('button', { name: t('export.word') }).click();
  const file = await (await download).path();
  const { statSync } = await import('node:fs');
  expect(statSync(file).size).toBeLessThanOrEqual(100 * 1024);
});

test('no language makes a page scroll sideways with quick add open, and phone tabs fit whole', async ({ page, request }) => {
  const account = await createAccount(request, 'Lina Widths', { verified: true });
  await createTask(request, account, { title: 'Widths' });
  await useSession(page, account);
  for (const language of ['en', 'hi', 'ar', 'es', 'fr', 'de'] as const) {
    await page.addInitScript((lang) => localStorage.setItem('taskaty_language', lang), language);
    // One load per language; the page is then resized as a window would be (the layout is CSS and
    // resize observers, so each width is laid out afresh).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard');
    await expect(page.getByTestId('task-card').first()).toBeVisible();
    await page.getByTestId('quick-add-toggle').click();
    await expect(page.getByTestId('quick-add-form')).toBeVisible();
    for (const width of [390, 768, 1024, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      await expect.poll(overflow, { message: `${language} at ${width} px` }).toBe(0);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard');
    await page.getByTestId('task-card').first().getByRole('button').last().click();
    for (const tab of await page.getByTestId('task-detail-dialog').getByRole('tab').all()) {
      expect(await tab.evaluate((e) => e.scrollWidth <= e.clientWidth + 1), `${language}: ${await tab.textContent()}`).toBe(true);
    }
  }
});
