import type { LanguageCode } from '../../common/locales.ts';
import { REMINDER_DAY_TIME } from '../../common/schemas/reminder.schema.ts';
import { zonedInstant } from '../../common/time-zone.ts';
import { mailLanguage, notificationMailHtml, oneLine } from './mail-layout.ts';

interface ReminderMailTexts {
  subject: (title: string) => string;
  due: (when: string) => string;
  noDate: string;
  action: string;
  footer: string;
}

/** A reminder e-mail in each product language (issue 22): in the person's language and time zone. */
export const REMINDER_MAIL_TEXTS: Record<LanguageCode, ReminderMailTexts> = {
  en: {
    subject: (title) => `Reminder: ${title}`,
    due: (when) => `Due ${when}.`,
    noDate: 'You asked to be reminded of this task.',
    action: 'Open the task',
    footer: 'You received this e-mail because you set a reminder on Taskaty.',
  },
  hi: {
    subject: (title) => `अनुस्मारक: ${title}`,
    due: (when) => `नियत: ${when}।`,
    noDate: 'आपने इस कार्य के लिए अनुस्मारक माँगा था।',
    action: 'कार्य खोलें',
    footer: 'आपको यह ईमेल इसलिए मिला क्योंकि आपने Taskaty पर एक अनुस्मारक सेट किया था।',
  },
  ar: {
    subject: (title) => `تذكير: ${title}`,
    due: (when) => `موعد الاستحقاق: ${when}.`,
    noDate: 'طلبت أن نذكّرك بهذه المهمة.',
    action: 'افتح المهمة',
    footer: 'وصلتك هذه الرسالة لأنك ضبطت تذكيرًا على Taskaty.',
  },
  es: {
    subject: (title) => `Recordatorio: ${title}`,
    due: (when) => `Vence ${when}.`,
    noDate: 'Pediste que te recordáramos esta tarea.',
    action: 'Abrir la tarea',
    footer: 'Recibes este correo porque configuraste un recordatorio en Taskaty.',
  },
  fr: {
    subject: (title) => `Rappel : ${title}`,
    due: (when) => `Échéance : ${when}.`,
    noDate: 'Vous avez demandé un rappel pour cette tâche.',
    action: 'Ouvrir la tâche',
    footer: 'Vous recevez cet e-mail parce que vous avez programmé un rappel sur Taskaty.',
  },
  de: {
    subject: (title) => `Erinnerung: ${title}`,
    due: (when) => `Fällig ${when}.`,
    noDate: 'Du wolltest an diese Aufgabe erinnert werden.',
    action: 'Aufgabe öffnen',
    footer: 'Du erhältst diese E-Mail, weil du auf Taskaty eine Erinnerung eingerichtet hast.',
  },
};

/** When the task is due, as its person reads it: their language, their zone ("Friday, 4 December 2026 at 09:00"). */
export function dueText(due: { due_date: string; due_time: string | null }, language: LanguageCode, timeZone: string | null): string {
  const instant = zonedInstant(due.due_date, due.due_time ?? REMINDER_DAY_TIME, timeZone);
  const format = (zone: string) =>
    due.due_time
      ? new Intl.DateTimeFormat(language, { dateStyle: 'full', timeStyle: 'short', timeZone: zone }).format(instant)
      : new Intl.DateTimeFormat(language, { dateStyle: 'full', timeZone: zone }).format(instant);
  try {
    return format(timeZone ?? 'UTC');
  } catch {
    // A zone stored while this runtime knew it and no longer does (an ICU update): UTC, never a
    // failed delivery (a throw here would roll back the scheduler's whole batch, again and again).
    return format('UTC');
  }
}

/** Subject, plain text and HTML of a reminder; the title is escaped in the HTML and kept on one line. */
export function reminderMail(input: {
  language: string | null;
  taskTitle: string;
  due: { due_date: string | null; due_time: string | null };
  timeZone: string | null;
  link: string;
}) {
  const language = mailLanguage(input.language);
  const texts = REMINDER_MAIL_TEXTS[language];
  const title = oneLine(input.taskTitle);
  const line = input.due.due_date
    ? texts.due(dueText({ due_date: input.due.due_date, due_time: input.due.due_time }, language, input.timeZone))
    : texts.noDate;
  return {
    subject: texts.subject(title),
    text: `“${title}”\n${line}\n\n${texts.action}: ${input.link}\n\n${texts.footer}\n`,
    html: notificationMailHtml({
      language,
      heading: title,
      paragraphs: [line],
      action: { label: texts.action, link: input.link },
      footer: texts.footer,
    }),
  };
}
