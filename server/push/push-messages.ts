import type { LanguageCode } from '../../common/locales.ts';
import type { SnoozeChoice } from '../../common/schemas/notification-input.schema.ts';
import { mailLanguage, oneLine } from '../mail/mail-layout.ts';
import { NOTIFICATION_MAIL_TEXTS, type MailedNotificationKind } from '../mail/notification-mail.ts';
import { dueText, REMINDER_MAIL_TEXTS } from '../mail/reminder-mail.ts';

/** What a push message carries to the service worker, which shows it (web/service-worker/sw.ts). */
export interface PushPayload {
  title: string;
  body: string;
  /** Opened when the notification is clicked (a path of the web app). */
  url: string;
  /** One notification per task and kind on the device: a newer one replaces the older. */
  tag: string;
  /**
   * A reminder's snooze buttons (issue 22): the delivery's single-use secret, which the service
   * worker posts to /api/reminder-snoozes (it has no session), and the buttons in the person's
   * language. Two: Chromium shows no more (Notification.maxActions).
   */
  snooze?: { token: string; actions: Array<{ action: SnoozeChoice; title: string }> };
}

const BODY_MAX = 180;
const short = (text: string) => {
  const characters = [...oneLine(text)];
  return characters.length <= BODY_MAX ? characters.join('') : `${characters.slice(0, BODY_MAX - 1).join('')}…`;
};

/** The bell's sentence in the person's language, and a comment's start (the same words as the e-mail). */
export function notificationPush(input: {
  language: string | null;
  kind: MailedNotificationKind;
  actorName: string | null;
  taskId: number;
  taskTitle: string;
  excerpt: string;
}): PushPayload {
  const texts = NOTIFICATION_MAIL_TEXTS[mailLanguage(input.language)];
  const title = texts.kinds[input.kind]
    .replace('{{name}}', input.actorName ? oneLine(input.actorName) : texts.someone)
    .replace('{{title}}', oneLine(input.taskTitle));
  return { title: short(title), body: short(input.excerpt), url: `/dashboard?task=${input.taskId}`, tag: `${input.kind}-${input.taskId}` };
}

/** "Reminder: Call the bank" and when it is due, in the person's language and zone. */
export function reminderPush(input: {
  language: string | null;
  taskId: number;
  taskTitle: string;
  due: { due_date: string | null; due_time: string | null };
  timeZone: string | null;
  snoozeToken?: string;
}): PushPayload {
  const language = mailLanguage(input.language);
  const texts = REMINDER_MAIL_TEXTS[language];
  const body = input.due.due_date
    ? texts.due(dueText({ due_date: input.due.due_date, due_time: input.due.due_time ?? null }, language, input.timeZone))
    : texts.noDate;
  return {
    title: short(texts.subject(oneLine(input.taskTitle))),
    body,
    url: `/dashboard?task=${input.taskId}`,
    tag: `reminder-${input.taskId}`,
    ...(input.snoozeToken
      ? {
          snooze: {
            token: input.snoozeToken,
            actions: (['10m', '1h'] as const).map((action) => ({ action, title: texts.snoozeFor[action] })),
          },
        }
      : {}),
  };
}

/** The test's body as a push message: it is about this browser, not the mailbox. */
export const PUSH_TEST_TEXTS: Record<LanguageCode, string> = {
  en: 'This is a test. Taskaty’s notifications reach you in this browser.',
  hi: 'यह एक परीक्षण है। Taskaty की सूचनाएँ इस ब्राउज़र में आप तक पहुँचती हैं।',
  ar: 'هذا إشعار تجريبي. تصلك إشعارات Taskaty في هذا المتصفح.',
  es: 'Esto es una prueba. Las notificaciones de Taskaty te llegan en este navegador.',
  fr: 'Ceci est un test. Les notifications de Taskaty vous parviennent dans ce navigateur.',
  de: 'Das ist ein Test. Die Benachrichtigungen von Taskaty erreichen dich in diesem Browser.',
};

/** Settings → Notifications' test. */
export function testPush(language: string | null): PushPayload {
  const code = mailLanguage(language);
  return { title: NOTIFICATION_MAIL_TEXTS[code].test.subject, body: PUSH_TEST_TEXTS[code], url: '/settings#notifications', tag: 'test' };
}
