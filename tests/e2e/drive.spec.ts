import { startWebdavServer, type TestWebdavServer } from '../support/webdav-server.ts';
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
} from './fixtures.ts';

/**
 * Issue 24 in the browser: a WebDAV drive (a real one, webdav-server on loopback) connected in
 * Settings, browsed from a task with the spec's filters and a search, a file attached as a copy
 * and another as a link, and disconnected again.
 */
let drive: TestWebdavServer;
test.beforeAll(async () => {
  drive = await startWebdavServer();
});
test.afterAll(async () => {
  await drive.stop();
});

for (const { language, theme } of [
  { language: 'en', theme: 'light' },
  { language: 'ar', theme: 'dark' },
] as const) {
  test(`${language}, ${theme}: connect a WebDAV drive, browse it from a task, attach a copy and a link, disconnect`, async ({
    page,
    request,
  }) => {
    test.slow();
    const account = await createAccount(request);
    await useSession(page, account);
    await setLanguage(page, language);
    await setTheme(page, theme);
    const settings = await localeTexts(language, 'settings');
    const files = await localeTexts(language, 'files');
    const task = await createTask(request, account, { title: language === 'ar' ? 'خطة الربع' : 'Quarter plan' });

    // Settings: a wrong app password is refused on its field; the right one connects.
    await page.goto('/settings#integrations');
    const card = page.getByTestId('drive-card');
    await expect(card.getByTestId('drive-status')).toHaveText(settings('drive.disconnected'));
    await card.getByLabel(settings('drive.url')).fill(drive.url);
    await card.getByLabel(settings('drive.username')).fill(drive.username);
    await card.getByLabel(settings('drive.password'), { exact: true }).fill('not the password');
    await card.getByRole('button', { name: settings('drive.connect') }).click();
    await expect(card.getByLabel(settings('drive.password'), { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await card.getByLabel(settings('drive.password'), { exact: true }).fill(drive.password);
    await card.getByRole('button', { name: settings('drive.connect') }).click();
    await expect(card.getByTestId('drive-status')).toHaveText(settings('drive.connected'));
    await expect(card).toContainText(drive.username);
    await expectNoSeriousA11yViolations(page);

    // From the task: the drive's root, then the filters and a search in any script.
    await page.goto(`/dashboard?task=${task.id}`);
    const dialog = page.getByTestId('task-detail-dialog');
    await dialog.getByTestId('attach-from-drive').click();
    const picker = page.getByTestId('drive-picker');
    const items = picker.getByTestId('drive-item');
    await expect(items.filter({ hasText: 'Documents' })).toHaveCount(1);
    await expect(items.filter({ hasText: 'notes.txt' })).toHaveCount(1);
    await picker.getByRole('button', { name: files('drive.filters.folders') }).click();
    await expect(items.filter({ hasText: 'notes.txt' })).toHaveCount(0);
    await expect(items.filter({ hasText: 'Photos' })).toHaveCount(1);
    await picker.getByRole('button', { name: files('drive.filters.all') }).click();
    await items.filter({ hasText: 'Photos' }).getByRole('button').click();
    await expect(items.filter({ hasText: 'whiteboard.png' })).toHaveCount(1);
    await expectNoSeriousA11yViolations(page);

    await items
      .filter({ hasText: 'whiteboard.png' })
      .getByRole('button', { name: files('drive.attachCopyOf', { name: 'whiteboard.png' }) })
      .click();
    await expect(items.filter({ hasText: 'whiteboard.png' }).getByTestId('drive-attached')).toHaveText(files('drive.attachedCopy'));
    // The pressed button is gone: focus is on what took its place.
    await expect(items.filter({ hasText: 'whiteboard.png' }).getByTestId('drive-attached')).toBeFocused();

    await picker.getByRole('button', { name: files('drive.root') }).click();
    await picker.getByTestId('drive-search').fill('تقرير');
    const found = items.filter({ hasText: 'تقرير الربع.pdf' });
    await expect(found).toHaveCount(1);
    await found.getByRole('button', { name: files('drive.attachLinkTo', { name: 'تقرير الربع.pdf' }) }).click();
    await expect(found.getByTestId('drive-attached')).toHaveText(files('drive.attachedLink'));
    await page.keyboard.press('Escape');
    await expect(picker).toHaveCount(0);

    // The copy is a file of the task, with its thumbnail; the link opens on the drive.
    const rows = dialog.getByTestId('file-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: 'whiteboard.png' }).locator('img')).toHaveAttribute('src', /^blob:/);
    await expect(
      rows.filter({ hasText: 'تقرير الربع.pdf' }).getByRole('button', { name: files('openOnDrive', { name: 'تقرير الربع.pdf' }) }),
    ).toBeVisible();

    // Disconnected: the task's picker says so and points to Settings.
    await page.goto('/settings#integrations');
    await card.getByTestId('drive-disconnect').click();
    await expect(card.getByTestId('drive-status')).toHaveText(settings('drive.disconnected'));
    await page.goto(`/dashboard?task=${task.id}`);
    await dialog.getByTestId('attach-from-drive').click();
    await expect(picker.getByTestId('drive-not-connected')).toBeVisible();
  });
}
