import { createAccount, expect, expectNoSeriousA11yViolations, localeTexts, setLanguage, setTheme, test, useSession } from './fixtures.ts';

/**
 * Issue 25 in the browser: Settings → Integrations → API tokens. A token made by keyboard is shown
 * once with focus on it, works (read only), is listed with its last use, and is revoked after a
 * confirmation, in English and Arabic, light and dark.
 */
for (const { language, theme } of [
  { language: 'en', theme: 'light' },
  { language: 'ar', theme: 'dark' },
] as const) {
  test(`${language}, ${theme}: an API token is made, shown once, used, listed and revoked`, async ({ page, request, context }) => {
    const account = await createAccount(request);
    await useSession(page, account);
    await setLanguage(page, language);
    await setTheme(page, theme);
    const t = await localeTexts(language, 'settings');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/settings');
    const card = page.getByTestId('api-tokens-card');
    await expect(card).toContainText(t('apiTokens.none'));

    // Made by keyboard: a name, read only (the default), Enter.
    await card.getByLabel(t('apiTokens.tokenName')).fill('Wall display');
    await card.getByLabel(t('apiTokens.tokenName')).press('Enter');
    const secret = card.getByTestId('api-token-secret');
    await expect(secret).toBeFocused();
    const token = await secret.inputValue();
    expect(token).toMatch(/^\d+\|[A-Za-z0-9_-]{40}$/);
    await card
      .getByTestId('api-token-fresh')
      .getByRole('button', { name: t('copy.action') })
      .click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    await expectNoSeriousA11yViolations(page);

    // It reads, and only reads.
    const headers = { authorization: `Bearer ${token}` };
    expect((await request.get('/api/tasks', { headers })).status()).toBe(200);
    expect((await request.post('/api/tasks/add', { headers, data: { title: 'Not allowed' } })).status()).toBe(403);

    // Done hides the secret for good; the list names the token with its access and its use.
    await card.getByRole('button', { name: t('apiTokens.done') }).click();
    await expect(secret).toHaveCount(0);
    await page.reload();
    const row = card.getByTestId('api-token');
    await expect(row).toContainText('Wall display');
    await expect(row).toContainText(t('apiTokens.scope.read'));
    await expect(row).not.toContainText(t('apiTokens.neverUsed'));
    await expect(card).not.toContainText(token.split('|')[1]!);

    // Revoked after a confirmation: it opens nothing any more.
    await row.getByRole('button', { name: t('apiTokens.revokeNamed', { name: 'Wall display' }) }).click();
    const confirm = page.getByTestId('confirm-dialog');
    await expect(confirm).toContainText('Wall display');
    await confirm.getByRole('button', { name: t('apiTokens.revoke') }).click();
    await expect(row).toHaveCount(0);
    await expect(card.getByLabel(t('apiTokens.tokenName'))).toBeFocused();
    expect((await request.get('/api/tasks', { headers })).status()).toBe(401);
  });
}
