import net from 'node:net';
import { describe, expect, test } from 'vitest';
import { startLoopbackSmtp } from '../../tests/support/loopback-smtp.ts';
import { createTestApp } from '../../tests/support/test-app.ts';
import { testDialects } from '../../tests/support/test-database.ts';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe.each(testDialects())('share e-mails through SMTP on %s', (dialect) => {
  test('a share is delivered to a real SMTP server with the title, the sharer and a link', async () => {
    const smtp = await startLoopbackSmtp();
    const t = await createTestApp(dialect, { env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://taskaty.example' } });
    try {
      const owner = await t.signUp({ name: 'Sara Sender' });
      const friend = await t.signUp();
      const task = (
        await t.app.inject({ method: 'POST', url: '/api/tasks/add', headers: owner.headers, payload: { title: 'Launch plan' } })
      ).json().task;
      const shared = await t.app.inject({
        method: 'POST',
        url: `/api/tasks/${task.id}/share`,
        headers: owner.headers,
        payload: { email_ids: [friend.user.email] },
      });
      expect(shared.statusCode).toBe(200);
      await t.app.taskaty.mail.flush();
      // Besides the two verification mails of sign-up.
      const shareMails = smtp.received.filter((mail) => mail.subject.includes('shared a task'));
      expect(shareMails).toHaveLength(1);
      expect(shareMails[0]!.to).toEqual([friend.user.email]);
      expect(shareMails[0]!.subject).toBe('Sara Sender shared a task with you: Launch plan');
      expect(shareMails[0]!.text).toMatch(/https:\/\/taskaty\.example\/invitation\?token=[A-Za-z0-9_-]{43}/);
      expect(smtp.received.filter((mail) => mail.subject === 'Verify your e-mail address for Taskaty')).toHaveLength(2);
      const row = await t.database.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('subject', 'like', '%shared a task%')
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('sent');
    } finally {
      await t.close();
      await smtp.stop();
    }
  });

  test('hostile titles and names arrive as text: escaped in the HTML part, one line in the subject', async () => {
    const smtp = await startLoopbackSmtp();
    const t = await createTestApp(dialect, { env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://taskaty.example' } });
    try {
      const owner = await t.signUp({ name: '<img src=x onerror=alert(1)>' });
      const friend = await t.signUp();
      const title = '<script>alert("t")</script> [x](javascript:alert(2)) <svg onload=alert(3)>';
      const task = (await t.app.inject({ method: 'POST', url: '/api/tasks/add', headers: owner.headers, payload: { title } })).json().task;
      await t.app.inject({
        method: 'POST',
        url: `/api/tasks/${task.id}/share`,
        headers: owner.headers,
        payload: { email_ids: [friend.user.email] },
      });
      await t.app.taskaty.mail.flush();
      const mail = smtp.received.find((received) => received.subject.includes('shared a task'))!;
      expect(mail.subject).toBe(`<img src=x onerror=alert(1)> shared a task with you: ${title}`);
      expect(mail.html).toContain('&lt;script&gt;alert(');
      expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
      expect(mail.html).not.toMatch(/<(script|img|svg)\b/i);
      expect(mail.html).not.toMatch(/href="javascript:/i);
      expect(mail.text).toContain(title);
    } finally {
      await t.close();
      await smtp.stop();
    }
  });

  test('with the SMTP server down the share still succeeds, the mail waits, and it is sent once the server is back', async () => {
    const port = await freePort();
    const t = await createTestApp(dialect, { env: { SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true` } });
    try {
      const owner = await t.signUp();
      const task = (
        await t.app.inject({ method: 'POST', url: '/api/tasks/add', headers: owner.headers, payload: { title: 'Outage-proof' } })
      ).json().task;
      const shared = await t.app.inject({
        method: 'POST',
        url: `/api/tasks/${task.id}/share`,
        headers: owner.headers,
        payload: { email_ids: ['later@example.com'] },
      });
      expect(shared.statusCode).toBe(200);
      await t.app.taskaty.mail.flush();
      const later = t.database.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', 'later@example.com');
      const failed = await later.executeTakeFirstOrThrow();
      expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
      expect(failed.last_error).toBeTruthy();
      expect(failed.next_attempt_at > new Date().toISOString()).toBe(true);

      const smtp = await startLoopbackSmtp(port);
      try {
        // The retry is due after the backoff; make it due now instead of waiting.
        await t.database.db
          .updateTable('mail_outbox')
          .set({ next_attempt_at: new Date(0).toISOString() })
          .execute();
        await t.app.taskaty.mail.flush();
        expect(smtp.received.map((m) => m.to[0])).toContain('later@example.com');
        expect((await later.executeTakeFirstOrThrow()).status).toBe('sent');
      } finally {
        await smtp.stop();
      }
    } finally {
      await t.close();
    }
  });

  test('without SMTP_URL messages stay in the outbox', async () => {
    const t = await createTestApp(dialect);
    try {
      const owner = await t.signUp();
      const task = (
        await t.app.inject({ method: 'POST', url: '/api/tasks/add', headers: owner.headers, payload: { title: 'Kept' } })
      ).json().task;
      await t.app.inject({
        method: 'POST',
        url: `/api/tasks/${task.id}/share`,
        headers: owner.headers,
        payload: { email_ids: ['kept@example.com'] },
      });
      expect(await t.app.taskaty.mail.flush()).toBe(0);
      expect((await t.database.db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow()).status).toBe('pending');
    } finally {
      await t.close();
    }
  });
});
