import type { Locator, Page } from '@playwright/test';
import { createAccount, createTask, expect, localeTexts, setLanguage, test, useSession } from './fixtures.ts';

/**
 * Issue 23, phone fit: at 360 and 414 px in English and Arabic, and at 360 px in the other four
 * languages, the signed-in screens work with one hand. The spec's tabs are in a bar at the bottom with quick add; bell, settings and the menu
 * with sign out stay in the header; every control of header, bar and quick add is at least
 * 44 × 44 CSS px; nothing scrolls sideways. SQLite only: none of it reaches the database.
 */

/** The controls inside `area` that are on screen and narrower or shorter than 44 px, named. */
async function smallTargets(area: Locator) {
  return area.evaluateAll((roots) =>
    roots.flatMap((root) =>
      [...root.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [role="tab"]')]
        .filter((element) => element.checkVisibility())
        .map((element) => ({ element, box: element.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 1 && (box.width < 44 || box.height < 44))
        .map(({ element, box }) => `${element.getAttribute('aria-label') ?? element.textContent?.trim()}: ${box.width}×${box.height}`),
    ),
  );
}

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

// Both directions at both widths; the other languages (the longest words: German, French) at the narrowest.
const CASES = [
  ...(['en', 'ar'] as const).flatMap((language) => [360, 414].map((width) => ({ language, width }))),
  ...(['hi', 'es', 'fr', 'de'] as const).map((language) => ({ language, width: 360 })),
];

for (const { language, width } of CASES) {
  {
    test(`${language} at ${width} px: tabs and quick add at the thumb, bell, settings and sign out at hand, all ≥ 44 px, nothing sideways`, async ({
      page,
      request,
    }) => {
      const c = await localeTexts(language, 'common');
      const t = await localeTexts(language, 'tasks');
      const account = await createAccount(request, 'Tala Thumb');
      await createTask(request, account, { title: 'Water the plants' });
      await page.setViewportSize({ width, height: 800 });
      await setLanguage(page, language);
      await useSession(page, account);
      await page.goto('/dashboard');
      await expect(page.getByTestId('task-card')).toHaveCount(1);
      // Installed, the screens draw to the edges and pad for the notch and the home indicator.
      await expect(page.locator('meta[name="viewport"]')).toHaveAttribute('content', /viewport-fit=cover/);

      const header = page.locator('header');
      const bar = page.locator('[data-phone-dock]');
      const tabs = bar.getByRole('navigation', { name: c('nav.mainNavigation') });
      await expect(tabs.getByRole('link')).toHaveText([c('nav.tasks'), c('nav.shared'), c('nav.labels')]);
      await expect(tabs.getByRole('link', { name: c('nav.tasks') })).toHaveAttribute('aria-current', 'page');
      // The bar is the bottom of the screen, where the thumb rests.
      const barBox = (await bar.boundingBox())!;
      expect(barBox.y + barBox.height).toBeCloseTo(800, 0);
      expect(await smallTargets(header.or(bar))).toEqual([]);
      expect(await sideways(page)).toBe(0);

      // Quick add opens in the bar's row, its field and what it recognised within reach; Escape gives the keyboard back to the toggle.
      const toggle = bar.getByTestId('quick-add-toggle');
      await expect(toggle).toHaveAccessibleName(t('quickAdd.open'));
      await toggle.click();
      const field = bar.getByLabel(t('quickAdd.label'));
      await expect(field).toBeFocused();
      expect((await field.boundingBox())!.y).toBeGreaterThan(800 - 100);
      await field.fill('Call the bank tomorrow #errands');
      await expect(bar.getByTestId('quick-add-chips')).toBeVisible();
      expect(await smallTargets(bar)).toEqual([]);
      expect(await sideways(page)).toBe(0);
      await field.press('Escape');
      await expect(toggle).toBeFocused();
      await toggle.click();
      await field.fill('Call the bank');
      await field.press('Enter');
      await expect(page.getByTestId('task-card')).toHaveCount(2);
      await toggle.click();
      await expect(tabs).toBeVisible();

      // The tabs work from the bar.
      await tabs.getByRole('link', { name: c('nav.shared') }).click();
      await expect(page).toHaveURL(/\/shared$/);
      await expect(tabs.getByRole('link', { name: c('nav.shared') })).toHaveAttribute('aria-current', 'page');
      await tabs.getByRole('link', { name: c('nav.labels') }).click();
      await expect(page).toHaveURL(/\/labels$/);
      await tabs.getByRole('link', { name: c('nav.tasks') }).click();
      await expect(page).toHaveURL(/\/dashboard$/);

      // The bell and settings in one tap from the header.
      const bell = page.getByTestId('notification-bell').locator('> button');
      await bell.click();
      await expect(bell).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByTestId('pending-shares')).toBeInViewport();
      expect(await sideways(page)).toBe(0);
      await bell.click();
      await header.getByRole('link', { name: c('nav.settings') }).click();
      await expect(page).toHaveURL(/\/settings$/);
      await expect(tabs.getByRole('link', { name: c('nav.tasks') })).not.toHaveAttribute('aria-current', 'page');

      // Sign out from the menu.
      await header.getByRole('button', { name: c('nav.openMenu') }).click();
      await expect(header.getByText(account.user.email)).toBeVisible();
      expect(await smallTargets(header)).toEqual([]);
      expect(await sideways(page)).toBe(0);
      await header.getByRole('button', { name: c('nav.signOut') }).click();
      await expect(page).toHaveURL(/\/login$/);
    });
  }
}

/**
 * A thumb's targets in the task dialog and in settings: every control at least 44 × 44 px, or
 * inside a label that is (a checkbox, a switch, a theme card). A checklist box inside the
 * description's text is exempt, as a link in a sentence is (WCAG 2.5.8's inline exception).
 */
async function smallControls(area: Locator) {
  return area.evaluateAll((roots) =>
    roots.flatMap((root) =>
      [...root.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [role="tab"]')]
        .filter((element) => element.checkVisibility() && !element.closest('.prose'))
        .filter((element) => !(element.tagName === 'A' && getComputedStyle(element).display === 'inline'))
        .filter((element) => {
          const label = element.closest('label');
          const box = (label ?? element).getBoundingClientRect();
          return box.width > 1 && (box.width < 44 || box.height < 44);
        })
        .map((element) => {
          const box = element.getBoundingClientRect();
          return `${element.getAttribute('aria-label') ?? element.getAttribute('name') ?? element.textContent?.trim()}: ${box.width}×${box.height}`;
        }),
    ),
  );
}

for (const language of ['en', 'ar'] as const) {
  test(`${language} at 360 px: the task dialog (subtasks, labels, reminders) and settings have only thumb-sized controls`, async ({
    page,
    request,
  }) => {
    const account = await createAccount(request, 'Tala Thumb');
    const task = await createTask(request, account, { title: 'Plan the offsite', labels: ['work'], due_date: '2030-01-10' });
    for (const title of ['Book the venue', 'Send the invitations']) {
      expect(
        (
          await request.post(`/api/tasks/${task.id}/subtasks`, { headers: { authorization: `Bearer ${account.token}` }, data: { title } })
        ).status(),
      ).toBe(201);
    }
    expect(
      (
        await request.post(`/api/tasks/${task.id}/reminders`, {
          headers: { authorization: `Bearer ${account.token}` },
          data: { offset_minutes: 60 },
        })
      ).status(),
    ).toBe(201);
    await page.setViewportSize({ width: 360, height: 800 });
    await setLanguage(page, language);
    await useSession(page, account);
    await page.goto(`/dashboard?task=${task.id}`);
    const dialog = page.getByTestId('task-detail-dialog');
    await expect(dialog.getByTestId('subtask')).toHaveCount(2);
    await expect(dialog.getByTestId('detail-reminders')).toBeVisible();
    expect(await smallControls(dialog)).toEqual([]);
    expect(await sideways(page)).toBe(0);
    await page.keyboard.press('Escape');
    await page.goto('/settings');
    await expect(page.getByTestId('time-zone')).toBeVisible();
    expect(await smallControls(page.locator('main'))).toEqual([]);
    expect(await sideways(page)).toBe(0);
  });
}

test('from 768 px the header is as before: tabs and quick add in it, no bar at the bottom', async ({ page, request }) => {
  const account = await createAccount(request);
  await page.setViewportSize({ width: 768, height: 800 });
  await useSession(page, account);
  await page.goto('/dashboard');
  const header = page.locator('header');
  await expect(header.getByRole('navigation', { name: 'Main navigation' }).getByRole('link')).toHaveText([
    'Tasks',
    'Shared with me',
    'Labels',
  ]);
  await expect(header.getByTestId('quick-add-toggle')).toBeVisible();
  await expect(header.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(page.locator('[data-phone-dock]')).toHaveCount(0);
  // Turned to a phone's width with a task half typed, the same page moves the tabs and quick add
  // to the bar, and quick add carries on with the text, open and focused.
  await header.getByTestId('quick-add-toggle').click();
  await page.locator('#quick-add-input').fill('Call the plumber');
  await page.setViewportSize({ width: 414, height: 800 });
  await expect(page.locator('[data-phone-dock]').getByTestId('quick-add-toggle')).toBeVisible();
  await expect(header.getByTestId('quick-add-toggle')).toHaveCount(0);
  await expect(page.locator('#quick-add-input')).toHaveValue('Call the plumber');
  await expect(page.locator('#quick-add-input')).toBeFocused();
  // And back.
  await page.setViewportSize({ width: 800, height: 800 });
  await expect(header.locator('#quick-add-input')).toHaveValue('Call the plumber');
});
