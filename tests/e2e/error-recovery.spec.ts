import type { Page } from '@playwright/test';
import { createAccount, createTask, expect, expectNoSeriousA11yViolations, localeTexts, test, useSession } from './fixtures.ts';

/**
 * A deploy replaces the chunk names an open page still asks for: the chunk's request fails. Here
 * the request is aborted (page.route) on a fresh visit; the app says so instead of going blank,
 * and recovers once the chunk can be fetched again.
 */
async function blockChunk(page: Page, name: string) {
  const pattern = new RegExp(`/assets/${name}-[\\w-]+\\.js$`);
  const attempts: string[] = [];
  await page.route(pattern, (route) => {
    attempts.push(route.request().url());
    return route.abort();
  });
  return { attempts, unblock: () => page.unroute(pattern) };
}

test('a screen whose chunk does not arrive says so under the header, and Try again or Reload recovers', async ({ page, request }) => {
  const c = await localeTexts('en', 'common');
  const t = await localeTexts('en', 'tasks');
  const account = await createAccount(request, 'Rana Recovery', { verified: true });
  await createTask(request, account, { title: 'Water the plants' });
  await useSession(page, account);

  const dashboardChunk = await blockChunk(page, 'dashboard-page');
  await page.goto('/dashboard');
  const heading = page.getByRole('heading', { level: 1, name: c('recovery.chunkTitle') });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();
  await expect(page.getByText(c('recovery.chunkDescription'))).toBeVisible();
  // The header stays, so the rest of the app is a click away.
  await expect(page.getByRole('navigation', { name: c('nav.mainNavigation') })).toBeVisible();
  // The import was tried again by itself before the message showed.
  expect(dashboardChunk.attempts).toHaveLength(2);
  await expectNoSeriousA11yViolations(page);

  await dashboardChunk.unblock();
  await page.getByRole('button', { name: c('actions.tryAgain') }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('dashboard.title') })).toBeVisible();
  await expect(page.getByTestId('task-card').filter({ hasText: 'Water the plants' })).toBeVisible();

  // Once more, recovered by Reload: the page fetches the current index and its chunks.
  const again = await blockChunk(page, 'dashboard-page');
  await page.reload();
  await expect(heading).toBeVisible();
  await again.unblock();
  await page.getByRole('button', { name: c('recovery.reload') }).click();
  await expect(page.getByTestId('task-card').filter({ hasText: 'Water the plants' })).toBeVisible();
  await expect(heading).toBeHidden();
});

test('a task dialog whose chunk does not arrive says so in a dialog that closes, and Try again opens the task', async ({
  page,
  request,
}) => {
  const c = await localeTexts('en', 'common');
  const t = await localeTexts('en', 'tasks');
  const account = await createAccount(request, 'Rana Recovery', { verified: true });
  await createTask(request, account, { title: 'Water the plants' });
  await useSession(page, account);

  const dialogsChunk = await blockChunk(page, 'task-dialogs-bundle');
  await page.goto('/dashboard');
  const open = page.getByTestId('task-card').getByRole('button', { name: 'Water the plants', exact: true });
  await open.click();
  const message = page.getByRole('dialog', { name: c('recovery.chunkTitle') });
  await expect(message).toBeVisible();
  await expect(message).toContainText(c('recovery.chunkDescription'));
  await expect(message.getByRole('heading', { name: c('recovery.chunkTitle') })).toBeFocused();
  await expect(message.getByRole('button', { name: c('recovery.reload') })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Closed like the dialog it stands for; opening the task again asks for the chunk again.
  await message.getByRole('button', { name: c('actions.close') }).click();
  await expect(message).toBeHidden();
  const before = dialogsChunk.attempts.length;
  await open.click();
  await expect(message).toBeVisible();
  expect(dialogsChunk.attempts.length).toBeGreaterThan(before);

  await dialogsChunk.unblock();
  await message.getByRole('button', { name: c('actions.tryAgain') }).click();
  const detail = page.getByRole('dialog', { name: 'Water the plants' });
  await expect(detail).toBeVisible();
  await expect(detail.getByRole('tab', { name: t('detail.comments') })).toBeVisible();
});

test('without the parser, quick add saves the title as typed; Today whose chunk does not arrive says so in its place and Try again shows it', async ({
  page,
  request,
}) => {
  const c = await localeTexts('en', 'common');
  const account = await createAccount(request, 'Rana Recovery', { verified: true });
  await useSession(page, account);
  const parser = await blockChunk(page, 'quick-add-recognition');
  const today = await blockChunk(page, 'due-views');
  await page.goto('/dashboard');

  // The spec's quick add: the title as typed, due today, medium.
  await page.getByTestId('quick-add-toggle').click();
  const field = page.locator('#quick-add-input');
  await field.fill('Buy milk tomorrow');
  await expect.poll(() => parser.attempts.length).toBe(2);
  await field.press('Enter');
  const card = page.getByTestId('task-card').filter({ hasText: 'Buy milk tomorrow' });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('due-date')).toContainText('Today');

  await page.getByRole('tab', { name: (await localeTexts('en', 'tasks'))('views.today') }).click();
  const retry = page.getByRole('button', { name: c('actions.tryAgain') });
  await expect(retry).toBeVisible();
  // The tabs stay, so the other views are a click away.
  await expect(page.getByRole('tab', { name: (await localeTexts('en', 'tasks'))('views.all') })).toBeVisible();
  await today.unblock();
  await retry.click();
  await expect(page.getByTestId('today-view')).toBeVisible();
});
