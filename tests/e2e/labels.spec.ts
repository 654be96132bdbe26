import type { APIRequestContext, Page } from '@playwright/test';
import {
  createAccount,
  createTask,
  expect,
  expectNoSeriousA11yViolations,
  localeTexts,
  setLanguage,
  test,
  useSession,
  type Account,
} from './fixtures.ts';

/** Names inside sentences are isolated as the app isolates them (a Latin name in Arabic text). */
const isolated = (text: string) => `\u2068${text}\u2069`;

/** A plural text as i18next picks it: `<key>_<category>` by the language's plural rules. */
async function pluralTexts(language: string) {
  const t = await localeTexts(language, 'labels');
  const rules = new Intl.PluralRules(language);
  return (key: string, count: number) => t(`${key}_${rules.select(count)}`, { count });
}

/** Labels no task carries: a task is given them, then edited without them. */
async function leaveUnusedLabels(request: APIRequestContext, account: Account, names: string[]) {
  const task = await createTask(request, account, { title: 'Temporary', labels: names });
  const headers = { authorization: `Bearer ${account.token}` };
  expect((await request.put(`/api/tasks/update/${task.id}`, { data: { title: 'Temporary', labels: [] }, headers })).status()).toBe(200);
  expect((await request.delete(`/api/tasks/delete/${task.id}`, { headers })).status()).toBe(200);
}

const row = (page: Page, name: string) => page.getByTestId('label-row').filter({ has: page.getByText(name, { exact: true }) });
const actionsOf = (page: Page, name: string) => row(page, name).getByTestId('label-actions');

async function expectStats(page: Page, stats: { labels: number; tasks: number; active: number; average: number }) {
  await expect(page.getByTestId('stat-totalLabels').locator('p').first()).toHaveText(String(stats.labels));
  await expect(page.getByTestId('stat-totalTasks').locator('p').first()).toHaveText(String(stats.tasks));
  await expect(page.getByTestId('stat-activeLabels').locator('p').first()).toHaveText(String(stats.active));
  await expect(page.getByTestId('stat-averageTasks').locator('p').first()).toHaveText(String(stats.average));
}

/** Nothing on the page is wider than the window. */
async function expectNoSidewaysScrolling(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const language of ['en', 'ar'] as const) {
  test.describe(`label administration in ${language}`, () => {
    test('rename, recolour, merge, delete and delete unused labels, by keyboard and pointer; the cards and the tasks follow', async ({
      page,
      request,
    }) => {
      const t = await localeTexts(language, 'labels');
      const tc = await localeTexts(language, 'common');
      const plural = await pluralTexts(language);
      const account = await createAccount(request, 'Lina Labels');
      await createTask(request, account, { title: 'One', labels: ['Alpha', 'Beta'] });
      await createTask(request, account, { title: 'Two', labels: ['Alpha'] });
      await createTask(request, account, { title: 'Three', labels: ['gamma'] });
      await leaveUnusedLabels(request, account, ['Old', 'Stale']);
      await setLanguage(page, language);
      await useSession(page, account);
      await page.goto('/labels');
      await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      await expectStats(page, { labels: 5, tasks: 4, active: 3, average: 1 });
      await expectNoSeriousA11yViolations(page);

      // Rename by keyboard: the menu opens on its first item, the dialog on the name, and focus comes back.
      await actionsOf(page, 'Beta').focus();
      await page.keyboard.press('Enter');
      const menu = page.getByTestId('label-actions-menu');
      await expect(menu.getByRole('menuitem', { name: t('actions.rename') })).toBeFocused();
      await expectNoSeriousA11yViolations(page);
      await page.keyboard.press('Enter');
      const rename = page.getByTestId('label-rename-dialog');
      await expect(rename.getByRole('heading', { name: t('rename.title') })).toBeVisible();
      const nameInput = rename.getByLabel(t('rename.name'));
      await expect(nameInput).toBeFocused();
      // A name already used (whatever its case) turns the rename into a merge; Escape leaves it.
      await nameInput.fill('alpha');
      await expect(rename.getByTestId('label-rename-conflict')).toHaveText(
        t('rename.conflict', { name: isolated('Alpha'), from: isolated('Beta'), tasks: plural('taskCount', 1) }),
      );
      await expect(rename.getByRole('button', { name: t('rename.mergeInstead') })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await nameInput.fill('');
      await nameInput.press('Enter');
      await expect(rename.getByText(t('rename.errors.empty'))).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(rename).toBeHidden();
      await expect(actionsOf(page, 'Beta')).toBeFocused();
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');
      await nameInput.fill('Bravo');
      await nameInput.press('Enter');
      await expect(page.getByText(t('rename.done', { name: isolated('Bravo') }))).toBeVisible();
      await expect(rename).toBeHidden();
      await expect(actionsOf(page, 'Bravo')).toBeFocused();
      await expect(row(page, 'Beta')).toHaveCount(0);

      // Recolour: arrows move through the menu; a swatch is chosen by its name.
      await actionsOf(page, 'Alpha').click();
      await page.keyboard.press('ArrowDown');
      await expect(menu.getByRole('menuitem', { name: t('actions.color') })).toBeFocused();
      await page.keyboard.press('Enter');
      const colour = page.getByTestId('label-color-dialog');
      await colour.getByText(t('color.names.green'), { exact: true }).click();
      await expect(colour.getByRole('radio', { name: t('color.names.green') })).toBeChecked();
      await expectNoSeriousA11yViolations(page);
      await colour.getByRole('button', { name: t('color.save') }).click();
      await expect(colour).toBeHidden();
      await expect(actionsOf(page, 'Alpha')).toBeFocused();
      await expect(row(page, 'Alpha').locator('[style*="background-color"]')).toHaveCSS('background-color', 'rgb(5, 150, 105)');

      // Merge gamma into Alpha: the dialog says what happens to its task.
      await actionsOf(page, 'gamma').click();
      await menu.getByRole('menuitem', { name: t('actions.merge') }).click();
      const merge = page.getByTestId('label-merge-dialog');
      await expect(merge.getByRole('button', { name: t('merge.confirm') })).toBeDisabled();
      await merge.getByLabel(t('merge.target')).selectOption({ label: `Alpha (${plural('taskCount', 2)})` });
      await expect(merge.getByTestId('label-merge-explain')).toHaveText(
        t('merge.explain', { name: isolated('gamma'), target: isolated('Alpha'), tasks: plural('taskCount', 1) }),
      );
      await expectNoSeriousA11yViolations(page);
      await merge.getByRole('button', { name: t('merge.confirm') }).click();
      await expect(merge).toBeHidden();
      await expect(row(page, 'gamma')).toHaveCount(0);
      await expect(row(page, 'Alpha')).toContainText(plural('taskCount', 3));
      await expect(actionsOf(page, 'Alpha')).toBeFocused();
      await expectStats(page, { labels: 4, tasks: 4, active: 2, average: 1 });

      // Delete Bravo: the confirmation says how many tasks lose it.
      await actionsOf(page, 'Bravo').click();
      await menu.getByRole('menuitem', { name: t('actions.delete') }).click();
      const confirm = page.getByTestId('confirm-dialog');
      await expect(confirm.getByTestId('label-delete-consequence')).toHaveText(
        t('delete.body', { name: isolated('Bravo'), tasks: plural('taskCount', 1) }),
      );
      await expectNoSeriousA11yViolations(page);
      await confirm.getByRole('button', { name: t('delete.confirm') }).click();
      await expect(confirm).toBeHidden();
      await expect(row(page, 'Bravo')).toHaveCount(0);
      await expectStats(page, { labels: 3, tasks: 3, active: 1, average: 1 });

      // Delete the unused ones in one go: cancelled once (focus comes back), then done.
      const unusedButton = page.getByTestId('delete-unused-labels');
      await expect(unusedButton).toHaveText(t('unused.button', { n: 2 }));
      await unusedButton.click();
      await expect(confirm.getByTestId('label-unused-consequence')).toHaveText(t('unused.body', { labels: plural('labelCount', 2) }));
      await expect(confirm.getByRole('listitem')).toHaveText(['Old', 'Stale']);
      await confirm.getByRole('button', { name: tc('actions.cancel') }).click();
      await expect(unusedButton).toBeFocused();
      await unusedButton.click();
      await confirm.getByRole('button', { name: t('unused.confirm') }).click();
      await expect(confirm).toBeHidden();
      await expect(unusedButton).toBeHidden();
      await expect(page.getByTestId('label-row')).toHaveCount(1);
      await expectStats(page, { labels: 1, tasks: 3, active: 1, average: 3 });
      await expect(page.getByPlaceholder(t('search.placeholder'))).toBeFocused();

      // The tasks show the result: one label, Alpha, green.
      await page.getByTestId('label-item').click();
      await expect(page).toHaveURL(/\/dashboard$/);
      const cards = page.getByTestId('task-card');
      await expect(cards).toHaveCount(3);
      for (const title of ['One', 'Two', 'Three']) {
        const card = cards.filter({ hasText: title });
        await expect(card.getByText('Alpha', { exact: true })).toBeVisible();
        await expect(card.getByText('Bravo')).toHaveCount(0);
        await expect(card.getByText('gamma')).toHaveCount(0);
      }
    });

    test('on a phone the labels and their menus fit the width, mirrored in Arabic', async ({ page, request }) => {
      const t = await localeTexts(language, 'labels');
      const account = await createAccount(request);
      await createTask(request, account, { title: 'Long', labels: ['A rather long label name that fills the row'] });
      await leaveUnusedLabels(request, account, ['Unused']);
      await setLanguage(page, language);
      await useSession(page, account);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/labels');
      await expect(page.getByTestId('label-row')).toHaveCount(2);
      await expectNoSidewaysScrolling(page);
      for (const view of ['list', 'grid'] as const) {
        const viewButton = page.getByRole('button', { name: t(`view.${view}`) });
        await viewButton.click();
        // The rows are drawn anew for the view: the menu is opened from the new ones, not from a row on its way out.
        await expect(viewButton).toHaveAttribute('aria-pressed', 'true');
        const actions = page.getByTestId('label-actions').first();
        await actions.click();
        const menu = page.getByTestId('label-actions-menu');
        await expect(menu).toBeVisible();
        const box = (await menu.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(390);
        // The menu opens from the button's end: its right edge in English, its left edge in Arabic.
        const button = (await actions.boundingBox())!;
        if (language === 'ar') expect(Math.abs(box.x - button.x)).toBeLessThan(2);
        else expect(Math.abs(box.x + box.width - (button.x + button.width))).toBeLessThan(2);
        await expectNoSidewaysScrolling(page);
        await page.keyboard.press('Escape');
        await expect(menu).toBeHidden();
        await expect(actions).toBeFocused();
      }
      await page.getByTestId('delete-unused-labels').click();
      await expect(page.getByTestId('confirm-dialog')).toBeVisible();
      await expectNoSidewaysScrolling(page);
      await expectNoSeriousA11yViolations(page);
    });
  });
}
