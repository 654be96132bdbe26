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
 * Issue 25 in the browser: Settings → Integrations → Calendar feed turned on, its address copied,
 * read as iCalendar, renewed after a confirmation (the old address then answers 404) and turned
 * off, by keyboard, in English and Arabic, light and dark.
 */
for (const { language, theme } of [
  { language: 'en', theme: 'light' },
  { language: 'ar', theme: 'dark' },
] as const) {
  test(`${language}, ${theme}: the calendar feed is turned on, copied, read, renewed and turned off`, async ({
    page,
    request,
    context,
  }) => {
    const account = await createAccount(request);
    await createTask(request, account, { title: 'Dentist', due_date: '2026-12-14' });
    await useSession(page, account);
    await setLanguage(page, language);
    await setTheme(page, theme);
    const t = await localeTexts(language, 'settings');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/settings');
    const card = page.getByTestId('calendar-feed-card');
    await expect(card.getByTestId('calendar-feed-status')).toHaveText(t('calendarFeed.off'));

    // On by keyboard: the address shows, with focus on it.
    await card.getByRole('button', { name: t('calendarFeed.turnOn') }).focus();
    await page.keyboard.press('Enter');
    const address = card.getByRole('textbox', { name: t('calendarFeed.address') });
    await expect(address).toBeFocused();
    await expect(card.getByTestId('calendar-feed-status')).toHaveText(t('calendarFeed.on'));
    const url = await address.inputValue();
    expect(url).toMatch(new RegExp(`/api/calendar/${account.user.id}-[A-Za-z0-9_-]{43}\\.ics$`));
    await expectNoSeriousA11yViolations(page);

    // Copied with one press.
    await card.getByRole('button', { name: t('copy.action') }).click();
    await expect(page.getByRole('status').filter({ hasText: t('calendarFeed.copied') })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

    // What a calendar app reads: the task as an all-day event.
    const feed = await request.get(new URL(url).pathname);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    expect(await feed.text()).toContain('SUMMARY:Dentist');
    expect(await feed.text()).toContain('DTSTART;VALUE=DATE:20261214');

    // Renewed after a confirmation: a new address, and the old one is dead.
    await card.getByRole('button', { name: t('calendarFeed.renew') }).click();
    const confirm = page.getByTestId('confirm-dialog');
    await expect(confirm).toContainText(t('calendarFeed.renewWarning'));
    await expectNoSeriousA11yViolations(page);
    await confirm.getByRole('button', { name: t('calendarFeed.renew') }).click();
    await expect(address).not.toHaveValue(url);
    await expect(address).toBeFocused();
    expect((await request.get(new URL(url).pathname)).status()).toBe(404);
    const renewed = await address.inputValue();
    expect((await request.get(new URL(renewed).pathname)).status()).toBe(200);

    // Off: the address stops working, and focus is on the button that turns it on again.
    await card.getByRole('button', { name: t('calendarFeed.turnOff') }).click();
    await expect(card.getByRole('button', { name: t('calendarFeed.turnOn') })).toBeFocused();
    await expect(card.getByTestId('calendar-feed-status')).toHaveText(t('calendarFeed.off'));
    expect((await request.get(new URL(renewed).pathname)).status()).toBe(404);
  });
}

test('the feed fits a phone: its address wraps inside the card, no sideways scrolling', async ({ page, request }) => {
  const account = await createAccount(request);
  await useSession(page, account);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/settings');
  const card = page.getByTestId('calendar-feed-card');
  await card.getByRole('button', { name: 'Turn on the calendar feed' }).click();
  await expect(card.getByTestId('calendar-feed-url')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
