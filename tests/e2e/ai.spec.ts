import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { request as playwrightRequest } from '@playwright/test';
import { startLoopbackOpenAi, type LoopbackOpenAi } from '../support/loopback-openai.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { createAccount, expect, localeTexts, setLanguage, test, useSession, type Account } from './fixtures.ts';

const LANGUAGES = ['en', 'ar'] as const;

// The suite's own server has no provider configured: the built-in offline writer answers.
for (const language of LANGUAGES) {
  test.describe(`AI helpers with the built-in writer in ${language}`, () => {
    test('generate from a title in the add dialog, then rewrite and expand from the detail dialog', async ({ page, request }) => {
      const t = await localeTexts(language, 'tasks');
      const c = await localeTexts(language, 'common');
      const account = await createAccount(request, 'Writer Tester');
      await setLanguage(page, language);
      await useSession(page, account);
      await page.goto('/dashboard');

      await page.getByTestId('floating-add').click();
      const form = page.getByTestId('task-form-dialog');
      await expect(form.getByTestId('ai-writer-name')).toHaveText(t('ai.writerBuiltin'));
      await form.getByLabel(t('form.title')).fill('Plan the team offsite');
      await form.getByRole('button', { name: t('ai.generate') }).click();
      const description = form.getByLabel(t('form.description'));
      // A checklist of steps, in markdown, mentioning what the title is about.
      await expect(description).toHaveValue(/- \[ \] .+/);
      await expect(description).toHaveValue(/offsite/i);
      // The user keeps their own rough notes instead, and asks the writer to improve those.
      const notes = 'book a venue near the lake\nsend the invites';
      await description.fill(notes);
      await form.getByRole('button', { name: t('form.add') }).click();
      await expect(form).toBeHidden();

      const card = page.getByTestId('task-card').filter({ hasText: 'Plan the team offsite' });
      await card.getByRole('button', { name: 'Plan the team offsite', exact: true }).click();
      const detail = page.getByTestId('task-detail-dialog');
      await detail.getByRole('button', { name: t('ai.rewrite') }).click();
      // The edit dialog opens with the suggestion for review; nothing is saved yet.
      const edit = page.getByTestId('task-form-dialog');
      await expect(edit.getByRole('heading', { name: t('form.editTitle') })).toBeVisible();
      const rewritten = await edit.getByLabel(t('form.description')).inputValue();
      expect(rewritten.trim().length).toBeGreaterThan(0);
      expect(rewritten).not.toBe(notes);
      expect(rewritten).toContain('venue near the lake');
      await edit.getByRole('button', { name: c('actions.cancel'), exact: true }).click();
      await expect(edit).toBeHidden();

      await detail.getByRole('button', { name: t('ai.expand') }).click();
      await expect(edit.getByRole('heading', { name: t('form.editTitle') })).toBeVisible();
      const expanded = await edit.getByLabel(t('form.description')).inputValue();
      expect(expanded.length).toBeGreaterThan(notes.length);
      expect(expanded).toContain('venue near the lake');
      await edit.getByRole('button', { name: t('form.update') }).click();
      await expect(edit).toBeHidden();

      // The activity log records what the AI suggested.
      const stored = await request.get(`/api/tasks`, { headers: { authorization: `Bearer ${account.token}` } });
      const task = (await stored.json()).tasks.find((item: { title: string }) => item.title === 'Plan the team offsite');
      expect(task.description).toBe(expanded);
      const full = await (await request.get(`/api/task/${task.id}`, { headers: { authorization: `Bearer ${account.token}` } })).json();
      const activity = full.activity_logs.map((entry: { description: string }) => entry.description);
      expect(activity).toEqual(
        expect.arrayContaining(['AI suggested a rewrite of the description', 'AI suggested content for the description']),
      );
    });
  });
}

test('the add dialog calls the spec path (POST /api/tasks/generate-content) and also takes a plain JSON answer from it', async ({
  page,
  request,
}) => {
  const t = await localeTexts('en', 'tasks');
  const account = await createAccount(request, 'Json Answer');
  const calls: string[] = [];
  // Stands in for a proxy that turns the stream into the spec's one-shot JSON answer.
  await page.route('**/api/tasks/generate-content', async (route) => {
    calls.push(`${route.request().method()} ${route.request().headers()['accept']}`);
    const answer = await route.fetch({ headers: { ...route.request().headers(), accept: 'application/json' } });
    await route.fulfill({ response: answer });
  });
  await useSession(page, account);
  await page.goto('/dashboard');
  await page.getByTestId('floating-add').click();
  const form = page.getByTestId('task-form-dialog');
  await form.getByLabel(t('form.title')).fill('Renew the passport');
  await form.getByRole('button', { name: t('ai.generate') }).click();
  await expect(form.getByLabel(t('form.description'))).toHaveValue(/passport/i);
  expect(calls).toEqual(['POST text/event-stream']);
});

test.describe('AI helpers with an OpenAI-compatible provider', () => {
  let provider: LoopbackOpenAi;
  let server: ServerProcess;
  let dataDir: string;
  let account: Account;

  test.beforeAll(async () => {
    provider = await startLoopbackOpenAi();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'taskaty-e2e-ai-'));
    server = await startServerProcess({
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.resolve('build/web'),
      AI_BASE_URL: provider.baseURL,
      AI_MODEL: 'loopback-model',
      AI_API_KEY: 'test-key',
      AI_TIMEOUT_MS: '5000',
    });
    const api = await playwrightRequest.newContext({ baseURL: server.url });
    account = await createAccount(api, 'Provider Tester');
    await api.dispose();
  });
  test.afterAll(async () => {
    await server?.stop();
    await provider?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('the answer streams into the editor, Cancel restores it, errors say what failed', async ({ page }) => {
    const t = await localeTexts('en', 'tasks');
    await useSession(page, account);
    await page.goto(`${server.url}/dashboard`);

    await page.getByTestId('floating-add').click();
    const form = page.getByTestId('task-form-dialog');
    await expect(form.getByTestId('ai-writer-name')).toHaveText('loopback-model');
    await form.getByLabel(t('form.title')).fill('Write the launch plan');
    const description = form.getByLabel(t('form.description'));

    // The model sends part of an answer and then stalls: the part shows, Cancel puts back what was there.
    await description.fill('My own notes');
    provider.respondWith({ kind: 'stall', pieces: ['## Launch ', 'plan\n\n', '- Book the venue'] });
    await form.getByRole('button', { name: t('ai.generate') }).click();
    await expect(description).toHaveValue(/Book the venue/);
    await expect(form.getByText(t('ai.streaming'))).toBeVisible();
    await form.getByRole('button', { name: 'Cancel' }).first().click();
    await expect(description).toHaveValue('My own notes');
    await expect.poll(() => provider.requests.at(-1)?.abortedByClient).toBe(true);

    // A whole answer arrives piece by piece and stays.
    provider.respondWith({ kind: 'text', text: '## Goal\n\nShip the launch plan.\n\n- [ ] Draft it\n- [ ] Review it', pieceDelayMs: 50 });
    await form.getByRole('button', { name: t('ai.generate') }).click();
    await expect(description).toHaveValue('## Goal\n\nShip the launch plan.\n\n- [ ] Draft it\n- [ ] Review it');
    expect(provider.requests.at(-1)?.promptText).toContain('Write the launch plan');
    await form.getByRole('button', { name: t('form.add') }).click();
    await expect(form).toBeHidden();

    // Rewrite from the detail dialog: the model's text opens in the edit dialog.
    const card = page.getByTestId('task-card').filter({ hasText: 'Write the launch plan' });
    await card.getByRole('button', { name: 'Write the launch plan', exact: true }).click();
    const detail = page.getByTestId('task-detail-dialog');
    provider.respondWith({ kind: 'text', text: 'A clearer plan: draft, review, ship.' });
    await detail.getByRole('button', { name: t('ai.rewrite') }).click();
    const edit = page.getByTestId('task-form-dialog');
    await expect(edit.getByLabel(t('form.description'))).toHaveValue('A clearer plan: draft, review, ship.');
    await edit.getByRole('button', { name: 'Cancel' }).last().click();
    await expect(edit).toBeHidden();

    // The provider fails: the spec's message, and the description is untouched.
    provider.respondWith({ kind: 'status', status: 500 });
    await detail.getByRole('button', { name: t('ai.expand') }).click();
    await expect(detail.getByRole('alert')).toContainText('Failed to generate content');
    await expect(edit).toBeHidden();

    // The settings screen names the active provider.
    await page.keyboard.press('Escape');
    await page.goto(`${server.url}/settings`);
    await expect(page.getByText('loopback-model', { exact: false }).first()).toBeVisible();
  });
});
