import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { LANGUAGE_CODES } from '../../common/locales.ts';
import { digestMail } from './digest-mail.ts';
import { NOTIFICATION_MAIL_TEXTS, notificationMail } from './notification-mail.ts';

const root = path.resolve(import.meta.dirname, '../..');

describe('notification e-mails', () => {
  test.each(LANGUAGE_CODES)('say what the bell says, in %s (the server keeps a copy of the web app’s sentences)', (language) => {
    const web = JSON.parse(fs.readFileSync(path.join(root, `web/i18n/locales/${language}/notifications.json`), 'utf8')) as {
      kinds: Record<string, string>;
      someone: string;
    };
    const { reminder: _reminder, ...kinds } = web.kinds;
    expect(NOTIFICATION_MAIL_TEXTS[language].kinds).toEqual(kinds);
    expect(NOTIFICATION_MAIL_TEXTS[language].someone).toBe(web.someone);
  });

  test('user text is kept on one line, stripped of bidi controls and escaped in the HTML', () => {
    const mail = notificationMail({
      language: 'ar',
      kind: 'comment',
      actorName: 'Mallory\u202E',
      taskTitle: 'Budget\n<script>alert(1)</script>',
      excerpt: '<img src=x onerror=alert(1)>',
      link: 'https://taskaty.example/dashboard?task=7',
    });
    expect(mail.subject).toBe('علّق Mallory على «Budget <script>alert(1)</script>»');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('dir="rtl"');
    // An account deleted since: "someone", in the reader's language.
    expect(
      notificationMail({ language: 'de', kind: 'share_declined', actorName: null, taskTitle: 'T', excerpt: '', link: 'l' }).subject,
    ).toBe('Jemand hat „T“ abgelehnt');
  });

  test.each(LANGUAGE_CODES)(
    'the daily digest in %s dates its day and times in the language, and counts what it does not list',
    (language) => {
      const mail = digestMail({
        language,
        timeZone: 'Asia/Kolkata',
        today: '2026-12-02',
        overdue: [{ id: 1, title: 'Old', due_date: '2026-11-30', due_time: null }],
        dueToday: [{ id: 2, title: 'Call', due_date: '2026-12-02', due_time: '09:15' }],
        counts: { overdue: 1, today: 41 },
        publicUrl: 'https://taskaty.example',
      });
      const day = new Intl.DateTimeFormat(language, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
        new Date('2026-12-02T12:00:00Z'),
      );
      expect(mail.subject).toContain(day);
      expect(mail.subject).toContain(new Intl.NumberFormat(language).format(41));
      expect(mail.text).toContain(new Intl.NumberFormat(language).format(40));
      expect(mail.text).toContain('https://taskaty.example/dashboard?task=2');
      expect(mail.html).toContain(`lang="${language}"`);
    },
  );
});
