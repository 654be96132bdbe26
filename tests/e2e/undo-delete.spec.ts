import { expect, test, type Page } from '@playwright/test';
import { createAccount, createTask, isoDay, localeTexts, setLanguage, useSession, type Account } from './fixtures.ts';

/**
 * Issue 21 §6, decision 021: a delete, confirmed as the spec asks, says so in a toast with Undo for
 * 8 s; Undo (or Ctrl/Cmd+Z) brings the task back from the server, which keeps it 10 s. After that
 * nothing can bring it back.
 */

async function taskStatus(page: Page, account: Account, id: number) {
  return (await page.request.get(`/api/task/${id}`, { headers: { authorization: `Bearer ${account.token}` } })).status();
}

async function dashboardWith(page: Page, request: Parameters<typeof createAccount>[0], language: string, titles: string[]) {
  const account = await createAccount(request, 'Undo User');
  const tasks = [];
  for (const title of titles) {
    tasks.push(
      await createTask(request, account, {
        title,
        description: 'Keep the receipt',
        due_date: isoDay(1),
        priority: 'medium',
        labels: ['home'],
      }),
    );
  }
  await setLanguage(page, language);
  await useSession(page, account);
  return { account, tasks };
}

for (const language of ['en', 'ar']) {
  test.describe(`undo a delete (${language})`, () => {
    test('deleted from its dialog after the confirmation, Undo in the toast brings the card back', async ({ page, request }) => {
      const t = await localeTexts(language, 'tasks');
      const undo = await localeTexts(language, 'shortcuts');
      const { account, tasks } = await dashboardWith(page, request, language, ['Water the plants', 'Pay the rent']);
      await page.goto('/dashboard');
      const cards = page.getByTestId('task-card');
      await expect(cards).toHaveCount(2);

      await cards.filter({ hasText: 'Pay the rent' }).getByRole('button', { name: 'Pay the rent', exact: true }).click();
      await page.getByTestId('task-detail-dialog').getByTestId('detail-delete').click();
      const confirm = page.getByTestId('confirm-dialog');
      await expect(confirm.getByTestId('delete-title')).toHaveText('Pay the rent');
      // The spec's warning stays: after the few seconds of Undo, it is true.
      await expect(confirm.getByText(t('delete.warning'))).toBeVisible();
      await confirm.getByRole('button', { name: t('delete.confirm') }).click();
      await expect(cards).toHaveCount(1);
      expect(await taskStatus(page, account, tasks[1]!.id)).toBe(404);

      const toast = page.getByRole('status').filter({ hasText: t('toasts.deleted') });
      await toast.getByRole('button', { name: undo('undo.action') }).click();
      await expect(page.getByRole('status').filter({ hasText: undo('undo.restored') })).toBeVisible();
      await expect(cards).toHaveCount(2);
      await expect(cards.filter({ hasText: 'Pay the rent' })).toContainText('home');
      expect(await taskStatus(page, account, tasks[1]!.id)).toBe(200);

      // It opens again, with its history saying it was restored.
      await cards.filter({ hasText: 'Pay the rent' }).getByRole('button', { name: 'Pay the rent', exact: true }).click();
      const detail = page.getByTestId('task-detail-dialog');
      await expect(detail).toContainText('Keep the receipt');
      await detail.getByRole('tab', { name: t('detail.activity') }).click();
      await expect(detail.getByTestId('activity-list').getByText(t('activity.restored'))).toBeVisible();
    });

    test('deleted with the Delete key, Ctrl+Z brings it back', async ({ page, request }) => {
      const t = await localeTexts(language, 'tasks');
      const { account, tasks } = await dashboardWith(page, request, language, ['Call the plumber']);
      await page.goto('/dashboard');
      const card = page.getByTestId('task-card').filter({ hasText: 'Call the plumber' });
      await card.locator('h3 button').focus();
      await page.keyboard.press('Delete');
      const confirm = page.getByTestId('confirm-dialog');
      await confirm.getByRole('button', { name: t('delete.confirm') }).click();
      await expect(card).toHaveCount(0);
      await expect(page.getByRole('status').filter({ hasText: t('toasts.deleted') })).toBeVisible();

      await page.keyboard.press('Control+z');
      await expect(card).toHaveCount(1);
      expect(await taskStatus(page, account, tasks[0]!.id)).toBe(200);
      // Undone once: another Ctrl+Z has nothing more to undo, and the task stays.
      await page.keyboard.press('Control+z');
      await page.waitForTimeout(300);
      await expect(card).toHaveCount(1);
    });

    test('past the 8 seconds there is no Undo, and the task stays deleted', async ({ page, request }) => {
      const t = await localeTexts(language, 'tasks');
      const { account, tasks } = await dashboardWith(page, request, language, ['Renew the passport']);
      await page.clock.install();
      await page.goto('/dashboard');
      await page.getByTestId('task-card').getByRole('button', { name: 'Renew the passport', exact: true }).click();
      await page.getByTestId('task-detail-dialog').getByTestId('detail-delete').click();
      await page
        .getByTestId('confirm-dialog')
        .getByRole('button', { name: t('delete.confirm') })
        .click();
      const toast = page.getByRole('status').filter({ hasText: t('toasts.deleted') });
      await expect(toast).toBeVisible();
      await page.clock.runFor(8_100);
      await expect(toast).toHaveCount(0);
      await page.keyboard.press('Control+z');
      await page.clock.runFor(500);
      await expect(page.getByTestId('task-card')).toHaveCount(0);
      expect(await taskStatus(page, account, tasks[0]!.id)).toBe(404);
    });

    // The server's 10 s are the same in every language: waited out once, in English (on both databases).
    if (language === 'en')
      test('an Undo that reaches the server after its 10 s says plainly it is too late', async ({ page, request }) => {
        const t = await localeTexts(language, 'tasks');
        const undo = await localeTexts(language, 'shortcuts');
        const { account, tasks } = await dashboardWith(page, request, language, ['Book the flights']);
        await page.clock.install();
        await page.goto('/dashboard');
        await page.getByTestId('task-card').getByRole('button', { name: 'Book the flights', exact: true }).click();
        await page.getByTestId('task-detail-dialog').getByTestId('detail-delete').click();
        await page
          .getByTestId('confirm-dialog')
          .getByRole('button', { name: t('delete.confirm') })
          .click();
        const toast = page.getByRole('status').filter({ hasText: t('toasts.deleted') });
        await expect(toast).toBeVisible();
        // The page's clock stands still, so its toast stays while the server's 10 s go by (a slow
        // network, a sleeping laptop). Paused, the page draws no frames: the button is pressed by its event.
        await page.clock.pauseAt(Date.now() + 1000);
        await new Promise((resolve) => setTimeout(resolve, 11_000));
        await toast.getByRole('button', { name: undo('undo.action') }).dispatchEvent('click');
        await expect(page.getByRole('alert').filter({ hasText: undo('undo.restoreTooLate') })).toBeVisible();
        await expect(page.getByTestId('task-card')).toHaveCount(0);
        expect(await taskStatus(page, account, tasks[0]!.id)).toBe(404);
      });
  });
}
