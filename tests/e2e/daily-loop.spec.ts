import { expect, test } from '@playwright/test';
import { createAccount, localeTexts, setLanguage, useSession } from './fixtures.ts';

/** Issue 21: the daily loop. Natural-language capture in quick add. */

test('quick add recognises a date, a label and a priority, shows them as chips and saves the rest as the title', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await useSession(page, account);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Quick add a task' }).click();
  const input = page.getByPlaceholder('What needs to be done?');
  await input.pressSequentially('Pay rent tomorrow #home !high');

  const chips = page.getByTestId('quick-add-chips').getByRole('listitem');
  await expect(chips).toHaveText(['Due: Tomorrow', 'Label: #home', 'Priority: High']);
  // The recognised words are marked behind the text as typed.
  await expect(page.getByTestId('quick-add-highlight').locator('mark')).toHaveText(['tomorrow', '#home', '!high']);
  await expect(page.getByText('Recognised: Tomorrow, #home, High')).toBeAttached();

  await input.press('Enter');
  const card = page.getByTestId('task-card').filter({ hasText: 'Pay rent' });
  await expect(card).toBeVisible();
  await expect(card.getByRole('heading')).toHaveText('Pay rent');
  await expect(card.getByText('Tomorrow')).toBeVisible();
  await expect(card.getByText('High')).toBeVisible();
  await expect(card.getByText('home')).toBeVisible();
  await expect(input).toHaveValue('');
  await expect(page.getByTestId('quick-add-chips')).toHaveCount(0);
});

test('a chip removed with one click keeps its words as text, and nothing recognisable saves the title as typed', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await useSession(page, account);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Quick add a task' }).click();
  const input = page.getByPlaceholder('What needs to be done?');
  await input.fill('Read the book friday');
  await page.getByRole('button', { name: 'Keep “friday” as text' }).click();
  await expect(page.getByTestId('quick-add-chips')).toHaveCount(0);
  await expect(input).toBeFocused();
  await input.press('Enter');
  const kept = page.getByTestId('task-card').filter({ hasText: 'Read the book friday' });
  await expect(kept.getByText('Today')).toBeVisible();

  // The spec's quick add: nothing recognisable, the title as typed, due today, medium.
  await input.fill('Pull request #42 for C# build');
  await expect(page.getByTestId('quick-add-chips')).toHaveCount(0);
  await input.press('Enter');
  const literal = page.getByTestId('task-card').filter({ hasText: 'Pull request #42 for C# build' });
  await expect(literal.getByText('Today')).toBeVisible();
  await expect(literal.getByText('Medium')).toBeVisible();
});

test('the chips can be reached and removed by keyboard alone', async ({ page, request }) => {
  const account = await createAccount(request);
  await useSession(page, account);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Quick add a task' }).click();
  const input = page.getByPlaceholder('What needs to be done?');
  await input.fill('Dentist next week p1');
  await expect(page.getByTestId('quick-add-chips').getByRole('listitem')).toHaveCount(2);
  await input.press('Tab');
  await input.press('Tab');
  const keep = page.getByRole('button', { name: 'Keep “next week” as text' });
  await expect(keep).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(input).toBeFocused();
  await expect(page.getByTestId('quick-add-chips').getByRole('listitem')).toHaveText(['Priority: High']);
});

test('the add dialog reads its title the same way and fills the fields it has, giving them back when a chip goes', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await useSession(page, account);
  await page.goto('/dashboard');
  await page.getByTestId('floating-add').click();
  const form = page.getByTestId('task-form-dialog');
  const dueDate = form.getByLabel('Due date');
  const today = await dueDate.inputValue();
  await form.getByLabel('Title').pressSequentially('Call mom next week !high #family');
  const chips = form.getByTestId('quick-add-chips').getByRole('listitem');
  await expect(chips).toHaveText([/^Due: \S/, 'Priority: High', 'Label: #family']);
  await expect(dueDate).not.toHaveValue(today);
  await expect(form.getByLabel('Priority')).toHaveValue('high');
  await expect(form.getByRole('button', { name: /family/ }).first()).toBeVisible();

  await form.getByRole('button', { name: 'Keep “next week” as text' }).click();
  await expect(dueDate).toHaveValue(today);
  await form.getByRole('button', { name: 'Add task' }).click();
  const card = page.getByTestId('task-card').filter({ hasText: 'Call mom next week' });
  await expect(card.getByRole('heading')).toHaveText('Call mom next week');
  await expect(card.getByText('High')).toBeVisible();
  await expect(card.getByText('family')).toBeVisible();
  await expect(card.getByText('Today')).toBeVisible();
});

test('undoing the completion of a repeating task puts the series back: one task, still repeating, on its date', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await useSession(page, account);
  const added = await request.post('/api/tasks/add', {
    headers: { authorization: `Bearer ${account.token}` },
    data: { title: 'Water the plants', due_date: '2030-01-07', recurrence: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO' },
  });
  expect(added.status()).toBe(201);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Mark “Water the plants” as done' }).click();
  // The next occurrence arrives beside the completed one…
  await expect(page.getByTestId('task-card').filter({ hasText: 'Water the plants' })).toHaveCount(2);
  await page.getByRole('button', { name: 'Undo' }).click();
  // …and Undo takes it back: one pending task that still repeats, on its own date.
  await expect(page.getByText('Undone')).toBeVisible();
  const cards = page.getByTestId('task-card').filter({ hasText: 'Water the plants' });
  await expect(cards).toHaveCount(1);
  const tasks = (await (await request.get('/api/tasks', { headers: { authorization: `Bearer ${account.token}` } })).json()).tasks;
  expect(tasks).toHaveLength(1);
  expect(tasks[0]).toMatchObject({ is_completed: 0, due_date: '2030-01-07', recurrence: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO' });
});

/**
 * Hindi and Arabic are read by grammars of our own: what a speaker types, in native digits, is
 * read into chips in their language and saved as a task with the rest as its title.
 */
const NATIVE_PHRASES = [
  {
    language: 'hi',
    typed: 'दवाई लेना कल सुबह ९ बजे #घर !1',
    marks: ['कल', 'सुबह ९ बजे', '#घर', '!1'],
    title: 'दवाई लेना',
    repeating: { typed: 'हर सोमवार योग', title: 'योग' },
  },
  {
    language: 'ar',
    typed: 'اجتماع الفريق بكرة الساعة ١٠ صباحاً #عمل !1',
    marks: ['بكرة', 'الساعة ١٠ صباحاً', '#عمل', '!1'],
    title: 'اجتماع الفريق',
    repeating: { typed: 'ري النباتات كل يوم', title: 'ري النباتات' },
  },
] as const;

for (const phrase of NATIVE_PHRASES) {
  test(`${phrase.language}: quick add reads the language's own words and digits, and a repeat`, async ({ page, request }) => {
    const t = await localeTexts(phrase.language, 'tasks');
    const account = await createAccount(request);
    await setLanguage(page, phrase.language);
    await useSession(page, account);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: t('quickAdd.open') }).click();
    const input = page.getByPlaceholder(t('quickAdd.placeholder'));
    await input.pressSequentially(phrase.typed);

    await expect(page.getByTestId('quick-add-highlight').locator('mark')).toHaveText([...phrase.marks]);
    const chips = page.getByTestId('quick-add-chips').getByRole('listitem');
    await expect(chips).toHaveCount(4);
    await expect(chips.first()).toContainText(t('due.tomorrow'));
    await expect(chips.last()).toContainText(t('priority.high'));

    await input.press('Enter');
    const card = page.getByTestId('task-card').filter({ has: page.getByRole('heading', { name: phrase.title, exact: true }) });
    await expect(card).toBeVisible();
    await expect(card.getByText(t('due.tomorrow'), { exact: false })).toBeVisible();
    await expect(card.getByText(t('priority.high'))).toBeVisible();

    await input.fill(phrase.repeating.typed);
    await expect(chips).toHaveCount(1);
    await input.press('Enter');
    const repeating = page
      .getByTestId('task-card')
      .filter({ has: page.getByRole('heading', { name: phrase.repeating.title, exact: true }) });
    await expect(repeating.getByTestId('repeats')).toBeVisible();
  });
}
