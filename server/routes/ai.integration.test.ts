import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { testDialects } from '../../tests/support/test-database.ts';

describe.each(testDialects())('AI helpers in the real app on %s (built-in writer)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  test('generate from a title answers markdown in the requested language', async () => {
    const me = await t.signUp();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/tasks/generate-content',
      headers: { ...me.headers, 'accept-language': 'es' },
      payload: { input_text: 'Escribir el informe trimestral' },
    });
    expect(response.statusCode).toBe(200);
    const { description } = response.json();
    expect(description).toMatch(/- \[ \]/);
    expect(description).toContain('informe trimestral');
  });

  test('an empty title is a field error', async () => {
    const me = await t.signUp();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/tasks/generate-content',
      headers: me.headers,
      payload: { input_text: '  ' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.input_text).toBeDefined();
  });

  test('rewrite and generate-content return text, log an AI-made entry and leave the task unchanged', async () => {
    const me = await t.signUp();
    const task = (
      await t.app.inject({
        method: 'POST',
        url: '/api/tasks/add',
        headers: me.headers,
        payload: { title: 'Plan the team offsite', description: 'book venue. invite team' },
      })
    ).json().task;
    const rewrite = await t.app.inject({ method: 'POST', url: `/api/tasks/${task.id}/rewrite-description`, headers: me.headers });
    expect(rewrite.statusCode).toBe(200);
    expect(typeof rewrite.json().rewritten_description).toBe('string');
    const generated = await t.app.inject({ method: 'POST', url: `/api/tasks/${task.id}/generate-content`, headers: me.headers });
    expect(generated.statusCode).toBe(200);
    expect(generated.json().generated_content.length).toBeGreaterThan(20);
    const detail = (await t.app.inject({ method: 'GET', url: `/api/task/${task.id}`, headers: me.headers })).json();
    expect(detail.task.description).toBe('book venue. invite team');
    expect(detail.activity_logs.map((l: { description: string }) => l.description)).toEqual(
      expect.arrayContaining(['AI suggested a rewrite of the description', 'AI suggested content for the description']),
    );
  });

  test('the status endpoint names the built-in writer', async () => {
    const me = await t.signUp();
    const response = await t.app.inject({ method: 'GET', url: '/api/ai/status', headers: me.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json().kind).toBe('builtin');
  });
});
