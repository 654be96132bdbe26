import { describe, expect, test } from 'vitest';
import { LANGUAGE_CODES } from '../../common/locales.ts';
import { reminderMail } from './reminder-mail.ts';

/** ICU versions differ on the space before AM (a narrow no-break space or a plain one). */
const spaced = (text: string) => text.replace(/\s/g, ' ');

describe('the reminder e-mail', () => {
  const due = { due_date: '2026-12-03', due_time: '09:30' };
  const link = 'https://taskaty.example/dashboard?task=7';

  test.each(LANGUAGE_CODES)(
    'in %s: the title, the due moment in the person’s zone and the link; the HTML escapes the title',
    (language) => {
      const mail = reminderMail({ language, taskTitle: 'Pay <b>rent</b>', due, timeZone: 'Asia/Kolkata', link });
      expect(mail.subject).toContain('Pay <b>rent</b>');
      expect(mail.text).toContain(link);
      expect(mail.html).toContain('Pay &lt;b&gt;rent&lt;/b&gt;');
      expect(mail.html).not.toContain('<b>rent');
      expect(mail.html).toContain(`lang="${language}"`);
      expect(mail.html).toContain(language === 'ar' ? 'dir="rtl"' : 'dir="ltr"');
    },
  );

  test('English words the day and time as the person reads them; a day alone has no time; no date says so', () => {
    expect(spaced(reminderMail({ language: 'en', taskTitle: 'Call', due, timeZone: 'Asia/Kolkata', link }).text)).toContain(
      'Due Thursday, December 3, 2026 at 9:30 AM.',
    );
    expect(
      reminderMail({ language: 'en', taskTitle: 'Call', due: { due_date: '2026-12-03', due_time: null }, timeZone: null, link }).text,
    ).toContain('Due Thursday, December 3, 2026.');
    expect(
      reminderMail({ language: 'en', taskTitle: 'Call', due: { due_date: null, due_time: null }, timeZone: null, link }).text,
    ).toContain('You asked to be reminded of this task.');
  });

  test('a zone this runtime no longer knows, or no language, never fails the delivery: UTC and English', () => {
    const mail = reminderMail({ language: null, taskTitle: 'Call', due, timeZone: 'Mars/Olympus_Mons', link });
    expect(mail.subject).toBe('Reminder: Call');
    expect(spaced(mail.text)).toContain('Due Thursday, December 3, 2026 at 9:30 AM.');
  });

  test('a title keeps to one line and loses invisible controls in the subject', () => {
    const mail = reminderMail({ language: 'en', taskTitle: 'Pay\r\nrent\u202E', due, timeZone: null, link });
    expect(mail.subject).toBe('Reminder: Pay rent');
  });
});
