import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type SignedInUser, type TestApp } from '../../tests/support/test-app.ts';
import { testDialects } from '../../tests/support/test-database.ts';
import { documentXml, documentText as wordText } from '../../tests/support/docx-text.ts';
import { docxMedia, pdfImages, solidPng } from '../../tests/support/export-attachments.ts';

/** A PDF's text as poppler's pdftotext reads it. */
function pdfText(pdf: Buffer): string {
  const directory = mkdtempSync(join(tmpdir(), 'taskaty-export-it-'));
  try {
    writeFileSync(join(directory, 'export.pdf'), pdf);
    return execFileSync('/usr/bin/pdftotext', ['-layout', join(directory, 'export.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

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

  describe('attachments (issue 24)', () => {
    let filesTask: number;
    let png: Buffer;
    let ownImage: number;
    let otherImage: number;

    beforeAll(async () => {
      const addTask = async (title: string) =>
        (await t.app.inject({ method: 'POST', url: '/api/tasks/add', headers: owner.headers, payload: { title } })).json().task
          .id as number;
      const attach = async (task: number, name: string, bytes: Buffer) => {
        const response = await t.app.inject({
          method: 'POST',
          url: `/api/tasks/${task}/attachments?name=${encodeURIComponent(name)}`,
          headers: { ...owner.headers, 'content-type': 'application/octet-stream' },
          payload: bytes,
        });
        expect(response.statusCode, response.body).toBe(201);
        return response.json().attachment.id as number;
      };
      png = await solidPng(400, 200);
      filesTask = await addTask('Board review');
      const otherTask = await addTask('Another task');
      ownImage = await attach(filesTask, 'whiteboard.png', png);
      await attach(filesTask, 'ملاحظات الاجتماع.txt', Buffer.from('minutes'));
      otherImage = await attach(otherTask, 'secret.png', await solidPng(300, 300, '#cc0000'));
      // A file on a drive, attached as a link (its route is the drive's; the row is what matters here).
      await t.database.db
        .insertInto('attachments')
        .values({
          task_id: filesTask,
          user_id: owner.user.id,
          name: 'Roadmap 2026.pdf',
          mime: 'application/pdf',
          size: 52_000,
          storage_key: null,
          link_url: 'https://drive.example.com/file/d/roadmap-2026/view',
          thumbnail_key: null,
          created_at: new Date().toISOString(),
        })
        .execute();
      const updated = await t.app.inject({
        method: 'PUT',
        url: `/api/tasks/update/${filesTask}`,
        headers: owner.headers,
        payload: {
          title: 'Board review',
          description: `Before the board\n\n![board](/api/attachments/${ownImage}/file)\n\nAfter the board ![theirs](/api/attachments/${otherImage}/file)`,
        },
      });
      expect(updated.statusCode, updated.body).toBe(200);
    }, 60_000);

    test(
      'the PDF lists the files in Latin and Arabic script with a drive link, and embeds only this task’s image',
      { timeout: 60_000 },
      async () => {
        const response = await t.app.inject({ method: 'GET', url: `/api/tasks/${filesTask}/pdf`, headers: owner.headers });
        expect(response.statusCode).toBe(200);
        const text = pdfText(response.rawPayload);
        for (const expected of [
          'Attachments (3)',
          'whiteboard.png',
          'ملاحظات الاجتماع',
          'Roadmap 2026.pdf',
          'https://drive.example.com/file/d/roadmap-2026/view',
          'added by Amira Haddad',
          'After the board [theirs]',
        ]) {
          expect(text, expected).toContain(expected);
        }
        expect(text).not.toContain('secret.png');
        // One image, drawn in the description and under the list: the other task's is never read.
        const images = pdfImages(response.rawPayload);
        expect(images.map((image) => [image.width, image.height])).toEqual([
          [400, 200],
          [400, 200],
        ]);
        expect(new Set(images.map((image) => image.object)).size).toBe(1);
      },
    );

    test('Word lists the same files and holds the image once, in place', { timeout: 60_000 }, async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/tasks/${filesTask}/word`,
        headers: { ...owner.headers, 'accept-language': 'ar' },
      });
      expect(response.statusCode).toBe(200);
      const text = wordText(response.rawPayload);
      for (const expected of ['المرفقات (3)', 'whiteboard.png', 'ملاحظات الاجتماع.txt', 'Roadmap 2026.pdf', 'أضافه', '[theirs]']) {
        expect(text, expected).toContain(expected);
      }
      expect(docxMedia(response.rawPayload)).toEqual(['word/media/image1.png']);
      const xml = documentXml(response.rawPayload);
      const drawing = xml.indexOf('<w:drawing>');
      expect(drawing).toBeGreaterThan(xml.indexOf('Before the board'));
      expect(drawing).toBeLessThan(xml.indexOf('After the board'));
    });

    test('a file whose bytes are gone is listed without its picture; the export does not fail', { timeout: 60_000 }, async () => {
      const row = await t.database.db.selectFrom('attachments').select('storage_key').where('id', '=', ownImage).executeTakeFirstOrThrow();
      const before = await t.app.inject({ method: 'GET', url: `/api/tasks/${filesTask}/pdf`, headers: owner.headers });
      expect(pdfImages(before.rawPayload)).toHaveLength(2);
      await t.app.taskaty.files.delete([row.storage_key!]);
      const pdf = await t.app.inject({ method: 'GET', url: `/api/tasks/${filesTask}/pdf`, headers: owner.headers });
      expect(pdf.statusCode).toBe(200);
      expect(pdfText(pdf.rawPayload)).toContain('whiteboard.png');
      expect(pdfImages(pdf.rawPayload)).toEqual([]);
      const word = await t.app.inject({ method: 'GET', url: `/api/tasks/${filesTask}/word`, headers: owner.headers });
      expect(word.statusCode).toBe(200);
      expect(docxMedia(word.rawPayload)).toEqual([]);
      expect(wordText(word.rawPayload)).toContain('[board]');
    });

    test('a task without files has no Attachments section', { timeout: 60_000 }, async () => {
      const pdf = await t.app.inject({ method: 'GET', url: `/api/tasks/${taskId}/pdf`, headers: owner.headers });
      expect(pdfText(pdf.rawPayload)).not.toContain('Attachments');
      const word = await t.app.inject({ method: 'GET', url: `/api/tasks/${taskId}/word`, headers: owner.headers });
      expect(wordText(word.rawPayload)).not.toContain('Attachments');
      expect(docxMedia(word.rawPayload)).toEqual([]);
    });
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
