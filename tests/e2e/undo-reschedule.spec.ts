import { expect, test, type Page } from '@playwright/test';
import { createAccount, createTask, isoDay, localeTexts, setLanguage, useSession } from './fixtures.ts';

/**
 * Issue 21 §6: an edit that moves a task's due date or time is a reschedule. Its toast keeps the
 * spec's "Task updated", says where the task went, and offers Undo for 8 s (Ctrl/Cmd+Z too), which
 * puts back only the date and time: the rest of the edit, and whatever changed since, stays.
 */

/** The date and time as the page writes them in the toast: the browser's own Intl, in the page's language. */
function whereText(page: Page, language: string, day: string, time: string) {
  return page.evaluate(
    ({ language, day, time }) => {
      const [y, m, d] = day.split('-').map(Number) as [number, number, number];
      const date = new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(new Date(y, m - 1, d));
      const [hour, minute] = time.split(':').map(Number) as [number, number];
      const clock = new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
        new Date(Date.UTC(2024, 0, 1, hour, minute)),
      );
      return { date, time: clock };
    },
    { language, day, time },
  );
}

for (const language of ['en', 'ar']) {
  test.describe(`undo a reschedule (${language})`, () => {
    test('moved in the edit dialog: the toast says where to, and Undo puts back the date and time only', async ({ page, request }) => {
      const t = await localeTexts(language, 'tasks');
      const schedule = await localeTexts(language, 'schedule');
      const undo = await localeTexts(language, 'shortcuts');
      const account = await createAccount(request, 'Reschedule User');
      const task = await createTask(request, account, {
        title: 'Send the invoice',
        due_date: isoDay(1),
        due_time: '09:00',
        priority: 'medium',
        labels: ['work'],
      });
      await setLanguage(page, language);
      await useSession(page, account);
      await page.goto('/dashboard');

      await page.getByTestId('task-card').getByRole('button', { name: 'Send the invoice', exact: true }).click();
      await page.getByTestId('task-detail-dialog').getByTestId('detail-edit').click();
      const form = page.getByTestId('task-form-dialog');
      await form.getByLabel(t('form.dueDate')).fill(isoDay(3));
      await form.getByLabel(schedule('form.time')).fill('17:30');
      await form.getByLabel(t('form.priority')).selectOption('high');
      await form.getByRole('button', { name: t('form.update') }).click();

      const where = await whereText(page, language, isoDay(3), '17:30');
      const toast = page.getByRole('status').filter({ hasText: t('toasts.updated') });
      await expect(toast.getByText(t('toasts.updated'), { exact: true })).toBeVisible();
      await expect(toast).toContainText(t('toasts.movedToAt', where));
      // Renamed meanwhile (another tab, or a collaborator): Undo must not put the old title back.
      const rename = await request.put(`/api/tasks/update/${task.id}`, {
        headers: { authorization: `Bearer ${account.token}` },
        data: { title: 'Send the final invoice' },
      });
      expect(rename.status()).toBe(200);
      await toast.getByRole('button', { name: undo('undo.action') }).click();
      await expect(page.getByRole('status').filter({ hasText: undo('undo.undone') })).toBeVisible();

      const read = await request.get(`/api/task/${task.id}`, { headers: { authorization: `Bearer ${account.token}` } });
      // The date and time are back; the priority the same edit changed stays changed.
      expect((await read.json()).task).toMatchObject({
        title: 'Send the final invoice',
        due_date: isoDay(1),
        due_time: '09:00',
        priority: 'high',
        labels: [{ name: 'work' }],
      });
      // The open task shows it back at once ("Tomorrow, 9:00 AM").
      const back = await whereText(page, language, isoDay(1), '09:00');
      await expect(page.getByTestId('task-detail-dialog')).toContainText(back.time);
    });

    test('an edit that leaves the date alone says only "Task updated"; clearing the date is undone with Ctrl+Z', async ({
      page,
      request,
    }) => {
      const t = await localeTexts(language, 'tasks');
      const undo = await localeTexts(language, 'shortcuts');
      const account = await createAccount(request, 'Reschedule User');
      const task = await createTask(request, account, { title: 'Renew the lease', due_date: isoDay(2), due_time: '08:15' });
      await setLanguage(page, language);
      await useSession(page, account);
      await page.goto('/dashboard');
      const card = page.getByTestId('task-card').filter({ hasText: 'Renew the lease' });
      const form = page.getByTestId('task-form-dialog');

      await card.getByRole('button', { name: 'Renew the lease', exact: true }).click();
      await page.getByTestId('task-detail-dialog').getByTestId('detail-edit').click();
      await form.getByLabel(t('form.title'), { exact: true }).fill('Renew the lease today');
      await form.getByRole('button', { name: t('form.update') }).click();
      const updated = page.getByRole('status').filter({ hasText: t('toasts.updated') });
      await expect(updated).toHaveText(t('toasts.updated'));
      await expect(updated.getByRole('button')).toHaveCount(0);

      await page.getByTestId('task-detail-dialog').getByTestId('detail-edit').click();
      await form.getByLabel(t('form.dueDate')).fill('');
      await form.getByRole('button', { name: t('form.update') }).click();
      await expect(page.getByRole('status').filter({ hasText: t('toasts.dueDateCleared') })).toBeVisible();
      await page.keyboard.press('Control+z');
      await expect(page.getByRole('status').filter({ hasText: undo('undo.undone') })).toBeVisible();
      const read = await request.get(`/api/task/${task.id}`, { headers: { authorization: `Bearer ${account.token}` } });
      expect((await read.json()).task).toMatchObject({ title: 'Renew the lease today', due_date: isoDay(2), due_time: '08:15' });
    });
  });
}
