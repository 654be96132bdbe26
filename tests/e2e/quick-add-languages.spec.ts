import { createAccount, expect, isoDay, localeTexts, setLanguage, test, useSession } from './fixtures.ts';

/**
 * Issue 21: quick add reads Spanish, French and German (chrono's grammars, with the app's own
 * additions): a day, a time, a priority and a label typed in the language are shown as chips in it
 * while typing, and saved as the task's fields, the rest as its title.
 */

/** A time of day as the page writes it in `language` (web/features/tasks/due-time.ts). */
const timeText = (language: string, hour: number, minute: number) =>
  new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, 1, hour, minute)),
  );

// Phrases the language's parser reads (common/quick-parse/lang/<language>.test.ts): tomorrow at
// 9:00, whatever the hour they are typed at, high priority and one label.
const PHRASES = [
  {
    language: 'es',
    typed: 'Pagar el alquiler mañana a las 9 !alta #casa',
    marks: ['mañana', 'a las 9', '!alta', '#casa'],
    title: 'Pagar el alquiler',
    label: 'casa',
  },
  {
    language: 'fr',
    typed: 'Payer le loyer demain 9h !haute #maison',
    marks: ['demain', '9h', '!haute', '#maison'],
    title: 'Payer le loyer',
    label: 'maison',
  },
  {
    language: 'de',
    typed: 'Miete zahlen morgen 9 Uhr !hoch #haus',
    marks: ['morgen', '9 Uhr', '!hoch', '#haus'],
    title: 'Miete zahlen',
    label: 'haus',
  },
] as const;

for (const phrase of PHRASES) {
  test(`${phrase.language}: quick add reads a day, a time, a priority and a label in the language, shows them as chips and saves them`, async ({
    page,
    request,
  }) => {
    const tasks = await localeTexts(phrase.language, 'tasks');
    const schedule = await localeTexts(phrase.language, 'schedule');
    const account = await createAccount(request);
    await setLanguage(page, phrase.language);
    await useSession(page, account);
    await page.goto('/dashboard');
    await expect(page.locator('html')).toHaveAttribute('lang', phrase.language);
    await page.getByRole('button', { name: tasks('quickAdd.open') }).click();
    const input = page.getByPlaceholder(tasks('quickAdd.placeholder'));
    await input.pressSequentially(phrase.typed);

    // The recognised words are marked as typed, and each is a chip in the language.
    await expect(page.getByTestId('quick-add-highlight').locator('mark')).toHaveText([...phrase.marks]);
    const parts = [tasks('due.tomorrow'), timeText(phrase.language, 9, 0), tasks('priority.high'), `#${phrase.label}`];
    await expect(page.getByTestId('quick-add-chips').getByRole('listitem')).toHaveText([
      `${schedule('kinds.date')}: ${parts[0]}`,
      `${schedule('kinds.time')}: ${parts[1]}`,
      `${schedule('kinds.priority')}: ${parts[2]}`,
      `${schedule('kinds.label')}: ${parts[3]}`,
    ]);
    await expect(page.getByText(schedule('recognisedSummary', { parts: parts.join(', ') }), { exact: true })).toBeAttached();
    // Each chip's button names the words it would keep as text.
    for (const mark of phrase.marks) {
      await expect(page.getByRole('button', { name: schedule('keepAsText', { text: mark }), exact: true })).toBeVisible();
    }

    await input.press('Enter');
    const card = page.getByTestId('task-card').filter({ has: page.getByRole('heading', { name: phrase.title, exact: true }) });
    await expect(card).toBeVisible();
    await expect(card.getByTestId('due-date')).toContainText(tasks('due.tomorrow'));
    await expect(card.getByTestId('due-date')).toContainText(timeText(phrase.language, 9, 0));
    await expect(card.getByText(tasks('priority.high'), { exact: true })).toBeVisible();
    await expect(card.getByText(phrase.label, { exact: true })).toBeVisible();
    await expect(input).toHaveValue('');
    await expect(page.getByTestId('quick-add-chips')).toHaveCount(0);

    const answer = await request.get('/api/tasks', { headers: { authorization: `Bearer ${account.token}` } });
    expect(answer.status()).toBe(200);
    const saved = (await answer.json()).tasks as unknown[];
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({
      title: phrase.title,
      description: '',
      due_date: isoDay(1),
      due_time: '09:00',
      priority: 'high',
      recurrence: null,
      labels: [{ name: phrase.label }],
    });
  });
}
