import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { createAccount, createTask, expect, isoDay, setLanguage, test, useSession, type Account } from './fixtures.ts';

/**
 * Issue 22 in Hindi, Spanish, French and German (en and ar: notifications.spec.ts): a reminder set
 * in the task dialog (choose an offset, then the add button), a reminder falling due in the bell
 * with its unread mark and count and snoozed from there, and an @mention written with the
 * suggestion list by keyboard reaching the bell and opening its task; every text the person reads
 * is their language's own, as the catalogues in web/i18n/locales write it.
 *
 * SQLite only (the file name is not matched by the postgres project): what these prove is the
 * screens' language, which the database does not change.
 */

type Messages = { [key: string]: string | Messages };
const catalogue = (language: string, namespace: string) =>
  JSON.parse(readFileSync(new URL(`../../web/i18n/locales/${language}/${namespace}.json`, import.meta.url), 'utf8')) as Messages;
const lookup = (messages: Messages, key: string) =>
  key.split('.').reduce<Messages | string | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), messages);

/** Texts French writes as English does: the same word, not a missing translation. */
const SAME_AS_ENGLISH = new Set(['fr:common:nav.notifications']);

/**
 * A language's text by dotted key, strictly: unlike `localeTexts` (fixtures.ts) there is no English
 * fallback, and a text still equal to the English one fails, so the screen showing English (a
 * missing key, a namespace that did not load) cannot pass as translated.
 */
function texts(language: string, namespace: string) {
  const own = catalogue(language, namespace);
  const english = catalogue('en', namespace);
  const find = (messages: Messages, lang: string, key: string, count: unknown) => {
    const plural = typeof count === 'number' ? lookup(messages, `${key}_${new Intl.PluralRules(lang).select(count)}`) : undefined;
    return plural ?? lookup(messages, key);
  };
  return (key: string, values: Record<string, string | number> = {}) => {
    const found = find(own, language, key, values.count);
    if (typeof found !== 'string') throw new Error(`web/i18n/locales/${language}/${namespace}.json has no "${key}"`);
    if (found === find(english, 'en', key, values.count) && !SAME_AS_ENGLISH.has(`${language}:${namespace}:${key}`))
      throw new Error(`web/i18n/locales/${language}/${namespace}.json: "${key}" is still the English text`);
    return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
  };
}

const withoutIsolates = (text: string | null) => (text ?? '').replace(/[\u2068\u2069]/g, '');
const auth = (account: Account) => ({ authorization: `Bearer ${account.token}` });

type Snooze = '10m' | '1h' | 'tomorrow';
interface Case {
  language: 'hi' | 'es' | 'fr' | 'de';
  /** The person reminded and mentioned; the task's owner, who mentions them; a third person on the task. */
  names: [first: string, owner: string, third: string];
  title: string;
  /** Minutes before the due moment chosen in the dialog (each language words another plural). */
  offset: number;
  snooze: Snooze;
  /** The comment around the mention: before the "@" and after the name. */
  comment: [before: string, after: string];
}

const CASES: Case[] = [
  {
    language: 'hi',
    names: ['अनीता वर्मा', 'रवि कुमार', 'सीमा राव'],
    title: 'बैंक को फ़ोन करें',
    offset: 60,
    snooze: '10m',
    comment: ['कृपया देखें ', 'आज'],
  },
  {
    language: 'es',
    names: ['Lucía Gómez', 'Mateo Ruiz', 'Sofía Díaz'],
    title: 'Llamar al banco',
    offset: 30,
    snooze: '1h',
    comment: ['Revisa esto, ', 'hoy'],
  },
  {
    language: 'fr',
    names: ['Élodie Martin', 'Théo Bernard', 'Zoé Petit'],
    title: 'Appeler la banque',
    offset: 0,
    snooze: 'tomorrow',
    comment: ['Peux-tu vérifier, ', 'aujourd’hui'],
  },
  {
    language: 'de',
    names: ['Jürgen Weiß', 'Anna Müller', 'Lena Schäfer'],
    title: 'Bank anrufen',
    offset: 1440,
    snooze: '10m',
    comment: ['Bitte prüfen, ', 'heute'],
  },
];

/** How far ahead each snooze puts the reminder (tomorrow is 09:00 in the person's zone: 8 to 34 hours on). */
const SNOOZE_AHEAD: Record<Snooze, [min: number, max: number]> = {
  '10m': [9 * 60_000, 11 * 60_000],
  '1h': [59 * 60_000, 61 * 60_000],
  tomorrow: [8 * 3_600_000, 34 * 3_600_000],
};

/** The dialog's wording of an offset (web/lib/reminder-wording.ts), from the catalogue. */
function offsetText(minutes: number, r: ReturnType<typeof texts>) {
  if (minutes === 0) return r('atDueTime');
  if (minutes % 1440 === 0) return r('daysBefore', { count: minutes / 1440 });
  if (minutes % 60 === 0) return r('hoursBefore', { count: minutes / 60 });
  return r('minutesBefore', { count: minutes });
}

/**
 * The owner's task, due in three days at 09:00, shared with the first person and a third one, who
 * accepted (shares reach proven addresses only, issue 18, so both prove theirs by mail).
 */
async function taskOfThree(request: APIRequestContext, { names, title }: Case) {
  const [first, owner, third] = await Promise.all([
    createAccount(request, names[0], { verified: true }),
    createAccount(request, names[1]),
    createAccount(request, names[2], { verified: true }),
  ]);
  const task = await createTask(request, owner, { title, due_date: isoDay(3), due_time: '09:00' });
  const shared = await request.post(`/api/tasks/${task.id}/share`, {
    headers: auth(owner),
    data: { email_ids: [third.user.email, first.user.email] },
  });
  expect(shared.status(), await shared.text()).toBe(200);
  for (const person of [third, first])
    expect((await request.post(`/api/tasks/${task.id}/accept-share`, { headers: auth(person) })).status()).toBe(200);
  return { first, owner, task };
}

async function expectLanguage(page: Page, language: string) {
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
}

for (const scenario of CASES) {
  const { language, names, title } = scenario;
  test(`(${language}) a reminder chosen and added in the task dialog, one due in the bell snoozed from there, and an @mention by keyboard opening its task, all in the language`, async ({
    page,
    browser,
    request,
  }) => {
    const r = texts(language, 'reminders');
    const n = texts(language, 'notifications');
    const s = texts(language, 'sharing');
    const c = texts(language, 'comments');
    const tasks = texts(language, 'tasks');
    const common = texts(language, 'common');
    const { first, owner, task } = await taskOfThree(request, scenario);

    await setLanguage(page, language);
    await useSession(page, first);
    await page.goto(`/dashboard?task=${task.id}`);
    await expectLanguage(page, language);
    const dialog = page.getByTestId('task-detail-dialog');
    const section = dialog.getByTestId('detail-reminders');
    await expect(section.getByRole('heading', { name: r('title') })).toBeVisible();

    // Choosing an offset only picks it: nothing is added until the button is pressed (by keyboard).
    let posted = 0;
    page.on('request', (sent) => {
      if (sent.method() === 'POST' && new URL(sent.url()).pathname === `/api/tasks/${task.id}/reminders`) posted += 1;
    });
    const choice = section.getByRole('combobox', { name: r('add'), exact: true });
    await expect(choice).toHaveAttribute('data-testid', 'reminder-choice');
    await choice.focus();
    await choice.selectOption({ label: offsetText(scenario.offset, r) });
    const add = section.getByTestId('reminder-add');
    await expect(add).toHaveAccessibleName(r('addMoment'));
    await expect(section.getByTestId('reminder')).toHaveCount(0);
    expect(posted).toBe(0);
    await add.focus();
    await page.keyboard.press('Enter');
    await expect(section.getByTestId('reminder')).toHaveCount(1);
    await expect(section.getByTestId('reminder')).toContainText(offsetText(scenario.offset, r));
    await expect(page.getByRole('status').filter({ hasText: r('added') })).toBeVisible();
    expect(posted).toBe(1);
    // Added, the picker is ready for another and has the focus; its button goes with the choice.
    await expect(choice).toBeFocused();
    await expect(choice).toHaveValue('');
    await expect(add).toHaveCount(0);
    const set = await request.get(`/api/tasks/${task.id}/reminders`, { headers: auth(first) });
    expect((await set.json()).reminders).toEqual([expect.objectContaining({ offset_minutes: scenario.offset, state: 'pending' })]);

    // A reminder falls due: the e2e server's scheduler is on the real clock and looks every 500 ms
    // (REMINDER_POLL_MS, playwright.config.ts), so one is set two seconds ahead, through the API as
    // the dialog's moments are whole minutes.
    const soon = await request.post(`/api/tasks/${task.id}/reminders`, {
      headers: auth(first),
      data: { remind_at: new Date(Date.now() + 2_000).toISOString() },
    });
    expect(soon.status()).toBe(201);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    const bell = page.getByTestId('notification-bell').getByRole('button').first();
    await expect(page.getByTestId('bell-unread')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('bell-badge')).toHaveCount(0);
    await expect(bell).toHaveAccessibleName(common('nav.notifications'));
    await expect(bell).toHaveAccessibleDescription(s('bell.unread', { count: 1 }));

    await bell.click();
    const centre = page.getByTestId('notifications');
    await expect(centre.getByTestId('notifications-unread-count')).toHaveText(n('unreadCount', { count: 1 }));
    const reminder = centre.getByTestId('notification').first();
    await expect(reminder).toHaveAttribute('data-kind', 'reminder');
    await expect(reminder).toHaveAttribute('data-unread', 'true');
    expect(withoutIsolates(await reminder.getByRole('link').textContent())).toContain(`${n('unread')}: ${n('kinds.reminder', { title })}`);
    const snooze = reminder.getByRole('group', { name: n('snooze.label') });
    for (const choice of ['10m', '1h', 'tomorrow'] as const)
      await expect(snooze.getByRole('button', { name: n(`snooze.${choice}`), exact: true })).toBeVisible();
    await expect(reminder.getByRole('button', { name: n('markRead'), exact: true })).toBeVisible();

    // Snoozed by keyboard: confirmed, read, its buttons gone and the focus on the reminder itself.
    await snooze.getByRole('button', { name: n(`snooze.${scenario.snooze}`), exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: n('snooze.done') })).toBeVisible();
    await expect(page.getByTestId('bell-unread')).toHaveCount(0);
    await expect(snooze).toHaveCount(0);
    await expect(reminder).not.toHaveAttribute('data-unread', 'true');
    await expect(reminder.getByRole('link')).toBeFocused();
    await expect(reminder.getByRole('button', { name: n('markUnread'), exact: true })).toBeVisible();
    const after = await request.get(`/api/tasks/${task.id}/reminders`, { headers: auth(first) });
    const pending = ((await after.json()).reminders as Array<{ offset_minutes: number | null; fire_at: string; state: string }>).filter(
      (x) => x.state === 'pending',
    );
    // The one chosen in the dialog still waits; the snooze is a moment the chosen time ahead.
    expect(pending.filter((x) => x.offset_minutes === scenario.offset)).toHaveLength(1);
    const snoozed = pending.filter((x) => x.offset_minutes === null);
    expect(snoozed).toHaveLength(1);
    const ahead = Date.parse(snoozed[0]!.fire_at) - Date.now();
    expect(ahead).toBeGreaterThan(SNOOZE_AHEAD[scenario.snooze][0]);
    expect(ahead).toBeLessThan(SNOOZE_AHEAD[scenario.snooze][1]);

    // Escape closes the bell and gives the focus back to it.
    await page.keyboard.press('Escape');
    await expect(centre).toBeHidden();
    await expect(bell).toBeFocused();

    // The owner, in the same language in a browser of their own, mentions the first person: "@"
    // offers the task's people, the arrows choose, Enter writes the name.
    const ownerContext = await browser.newContext();
    try {
      const ownerPage = await ownerContext.newPage();
      await setLanguage(ownerPage, language);
      await useSession(ownerPage, owner);
      await ownerPage.goto(`/dashboard?task=${task.id}`);
      await expectLanguage(ownerPage, language);
      const ownerDialog = ownerPage.getByTestId('task-detail-dialog');
      await ownerDialog.getByRole('tab', { name: tasks('detail.comments') }).click();
      const box = ownerDialog.getByRole('textbox', { name: c('add.label') });
      await box.click();
      await ownerPage.keyboard.type(`${scenario.comment[0]}@`);
      const list = ownerPage.getByRole('listbox', { name: c('mentions.label') });
      const options = list.getByRole('option');
      await expect(options).toHaveCount(2);
      await expect(ownerPage.getByRole('status').filter({ hasText: c('mentions.count', { count: 2 }) })).toBeAttached();
      // Each option is an avatar (initials) and the name.
      const people = await options.locator('bdi').allTextContents();
      expect(people.toSorted()).toEqual([names[0], names[2]].toSorted());
      // Down the list to the first person (round it once if they are on top, so the arrows are used).
      const steps = people.indexOf(names[0]) || people.length;
      for (let step = 0; step < steps; step += 1) await ownerPage.keyboard.press('ArrowDown');
      await expect(list.getByRole('option', { name: names[0], exact: true })).toHaveAttribute('aria-selected', 'true');
      await ownerPage.keyboard.press('Enter');
      await expect(list).toBeHidden();
      await expect(box).toHaveValue(`${scenario.comment[0]}@${names[0]} `);
      await ownerPage.keyboard.type(scenario.comment[1]);
      const content = `${scenario.comment[0]}@${names[0]} ${scenario.comment[1]}`;
      const sent = ownerPage.waitForResponse((x) => x.url().endsWith('/api/tasks/comments/add'));
      await ownerPage.keyboard.press('Control+Enter');
      const answer = await sent;
      expect(answer.status()).toBe(201);
      expect(answer.request().postDataJSON()).toMatchObject({ content, mentions: [first.user.id] });
      await expect(ownerDialog.getByTestId('comment-mention')).toHaveText(`@${names[0]}`);
    } finally {
      await ownerContext.close();
    }

    // The first person hears of it live, in their language; opening it opens the task.
    await expect(page.getByTestId('bell-unread')).toBeVisible();
    await expect(bell).toHaveAccessibleDescription(s('bell.unread', { count: 1 }));
    await page.keyboard.press('Enter');
    await expect(centre.getByTestId('notifications-unread-count')).toHaveText(n('unreadCount', { count: 1 }));
    const mention = centre.getByTestId('notification').first();
    await expect(mention).toHaveAttribute('data-kind', 'mention');
    await expect(mention).toHaveAttribute('data-unread', 'true');
    expect(withoutIsolates(await mention.getByRole('link').textContent())).toContain(
      `${n('unread')}: ${n('kinds.mention', { name: names[1], title })}`,
    );
    await expect(mention).toContainText(`@${names[0]} ${scenario.comment[1]}`);
    await mention.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`[?&]task=${task.id}(?:&|$)`));
    await expect(page.getByRole('dialog', { name: title })).toBeVisible();
    await expect(page.getByTestId('bell-unread')).toHaveCount(0);
    await expectLanguage(page, language);
  });
}
