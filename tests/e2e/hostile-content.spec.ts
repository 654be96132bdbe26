import { documentXml } from '../support/docx-text.ts';
import { createAccount, createTask, expect, test, useSession } from './fixtures.ts';

const PAYLOADS = [
  '<script>alert("title")</script>',
  '<img src=x onerror=alert("img")>',
  '<svg onload=alert("svg")><circle r=1 /></svg>',
  '[click me](javascript:alert("link"))',
  '<style>body{display:none}</style>',
  '"><iframe src="javascript:alert(1)"></iframe>',
];

test('hostile titles, descriptions and labels are shown as text and never execute', async ({ page, request }) => {
  const account = await createAccount(request);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    (window as unknown as { __cspViolations: string[] }).__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __cspViolations: string[] }).__cspViolations.push(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      );
    });
  });
  const task = await createTask(request, account, {
    title: PAYLOADS[0],
    description: PAYLOADS.join('\n\n'),
    labels: ['<b>bold</b>', '<img src=x onerror=alert(9)>'],
  });
  const auth = { authorization: `Bearer ${account.token}` };
  for (const content of PAYLOADS.slice(1, 3)) {
    const added = await request.post('/api/tasks/comments/add', { headers: auth, data: { task_id: String(task.id), content } });
    expect(added.status()).toBe(201);
  }
  // The API stores everything verbatim.
  const stored = await request.get(`/api/task/${task.id}`, { headers: { authorization: `Bearer ${account.token}` } });
  expect((await stored.json()).task.description).toBe(PAYLOADS.join('\n\n'));

  await useSession(page, account);
  await page.goto('/dashboard');
  const card = page.getByTestId('task-card');
  await expect(card.getByRole('heading')).toHaveText(PAYLOADS[0]!);
  await expect(card.getByText('<b>bold</b>')).toBeVisible();
  await card.getByRole('button', { name: PAYLOADS[0], exact: true }).click();
  const detail = page.getByTestId('task-detail-dialog');
  await expect(detail.getByRole('heading', { name: PAYLOADS[0] })).toBeVisible();
  await expect(detail.locator('.prose script, .prose img, .prose svg, .prose iframe, .prose style')).toHaveCount(0);
  await expect(detail.locator('.prose a[href^="javascript"]')).toHaveCount(0);
  await detail.getByRole('tab', { name: 'Comments' }).click();
  await expect(detail.getByTestId('comment-content')).toHaveText([PAYLOADS[1]!, PAYLOADS[2]!]);
  await expect(detail.getByTestId('comment-list').locator('img, svg:not([aria-hidden])')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/labels');
  await expect(page.getByText('<img src=x onerror=alert(9)>')).toBeVisible();
  await page.waitForTimeout(300);
  expect(dialogs).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)).toEqual([]);
});

test('hostile content exports as plain text in the Word file', async ({ request }) => {
  const account = await createAccount(request);
  const task = await createTask(request, account, { title: PAYLOADS[0], description: PAYLOADS.slice(1).join('\n\n') });
  const response = await request.get(`/api/tasks/${task.id}/word`, { headers: { authorization: `Bearer ${account.token}` } });
  expect(response.status()).toBe(200);
  // A .docx is a zip; the document part must carry the markup escaped, never as live XML or HTML.
  const xml = documentXml(await response.body());
  expect(xml).toContain('&lt;script&gt;alert(');
  expect(xml).toContain('&lt;img src=x onerror=alert(');
  expect(xml).not.toMatch(/<(script|img|svg|iframe|style)\b/i);
  const pdf = await request.get(`/api/tasks/${task.id}/pdf`, { headers: { authorization: `Bearer ${account.token}` } });
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // Markup in the title becomes plain words in the file name.
  expect(String(pdf.headers()['content-disposition'])).toMatch(/^attachment; filename="taskaty-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.pdf"/);
});
