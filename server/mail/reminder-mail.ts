import type { LanguageCode } from '../../common/locales.ts';
import { REMINDER_DAY_TIME } from '../../common/schemas/reminder.schema.ts';
import { zonedInstant } from '../../common/time-zone.ts';
import { SNOOZE_CHOICES, type SnoozeChoice } from '../../common/schemas/notification-input.schema.ts';
import { mailLanguage, notificationMailHtml, oneLine } from './mail-layout.ts';

interface ReminderMailTexts {
  subject: (title: string) => string;
  due: (when: string) => string;
  noDate: string;
  action: string;
  footer: string;
  /** The snooze links' heading and each choice (the bell's words, web notifications.json). */
  snooze: string;
  snoozeFor: Record<SnoozeChoice, string>;
}

/** A reminder e-mail in each product language (issue 22): in the person's language and time zone. */
export const REMINDER_MAIL_TEXTS: Record<LanguageCode, ReminderMailTexts> = {
  en: {
    subject: (title) => `Reminder: ${title}`,
    due: (when) => `Due ${when}.`,
    noDate: 'You asked to be reminded of this task.',
    action: 'Open the task',
    footer: 'You received this e-mail because you set a reminder on Taskaty.',
    snooze: 'Remind me again',
    snoozeFor: { '10m': 'In 10 min', '1h': 'In 1 hour', tomorrow: 'Tomorrow' },
  },
  hi: {
    subject: (title) => `अनुस्मारक: ${title}`,
    due: (when) => `नियत: ${when}।`,
    noDate: 'आपने इस कार्य के लिए अनुस्मारक माँगा था।',
    action: 'कार्य खोलें',
    footer: 'आपको यह ईमेल इसलिए मिला क्योंकि आपने Taskaty पर एक अनुस्मारक सेट किया था।',
    snooze: 'फिर याद दिलाएँ',
    snoozeFor: { '10m': '10 मिनट में', '1h': '1 घंटे में', tomorrow: 'कल' },
  },
  ar: {
    subject: (title) => `تذكير: ${title}`,
    due: (when) => `موعد الاستحقاق: ${when}.`,
    noDate: 'طلبت أن نذكّرك بهذه المهمة.',
    action: 'افتح المهمة',
    footer: 'وصلتك هذه الرسالة لأنك ضبطت تذكيرًا على Taskaty.',
    snooze: 'ذكّرني لاحقًا',
    snoozeFor: { '10m': 'بعد 10 دقائق', '1h': 'بعد ساعة', tomorrow: 'غدًا' },
  },
  es: {
    subject: (title) => `Recordatorio: ${title}`,
    due: (when) => `Vence ${when}.`,
    noDate: 'Pediste que te recordáramos esta tarea.',
    action: 'Abrir la tarea',
    footer: 'Recibes este correo porque configuraste un recordatorio en Taskaty.',
    snooze: 'Recordármelo de nuevo',
    snoozeFor: { '10m': 'En 10 min', '1h': 'En 1 hora', tomorrow: 'Mañana' },
  },
  fr: {
    subject: (title) => `Rappel : ${title}`,
    due: (when) => `Échéance : ${when}.`,
    noDate: 'Vous avez demandé un rappel pour cette tâche.',
    action: 'Ouvrir la tâche',
    footer: 'Vous recevez cet e-mail parce que vous avez programmé un rappel sur Taskaty.',
    snooze: 'Me le rappeler',
    snoozeFor: { '10m': 'Dans 10 min', '1h': 'Dans 1 heure', tomorrow: 'Demain' },
  },
  de: {
    subject: (title) => `Erinnerung: ${title}`,
    due: (when) => `Fällig ${when}.`,
    noDate: 'Du wolltest an diese Aufgabe erinnert werden.',
    action: 'Aufgabe öffnen',
    footer: 'Du erhältst diese E-Mail, weil du auf Taskaty eine Erinnerung eingerichtet hast.',
    snooze: 'Später erinnern',
    snoozeFor: { '10m': 'In 10 Min.', '1h': 'In 1 Stunde', tomorrow: 'Morgen' },
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

/**
 * Subject, plain text and HTML of a reminder; the title is escaped in the HTML and kept on one line.
 * `snoozeLink`: the page that snoozes it with the delivery's single-use secret (issue 22); one
 * link per choice, which the page preselects (opening it changes nothing: a mail scanner that
 * follows links snoozes nothing).
 */
export function reminderMail(input: {
  language: string | null;
  taskTitle: string;
  due: { due_date: string | null; due_time: string | null };
  timeZone: string | null;
  link: string;
  snoozeLink?: string;
}) {
  const language = mailLanguage(input.language);
  const texts = REMINDER_MAIL_TEXTS[language];
  const title = oneLine(input.taskTitle);
  const line = input.due.due_date
    ? texts.due(dueText({ due_date: input.due.due_date, due_time: input.due.due_time }, language, input.timeZone))
    : texts.noDate;
  const snoozes = input.snoozeLink
    ? SNOOZE_CHOICES.map((choice) => ({ text: texts.snoozeFor[choice], link: `${input.snoozeLink}&for=${choice}` }))
    : [];
  const snoozeText = snoozes.length
    ? `\n${texts.snooze}:\n${snoozes.map((snooze) => `- ${snooze.text}: ${snooze.link}`).join('\n')}\n`
    : '';
  return {
    subject: texts.subject(title),
    text: `“${title}”\n${line}\n\n${texts.action}: ${input.link}\n${snoozeText}\n${texts.footer}\n`,
    html: notificationMailHtml({
      language,
      heading: title,
      paragraphs: [line],
      sections: snoozes.length ? [{ title: texts.snooze, items: snoozes }] : [],
      action: { label: texts.action, link: input.link },
      footer: texts.footer,
    }),
  };
}
