import type { Page } from '@playwright/test';
import sharp from 'sharp';
import {
  createAccount,
  createTask,
  expect,
  expectNoSeriousA11yViolations,
  localeTexts,
  setLanguage,
  setTheme,
  test,
  uniqueEmail,
  useSession,
  type Account,
} from './fixtures.ts';
import { waitForMailedLink } from './mailbox.ts';

/** Answers GET /api/ai/status from the test (the real writer depends on the server's configuration). */
async function aiStatus(page: Page, answer: { status: number; body: unknown }) {
  await page.route('**/api/ai/status', (route) => route.fulfill({ status: answer.status, json: answer.body }));
}
const BUILTIN = { status: 200, body: { kind: 'builtin', label: 'Taskaty offline writer' } };

let account: Account;
test.beforeEach(async ({ page, request }) => {
  account = await createAccount(request, 'Noor Settings');
  await useSession(page, account);
});

test('settings is protected: a visitor goes to sign-in', async ({ browser }) => {
  const page = await browser.newPage();
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login$/);
  await page.close();
});

test('the user card shows name, e-mail and the member-since date in the UI language', async ({ page }) => {
  await aiStatus(page, BUILTIN);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page).toHaveTitle('Settings | Taskaty');
  await expect(page.getByTestId('profile-name')).toHaveText('Noor Settings');
  await expect(page.getByTestId('profile-email')).toHaveText(account.user.email);
  const since = new Intl.DateTimeFormat('en', { year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(account.user.created_at));
  await expect(page.getByTestId('profile-member-since')).toHaveText(`Member since ${since}`);
  // It is a signed-in page: inside the app's header.
  await expect(page.getByRole('link', { name: 'Settings' }).first()).toHaveAttribute('aria-current', 'page');
});

test('theme light, dark or system: applied at once with the theme colour, kept across reloads, previewed', async ({ page }) => {
  await aiStatus(page, BUILTIN);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/settings');
  const html = page.locator('html');
  const themeColor = page.locator('meta[name="theme-color"]');
  const preview = page.getByTestId('theme-preview');
  // People click the card; the radio itself works too (below).
  const choose = (name: string) => page.getByRole('group', { name: 'Theme' }).getByText(name, { exact: true }).click();

  await choose('Dark');
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(themeColor).toHaveAttribute('content', '#1f2937');
  await expect(preview).toContainText('This is how your tasks look in dark mode.');
  expect(await page.evaluate(() => localStorage.getItem('taskaty_theme'))).toBe('dark');
  await page.reload();
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(page.getByRole('radio', { name: 'Dark', exact: true })).toBeChecked();

  await page.getByRole('radio', { name: 'Light', exact: true }).check();
  await expect(html).not.toHaveClass(/\bdark\b/);
  await expect(themeColor).toHaveAttribute('content', '#9333ea');
  await expect(preview).toContainText('This is how your tasks look in light mode.');
  expect(await page.evaluate(() => localStorage.getItem('taskaty_theme'))).toBe('light');

  // System follows the device, live.
  await choose('System');
  expect(await page.evaluate(() => localStorage.getItem('taskaty_theme'))).toBe('system');
  await expect(page.getByText('Your device is using light mode right now.')).toBeVisible();
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(themeColor).toHaveAttribute('content', '#1f2937');
  await expect(page.getByText('Your device is using dark mode right now.')).toBeVisible();
});

test('a WebDAV drive can be connected; cloud drives that need a sign-in and the other integrations are coming soon', async ({ page }) => {
  await aiStatus(page, BUILTIN);
  await page.goto('/settings');
  const integrations = page.getByRole('region', { name: 'Integrations' });
  for (const name of ['File sync', 'Cloud drive: Google Drive, Dropbox, OneDrive', 'Team chat', 'Task import']) {
    const item = integrations.getByRole('listitem').filter({ hasText: name });
    await expect(item.getByText('Coming soon')).toBeVisible();
  }
  // Issue 24: the spec's drive connection states, disconnected until one is connected.
  const drive = integrations.getByTestId('drive-card');
  await expect(drive.getByTestId('drive-status')).toHaveText('Disconnected');
  await expect(drive.getByText('Coming soon')).toHaveCount(0);
  await expect(drive.getByRole('button', { name: 'Connect drive' })).toBeVisible();
});

test.describe('AI writer card', () => {
  test('names the built-in writer', async ({ page }) => {
    await aiStatus(page, BUILTIN);
    await page.goto('/settings');
    const card = page.getByTestId('ai-writer-status');
    await expect(card).toHaveAttribute('data-kind', 'builtin');
    await expect(card).toContainText('Built-in writer');
    await expect(card).toContainText('Active');
    await expect(card).toContainText('Your text is never sent to an outside service.');
  });

  test('names an OpenAI-compatible provider and its model', async ({ page }) => {
    await aiStatus(page, {
      status: 200,
      body: { kind: 'openai-compatible', model: 'llama3.1:8b', label: 'llama3.1:8b via localhost:11434' },
    });
    await page.goto('/settings');
    const card = page.getByTestId('ai-writer-status');
    await expect(card).toContainText('Connected AI model');
    await expect(card.getByRole('definition').first()).toHaveText('llama3.1:8b');
    await expect(card).toContainText('llama3.1:8b via localhost:11434');
  });

  test('a failure shows an error with Try Again, which recovers', async ({ page }) => {
    let calls = 0;
    await page.route('**/api/ai/status', (route) => {
      calls += 1;
      return calls <= 2
        ? route.fulfill({ status: 500, json: { message: 'Server Error' } })
        : route.fulfill({ status: 200, json: BUILTIN.body });
    });
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'AI writer' });
    await expect(section.getByRole('alert')).toContainText("We couldn't check the AI writer right now.");
    await section.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByTestId('ai-writer-status')).toContainText('Built-in writer');
  });

  test('the real endpoint answers in the agreed shape', async ({ request }) => {
    const response = await request.get('/api/ai/status', { headers: { authorization: `Bearer ${account.token}` } });
    test.skip(response.status() === 404, 'GET /api/ai/status is not deployed yet');
    expect(response.status()).toBe(200);
    const body = await response.json();
    expect(['builtin', 'openai-compatible']).toContain(body.kind);
    expect(typeof body.label).toBe('string');
  });
});

test('settings in Arabic: right to left, translated, date in Arabic', async ({ page }) => {
  await aiStatus(page, BUILTIN);
  await setLanguage(page, 'ar');
  await page.goto('/settings');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'الإعدادات' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'المظهر' })).toBeVisible();
  const since = new Intl.DateTimeFormat('ar', { year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(account.user.created_at));
  await expect(page.getByTestId('profile-member-since')).toHaveText(`عضو منذ ${since}`);
  await expect(page.getByTestId('ai-writer-status')).toContainText('الكاتب المدمج');
});

for (const language of ['en', 'ar'] as const) {
  for (const theme of ['light', 'dark'] as const) {
    test(`settings in ${language}, ${theme}: no serious or critical axe violations`, async ({ page }) => {
      await aiStatus(page, BUILTIN);
      await setLanguage(page, language);
      await setTheme(page, theme);
      await page.goto('/settings');
      await expect(page.getByTestId('ai-writer-status')).toBeVisible();
      await expect(page.getByTestId('session-row')).toHaveCount(1);
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b).*$/);
      await expectNoSeriousA11yViolations(page);
    });
  }
}

/* ---------------------------------------------------------------------------------------------
 * Issue 18: the account's name, photo, e-mail, password, sessions and deletion.
 * ------------------------------------------------------------------------------------------- */

const STRONG = 'quiet lantern 58 harbour';
const png = (width = 320, height = 200) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 160, b: 120 } } })
    .png()
    .toBuffer();

/** Signs in through the sign-in page, as a person on another device would. */
async function signInThroughPage(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test.describe('account settings', () => {
  test.beforeEach(async ({ page }) => aiStatus(page, BUILTIN));

  test('a new name is saved and shows in the user card at once and after a reload', async ({ page, request }) => {
    await page.goto('/settings');
    const profile = page.getByRole('region', { name: 'Profile', exact: true });
    const name = profile.getByLabel('Name', { exact: true });
    await expect(name).toHaveValue('Noor Settings');
    // Nothing to save until it changes; a blank name is refused here, before any request.
    await expect(profile.getByRole('button', { name: 'Save name' })).toBeDisabled();
    await name.fill('   ');
    await profile.getByRole('button', { name: 'Save name' }).click();
    await expect(profile.getByText('Enter your name.')).toBeVisible();

    await name.fill('Noor Haddad');
    await profile.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your name has been saved.' })).toBeVisible();
    await expect(page.getByTestId('profile-name')).toHaveText('Noor Haddad');
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('taskaty_user')))!).name).toBe('Noor Haddad');
    const me = await request.get('/api/user', { headers: { authorization: `Bearer ${account.token}` } });
    expect((await me.json()).user.name).toBe('Noor Haddad');
    await page.reload();
    await expect(page.getByTestId('profile-name')).toHaveText('Noor Haddad');
  });

  test('a photo is checked, previewed, uploaded and shown in the user card; it can be removed', async ({ page }) => {
    await page.goto('/settings');
    const editor = page.getByTestId('photo-editor');
    const input = page.getByTestId('photo-input');
    const cardPhoto = page.locator('[data-section="profile"] img');
    const uploads: string[] = [];
    page.on('request', (r) => r.url().endsWith('/api/user/photo') && r.method() === 'PUT' && uploads.push(r.url()));

    // Checked before anything is sent: the type, then the size.
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(editor.getByRole('alert')).toHaveText('Choose a JPEG, PNG, WebP or GIF image.');
    await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
    await expect(editor.getByRole('alert')).toHaveText('This image is larger than 5 MB. Choose a smaller one.');
    // Says it is a PNG but is not one: the server's field error shows under the photo.
    await input.setInputFiles({
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    });
    await editor.getByRole('button', { name: 'Save photo' }).click();
    await expect(editor.getByRole('alert')).toHaveText('The photo must be a JPEG, PNG, WebP or GIF image.');
    expect(uploads).toHaveLength(1);
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await expect(editor.getByRole('button', { name: 'Upload photo' })).toBeFocused();

    // Dropped onto the picture: a preview first, saved only when asked.
    const image = (await png()).toString('base64');
    await page.getByTestId('photo-drop-zone').evaluate((zone, data) => {
      const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], 'me.png', { type: 'image/png' }));
      for (const type of ['dragenter', 'dragover', 'drop'])
        zone.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
    }, image);
    await expect(editor.getByText('This is a preview. Save it to use it as your photo.')).toBeVisible();
    await expect(editor.locator('img')).toHaveAttribute('src', /^blob:/);
    await expect(cardPhoto).toHaveCount(0);
    await expect(editor.getByRole('button', { name: 'Save photo' })).toBeFocused();
    await editor.getByRole('button', { name: 'Save photo' }).click();

    await expect(page.getByRole('status').filter({ hasText: 'Your photo has been updated.' })).toBeVisible();
    await expect(cardPhoto).toHaveAttribute('src', /^\/api\/user-photos\/[A-Za-z0-9_-]{24}\.webp$/);
    // A real image, the server's 256 px square.
    await expect.poll(() => cardPhoto.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(256);
    await expect(editor.getByRole('button', { name: 'Change photo' })).toBeFocused();
    await page.reload();
    await expect(cardPhoto).toHaveAttribute('src', /\/api\/user-photos\//);

    await editor.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your photo has been removed.' })).toBeVisible();
    await expect(cardPhoto).toHaveCount(0);
    await expect(page.locator('[data-section="profile"]')).toContainText('NS');
    await expect(editor.getByRole('button', { name: 'Upload photo' })).toBeFocused();
  });

  test('the photo picker is reachable from the keyboard', async ({ page }) => {
    await page.goto('/settings');
    const button = page.getByTestId('photo-editor').getByRole('button', { name: 'Upload photo' });
    await button.focus();
    const chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Enter');
    expect((await chooser).isMultiple()).toBe(false);
  });

  test('the e-mail address shows whether it is verified; a new one takes effect through the mailed link', async ({ page }) => {
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'E-mail address' });
    await expect(section.getByTestId('email-current')).toContainText(account.user.email);
    await expect(section.getByTestId('email-unverified')).toHaveText('Not verified');

    await section.getByRole('button', { name: 'Change e-mail address' }).click();
    const newEmail = section.getByLabel('New e-mail address');
    await expect(newEmail).toBeFocused();
    const next = uniqueEmail('moved');
    await newEmail.fill(next);
    await section.getByLabel('Your password', { exact: true }).fill('not my password');
    await section.getByRole('button', { name: 'Send link' }).click();
    await expect(section.getByText('The password is incorrect.')).toBeVisible();
    await section.getByLabel('Your password', { exact: true }).fill(account.password);
    await section.getByRole('button', { name: 'Send link' }).click();
    await expect(section.getByTestId('email-change-sent')).toHaveText(
      `We sent a link to \u2068${next}\u2069. Your address changes once you follow it.`,
    );
    await expect(section.getByRole('button', { name: 'Change e-mail address' })).toBeFocused();
    // Nothing changes until the link is followed.
    await expect(page.getByTestId('profile-email')).toHaveText(account.user.email);

    const { link } = await waitForMailedLink(next, '/verify-email');
    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(page.getByRole('heading', { name: 'E-mail address verified' })).toBeVisible();
    await page.goto('/settings');
    await expect(page.getByTestId('profile-email')).toHaveText(next);
    await expect(section.getByTestId('email-verified')).toHaveText('Verified');
  });

  test('a new password needs the current one, signs other devices out, and is the one that signs in', async ({
    page,
    browser,
    request,
  }) => {
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await signInThroughPage(otherPage, account.user.email, account.password);
    await expect(otherPage).toHaveURL(/\/dashboard$/);

    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Password', exact: true });
    const current = section.getByLabel('Current password', { exact: true });
    const fresh = section.getByLabel('New password', { exact: true });
    const confirm = section.getByLabel('Confirm new password', { exact: true });
    // Show/hide like sign-up.
    await current.fill('not my password');
    await expect(current).toHaveAttribute('type', 'password');
    await section.getByRole('button', { name: 'Show password' }).first().click();
    await expect(current).toHaveAttribute('type', 'text');
    await fresh.fill(STRONG);
    await confirm.fill(`${STRONG}!`);
    await section.getByRole('button', { name: 'Change password' }).click();
    await expect(section.getByText('The passwords do not match.')).toBeVisible();
    await confirm.fill(STRONG);
    await section.getByRole('button', { name: 'Change password' }).click();
    await expect(section.getByText('The password is incorrect.')).toBeVisible();
    await expect(current).toBeFocused();
    // The server's strength check, under its field.
    await current.fill(account.password);
    await fresh.fill('password   ');
    await confirm.fill('password   ');
    await section.getByRole('button', { name: 'Change password' }).click();
    await expect(section.getByText('The password is too easy to guess. Use a longer phrase of uncommon words.')).toBeVisible();

    await fresh.fill(STRONG);
    await confirm.fill(STRONG);
    await section.getByRole('button', { name: 'Change password' }).click();
    await expect(section.getByRole('status')).toHaveText('Your password has been changed. Your other devices have been signed out.');
    await expect(current).toHaveValue('');

    // The other device is signed out on its next request; this one is not.
    await otherPage.reload();
    await expect(otherPage).toHaveURL(/\/login$/);
    await other.close();
    await page.reload();
    await expect(page.getByTestId('profile-name')).toHaveText('Noor Settings');

    expect((await request.post('/api/user/login', { data: { email: account.user.email, password: account.password } })).status()).toBe(422);
    const fresher = await browser.newContext();
    const fresherPage = await fresher.newPage();
    await signInThroughPage(fresherPage, account.user.email, STRONG);
    await expect(fresherPage).toHaveURL(/\/dashboard$/);
    await fresher.close();
  });

  test('sessions: this device and another browser are listed; signing the other out sends it to sign-in', async ({ page, browser }) => {
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await signInThroughPage(otherPage, account.user.email, account.password);
    await expect(otherPage).toHaveURL(/\/dashboard$/);

    await page.goto('/settings');
    const section = page.getByRole('region', { name: "Where you're signed in" });
    const rows = section.getByTestId('session-row');
    await expect(rows).toHaveCount(2);
    // This device first, badged; the browser signed in through the page is named "… on Linux".
    await expect(rows.first()).toHaveAttribute('data-current', 'true');
    await expect(rows.first()).toContainText('This device');
    await expect(rows.first()).toContainText('Active now');
    const otherRow = rows.nth(1);
    await expect(otherRow.getByTestId('session-name')).toHaveText(/^\u2068.*Chrome.*\u2069 on \u2068Linux\u2069$/);
    await expect(otherRow).toContainText(/Signed in .+Last active (just now|\d+ minutes? ago)/);

    await otherRow.getByRole('button', { name: 'Sign out' }).click();
    await expect(rows).toHaveCount(1);
    await expect(page.getByRole('status').filter({ hasText: 'has been signed out.' })).toBeVisible();
    // No other row to go to: focus moves on to "Sign out everywhere".
    await expect(section.getByRole('button', { name: 'Sign out everywhere' })).toBeFocused();

    // The other browser may already be on sign-in (its live stream ended with the session) or find
    // out on its next request: either way, opening a screen there lands on sign-in.
    await otherPage.goto('/labels');
    await expect(otherPage).toHaveURL(/\/login$/);
    await other.close();
    await page.reload();
    await expect(rows).toHaveCount(1);
  });

  test('sign out everywhere asks first, then signs out every device, this one too', async ({ page, browser }) => {
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await signInThroughPage(otherPage, account.user.email, account.password);
    await expect(otherPage).toHaveURL(/\/dashboard$/);

    await page.goto('/settings');
    const section = page.getByRole('region', { name: "Where you're signed in" });
    await expect(section.getByTestId('session-row')).toHaveCount(2);
    const trigger = section.getByRole('button', { name: 'Sign out everywhere' });
    await trigger.click();
    const dialog = page.getByTestId('sign-out-everywhere-dialog');
    await expect(dialog).toContainText('Every device signed in to your account will be signed out, this one too.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(trigger).toBeFocused();

    await trigger.click();
    await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('taskaty_token'))).toBeNull();
    await otherPage.reload();
    await expect(otherPage).toHaveURL(/\/login$/);
    await other.close();
  });

  test('deleting the account reminds to export, needs the password, then lands on the home page for good', async ({ page, request }) => {
    await createTask(request, account, { title: 'Keep me?' });
    await page.goto('/settings');
    const zone = page.getByRole('region', { name: 'Delete account' });
    const trigger = zone.getByRole('button', { name: 'Delete account…' });

    // Escape closes it and focus returns to the button that opened it.
    await trigger.click();
    const dialog = page.getByTestId('delete-account-dialog');
    await expect(dialog.getByRole('heading', { name: 'Delete your account?' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(trigger).toBeFocused();

    await trigger.click();
    const reminder = dialog.getByTestId('delete-account-reminder');
    await expect(reminder).toContainText('Export what you want to keep first');
    await expect(reminder).toContainText('open it and choose Export PDF or Export Word in its details');
    await expect(reminder.getByRole('link', { name: 'Go to my tasks' })).toHaveAttribute('href', '/dashboard');
    await expect(dialog.getByRole('textbox')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Continue' }).click();

    const password = dialog.getByLabel('Your password', { exact: true });
    await expect(password).toBeFocused();
    await expect(dialog).toContainText('This cannot be undone.');
    await password.fill('not my password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(dialog.getByText('The password is incorrect.')).toBeVisible();
    await password.fill(account.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();

    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('taskaty_token'))).toBeNull();
    expect((await request.post('/api/user/login', { data: { email: account.user.email, password: account.password } })).status()).toBe(422);
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('Arabic: sessions and the delete dialog read right to left, with the names kept whole', async ({ page, browser }) => {
    const s = await localeTexts('ar', 'settings');
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await signInThroughPage(otherPage, account.user.email, account.password);
    await expect(otherPage).toHaveURL(/\/dashboard$/);
    await other.close();

    await setLanguage(page, 'ar');
    await page.goto('/settings');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const section = page.getByRole('region', { name: s('sessions.title') });
    await expect(section.getByTestId('session-row').first()).toContainText(s('sessions.thisDevice'));
    await expect(section.getByTestId('session-row').nth(1).getByTestId('session-name')).toHaveText(/ على \u2068Linux\u2069$/);
    await page.getByRole('button', { name: s('danger.open') }).click();
    await expect(page.getByTestId('delete-account-reminder')).toContainText(s('danger.exportTitle'));
  });

  for (const language of ['en', 'ar'] as const) {
    test(`settings in ${language} at 390 px: every section fits without sideways scrolling`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await setLanguage(page, language);
      await page.goto('/settings');
      await expect(page.getByTestId('session-row')).toHaveCount(1);
      await page.locator('[data-section="email-settings"] button').last().click();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });
  }

  for (const language of ['en', 'ar'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      test(`the delete dialog in ${language}, ${theme}: no serious or critical axe violations`, async ({ page }) => {
        const s = await localeTexts(language, 'settings');
        await setLanguage(page, language);
        await setTheme(page, theme);
        await page.goto('/settings');
        await page.getByRole('button', { name: s('danger.open') }).click();
        await expect(page.getByTestId('delete-account-reminder')).toBeVisible();
        await expectNoSeriousA11yViolations(page);
        await page
          .getByTestId('delete-account-dialog')
          .getByRole('button', { name: s('danger.continue') })
          .click();
        await page
          .getByTestId('delete-account-dialog')
          .getByRole('button', { name: s('danger.confirm') })
          .click();
        await expect(page.getByTestId('delete-account-dialog').getByRole('alert')).toBeVisible();
        await expectNoSeriousA11yViolations(page);
      });
    }
  }
});

test('Settings → Notifications in Hindi, Spanish, French and German: every text in the language, a choice saved, nothing wider than a 390 px phone', async ({
  page,
}) => {
  await aiStatus(page, BUILTIN);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const language of ['hi', 'es', 'fr', 'de']) {
    const s = await localeTexts(language, 'settings');
    await setLanguage(page, language);
    await page.goto('/settings');
    const section = page.getByRole('region', { name: s('notifications.title') });
    for (const kind of ['reminder', 'mention', 'comment', 'share_answer', 'occurrence'])
      await expect(section.getByText(s(`notifications.kinds.${kind}.name`), { exact: true })).toBeVisible();
    await expect(section.getByText(s('notifications.quietHours.title'), { exact: true })).toBeVisible();
    await expect(section.getByText(s('notifications.digest.title'), { exact: true })).toBeVisible();
    const box = section.getByRole('checkbox', { name: s('notifications.cell.email', { kind: s('notifications.kinds.comment.name') }) });
    const wanted = !(await box.isChecked());
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/user/notification-settings') && r.request().method() === 'PUT');
    await box.click();
    expect((await saved).status()).toBe(200);
    await expect(box).toBeChecked({ checked: wanted });
    await page.reload();
    await expect(box).toBeChecked({ checked: wanted });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  }
});
