import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type SignedInUser, type TestApp } from '../../tests/support/test-app.ts';
import { testDialects } from '../../tests/support/test-database.ts';
import { documentText as wordText } from '../../tests/support/docx-text.ts';

// The whole server on each database: the real task service decides who may export, and the
// document carries the task, its labels, its people and its comments as the detail dialog shows them.
describe.each(testDialects())('export through the whole app on %s', (dialect) => {
  let t: TestApp;
  let owner: SignedInUser;
  let collaborator: SignedInUser;
  let taskId: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await t.signUp({ name: 'Amira Haddad' });
    collaborator = await t.signUp({ name: 'Rahul Verma' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/tasks/add',
      headers: owner.headers,
      payload: {
        title: 'Quarterly report تقرير',
        description: '## Plan\n\n- Draft the **numbers**\n- मसौदा भेजें',
        priority: 'high',
        due_date: '2026-12-01',
        labels: ['finance', 'عمل'],
      },
    });
    taskId = created.json().task.id;
    await t.app.inject({
      method: 'POST',
      url: `/api/tasks/${taskId}/share`,
      headers: owner.headers,
      payload: { email_ids: [collaborator.user.email] },
    });
    await t.app.inject({ method: 'POST', url: `/api/tasks/${taskId}/accept-share`, headers: collaborator.headers });
    const comment = await t.app.inject({
      method: 'POST',
      url: '/api/tasks/comments/add',
      headers: owner.headers,
      payload: { task_id: String(taskId), content: 'Numbers are in the sheet' },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/tasks/comments/add',
      headers: collaborator.headers,
      payload: { task_id: String(taskId), content: 'Thanks, reviewing now', parent_id: comment.json().comment.id },
    });
  }, 60_000);
  afterAll(() => t.close());

  test('a collaborator exports Word with the task, its labels, owner, people and threaded comments', { timeout: 60_000 }, async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/tasks/${taskId}/word`, headers: collaborator.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(String(response.headers['content-disposition'])).toMatch(/^attachment; filename="taskaty-.*-\d{4}-\d{2}-\d{2}\.docx"/);
    const text = wordText(response.rawPayload);
    for (const expected of [
      'Quarterly report تقرير',
      'Plan',
      'numbers',
      'मसौदा भेजें',
      'finance',
      'عمل',
      'Amira Haddad',
      'Rahul Verma',
      'Numbers are in the sheet',
      'Thanks, reviewing now',
      'High',
      'Comments',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  test('Accept-Language chooses the words around the content', { timeout: 60_000 }, async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/tasks/${taskId}/word`,
      headers: { ...owner.headers, 'accept-language': 'ar-EG,ar;q=0.9,en;q=0.5' },
    });
    expect(response.statusCode).toBe(200);
    const text = wordText(response.rawPayload);
    expect(text).toContain('التعليقات');
    expect(text).toContain('المالك');
    expect(text).toContain('Quarterly report تقرير');
  });

  test('the PDF is a PDF of the same task, and a deleted task exports nothing', { timeout: 60_000 }, async () => {
    const pdf = await t.app.inject({ method: 'GET', url: `/api/tasks/${taskId}/pdf`, headers: owner.headers });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const doomed = (
      await t.app.inject({ method: 'POST', url: '/api/tasks/add', headers: owner.headers, payload: { title: 'Short lived' } })
    ).json().task;
    await t.app.inject({ method: 'DELETE', url: `/api/tasks/delete/${doomed.id}`, headers: owner.headers });
    const gone = await t.app.inject({ method: 'GET', url: `/api/tasks/${doomed.id}/pdf`, headers: owner.headers });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: 'Task not found' });
  });
});
