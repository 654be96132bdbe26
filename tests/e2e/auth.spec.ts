import fs from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import { createAccount, expect, localeTexts, setLanguage, test, uniqueEmail, useSession } from './fixtures.ts';

const arabicServerText = JSON.parse(fs.readFileSync('web/i18n/locales/ar/server.json', 'utf8')) as Record<string, string>;

test('a new person signs up, signs in, comes back to a protected page after sign-in, and signs out', async ({ page }) => {
  const email = uniqueEmail('journey');
  await page.goto('/signup');
  await page.getByLabel('Full name').fill('Layla Journey');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('amber lantern sets sail');
  await page.getByLabel('Confirm password').fill('amber lantern sets sail');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Account created successfully! You can now sign in.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });

  // Visiting a protected page signed out lands on /login and remembers the page.
  await page.goto('/labels');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('amber lantern sets sail');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/labels$/);
  await expect(page.getByRole('link', { name: 'Labels' }).first()).toHaveAttribute('aria-current', 'page');

  const stored = await page.evaluate(() => ({ user: localStorage.getItem('taskaty_user'), token: localStorage.getItem('taskaty_token') }));
  expect(JSON.parse(stored.user!).email).toBe(email);
  expect(stored.token).toMatch(/^\d+\|/);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const after = await page.evaluate(() => [localStorage.getItem('taskaty_user'), localStorage.getItem('taskaty_token')]);
  expect(after).toEqual([null, null]);
});

test('sign-in with a blank field says to fill in all fields; wrong credentials show the server message', async ({ page, request }) => {
  const account = await createAccount(request);
  await page.goto('/login');
  await expect(page.getByLabel('Email address')).toHaveAttribute('type', 'email');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Please fill in all fields')).toBeVisible();

  await page.getByLabel('Email address').fill(account.user.email);
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('These credentials do not match our records.')).toBeVisible();

  // The show/hide toggle reveals the password.
  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
});

test('the sign-in page works before and without the app bundle: its own script, the language, a reload that keeps the remembered page', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  // Redirected from a protected page, then reloaded: the server's static copy of /login takes over.
  await page.goto('/labels');
  await expect(page).toHaveURL(/\/login$/);
  await page.reload();
  const scripts = await page.evaluate(() => [...document.scripts].map((script) => new URL(script.src, location.href).pathname));
  expect(scripts).toEqual(['/theme-init.js', '/auth.js']);
  await page.getByLabel('Email address').fill(account.user.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/labels$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('taskaty_user')))!)).toMatchObject({ email: account.user.email });

  // In Arabic: right to left, the page's own texts, and links that keep the chosen language.
  await page.evaluate(() => localStorage.clear());
  const t = await localeTexts('ar', 'auth');
  await page.goto('/login?lang=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByRole('button', { name: t('login.submit') }).click();
  await expect(page.getByRole('alert')).toHaveText(t('login.fillAllFields'));
  await expect(page.getByRole('link', { name: t('login.signupLink') })).toHaveAttribute('href', '/signup?lang=ar');
  await page.getByLabel(t('login.email')).fill(account.user.email);
  await page.getByLabel(t('login.password'), { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: t('login.submit') }).click();
  // The API answers in English (its contract); the page shows that message in its own language.
  const refused = await request.post('/api/user/login', {
    data: { email: account.user.email, password: 'wrong-password' },
    headers: { 'Accept-Language': 'ar' },
  });
  const english = ((await refused.json()) as { message: string }).message;
  expect(english).toBe('These credentials do not match our records.');
  await expect(page.getByRole('alert')).toHaveText(arabicServerText[english]!);
  await expect(page.getByRole('button', { name: t('login.submit') })).toBeEnabled();

  // Choosing another language reloads the page in it and remembers the choice.
  await page.getByRole('combobox').selectOption('fr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  const fr = await localeTexts('fr', 'auth');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(fr('login.title'));
  expect(await page.evaluate(() => localStorage.getItem('taskaty_language'))).toBe('fr');
});

test('sign-up shows each server field error under its field and clears it when edited', async ({ page, request }) => {
  const existing = await createAccount(request);
  await page.goto('/signup');
  await page.getByLabel('Email address').fill(existing.user.email);
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('The name field is required.')).toBeVisible();
  await expect(page.getByText('The email has already been taken.')).toBeVisible();
  await expect(page.getByText('The password must be at least 8 characters.')).toBeVisible();
  await page.getByLabel('Full name').fill('N');
  await expect(page.getByText('The name field is required.')).toBeHidden();
  await expect(page.getByText('The email has already been taken.')).toBeVisible();
});

test('route table: /tasks goes to /dashboard, unknown paths go home, public-only pages send a signed-in user on', async ({
  page,
  request,
}) => {
  await page.goto('/somewhere/unknown');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);

  const account = await createAccount(request);
  await useSession(page, account);
  await page.goto('/tasks');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/signup');
  await expect(page).toHaveURL(/\/dashboard$/);
  // A signed-in user is not redirected away from the landing page.
  await page.goto('/');
  await expect(page).toHaveURL(/\/$/);
});

test('a stored user that cannot be parsed is discarded together with the token', async ({ page }) => {
  await page.addInitScript(() => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    localStorage.setItem('taskaty_user', '{not json');
    localStorage.setItem('taskaty_token', '1|abc');
  });
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => [localStorage.getItem('taskaty_user'), localStorage.getItem('taskaty_token')])).toEqual([null, null]);
});

test('any parsable stored user with a token is signed in, and the app fills in the rest; the landing page discards a broken one', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await page.addInitScript(
    ([token]) => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('taskaty_user', JSON.stringify({ name: 'Only a name' }));
      localStorage.setItem('taskaty_token', token!);
    },
    [account.token],
  );
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  // The rest includes the browser's time zone, which a user without one gets on their first visit.
  const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  await expect
    .poll(async () => JSON.parse((await page.evaluate(() => localStorage.getItem('taskaty_user')))!))
    .toEqual({ ...account.user, time_zone: timeZone });

  await page.evaluate(() => localStorage.setItem('taskaty_user', '{broken'));
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Get started' }).first()).toBeVisible();
  expect(await page.evaluate(() => [localStorage.getItem('taskaty_user'), localStorage.getItem('taskaty_token')])).toEqual([null, null]);
});

test('a 401 from the API signs the user out and returns them to sign-in', async ({ page, request }) => {
  const account = await createAccount(request);
  await useSession(page, account);
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: 'Sign out' }).first()).toBeAttached();
  // Revoke the token behind the page's back; the next call the app makes gets a 401.
  await request.post('/api/user/logout', { headers: { authorization: `Bearer ${account.token}` } });
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('taskaty_token'))).toBeNull();
});

for (const language of ['en', 'ar'] as const) {
  for (const path of ['/login', '/signup']) {
    test(`${path} in ${language} has no serious accessibility violations and the right direction`, async ({ page }) => {
      await setLanguage(page, language);
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.locator('form')).toBeVisible();
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }
}

const WEAK_PASSWORD = 'The password is too easy to guess. Use a longer phrase of uncommon words.';

for (const language of ['en', 'ar'] as const) {
  test(`a weak password is refused under the password field in ${language}, on the static sign-up page and in the app`, async ({
    page,
  }) => {
    const t = await localeTexts(language, 'auth');
    const expected = language === 'en' ? WEAK_PASSWORD : arabicServerText[WEAK_PASSWORD]!;
    expect(expected).toBeTruthy();
    await setLanguage(page, language);

    const tryWeakPassword = async () => {
      await page.getByLabel(t('signup.name')).fill('Layla Haddad');
      await page.getByLabel(t('signup.email')).fill(uniqueEmail('weak'));
      await page.getByLabel(t('signup.password'), { exact: true }).fill('password123');
      await page.getByLabel(t('signup.confirmPassword')).fill('password123');
      await page.getByRole('button', { name: t('signup.submit') }).click();
      const password = page.getByLabel(t('signup.password'), { exact: true });
      await expect(password).toHaveAttribute('aria-invalid', 'true');
      await expect(password).toHaveAccessibleDescription(expected);
      await expect(page.getByText(expected)).toBeVisible();
    };

    // The server's static /signup (its own script, /auth.js).
    await page.goto('/signup');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await tryWeakPassword();

    // The app's sign-up form, reached without a page load from its sign-in page.
    await page.goto('/labels');
    await expect(page).toHaveURL(/\/login$/);
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await page.getByRole('link', { name: t('login.signupLink') }).click();
    await expect(page).toHaveURL(/\/signup$/);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await tryWeakPassword();
  });
}
