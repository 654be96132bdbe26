import type { LanguageCode } from '../../common/locales.ts';
import { zonedInstant } from '../../common/time-zone.ts';
import { mailLanguage, notificationMailHtml, oneLine } from './mail-layout.ts';

interface DigestMailTexts {
  heading: (date: string) => string;
  overdue: string;
  today: string;
  more: (count: string) => string;
  action: string;
  footer: string;
}

/** The daily digest in each product language (issue 22): the words of the app's Today view. */
export const DIGEST_MAIL_TEXTS: Record<LanguageCode, DigestMailTexts> = {
  en: {
    heading: (date) => `Your tasks for ${date}`,
    overdue: 'Overdue',
    today: 'Due today',
    more: (count) => `…and ${count} more in Taskaty`,
    action: 'Open Today',
    footer:
      'You receive this daily digest because you chose it in your Taskaty notification settings, where you can change its time or turn it off.',
  },
  hi: {
    heading: (date) => `${date} के आपके कार्य`,
    overdue: 'समय सीमा पार',
    today: 'आज देय',
    more: (count) => `…और Taskaty में ${count} और`,
    action: 'आज खोलें',
    footer: 'आपको यह दैनिक सारांश इसलिए मिलता है क्योंकि आपने इसे अपनी Taskaty सूचना सेटिंग में चुना है, जहाँ आप इसका समय बदल सकते हैं या इसे बंद कर सकते हैं।',
  },
  ar: {
    heading: (date) => `مهامك ليوم ${date}`,
    overdue: 'متأخرة',
    today: 'مستحقة اليوم',
    more: (count) => `…و${count} غيرها في Taskaty`,
    action: 'افتح «اليوم»',
    footer: 'يصلك هذا الملخص اليومي لأنك اخترته في إعدادات الإشعارات في Taskaty، وهناك يمكنك تغيير موعده أو إيقافه.',
  },
  es: {
    heading: (date) => `Tus tareas del ${date}`,
    overdue: 'Vencidas',
    today: 'Vencen hoy',
    more: (count) => `…y ${count} más en Taskaty`,
    action: 'Abrir Hoy',
    footer:
      'Recibes este resumen diario porque lo elegiste en tu configuración de notificaciones de Taskaty, donde puedes cambiar la hora o desactivarlo.',
  },
  fr: {
    heading: (date) => `Vos tâches du ${date}`,
    overdue: 'En retard',
    today: 'Pour aujourd’hui',
    more: (count) => `…et ${count} de plus dans Taskaty`,
    action: 'Ouvrir Aujourd’hui',
    footer:
      'Vous recevez ce récapitulatif quotidien parce que vous l’avez choisi dans vos paramètres de notification Taskaty, où vous pouvez changer son heure ou le désactiver.',
  },
  de: {
    heading: (date) => `Deine Aufgaben für ${date}`,
    overdue: 'Überfällig',
    today: 'Heute fällig',
    more: (count) => `…und ${count} weitere in Taskaty`,
    action: 'Heute öffnen',
    footer:
      'Du erhältst diese tägliche Übersicht, weil du sie in deinen Taskaty-Benachrichtigungseinstellungen gewählt hast. Dort kannst du die Uhrzeit ändern oder sie abschalten.',
  },
};

export interface DigestTask {
  id: number;
  title: string;
  due_date: string;
  due_time: string | null;
}

/**
 * Subject, text and HTML of a person's daily digest: their overdue tasks and today's, each linked,
 * dates and times written for their language (in their zone: `today` is their date).
 */
export function digestMail(input: {
  language: string | null;
  timeZone: string | null;
  today: string;
  overdue: readonly DigestTask[];
  dueToday: readonly DigestTask[];
  /** All of them, of which the lists show the first. */
  counts: { overdue: number; today: number };
  publicUrl: string;
}) {
  const language = mailLanguage(input.language);
  const texts = DIGEST_MAIL_TEXTS[language];
  const zone = input.timeZone ?? 'UTC';
  const format = (options: Intl.DateTimeFormatOptions, date: string, time: string) => {
    const instant = zonedInstant(date, time, zone);
    try {
      return new Intl.DateTimeFormat(language, { ...options, timeZone: zone }).format(instant);
    } catch {
      // A zone this runtime no longer knows: UTC rather than no digest (cf. reminder-mail.ts).
      return new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' }).format(instant);
    }
  };
  const numbers = new Intl.NumberFormat(language);
  const date = format({ weekday: 'long', day: 'numeric', month: 'long' }, input.today, '12:00');
  const heading = texts.heading(date);
  const link = (task: DigestTask) => `${input.publicUrl}/dashboard?task=${task.id}`;
  const sections = [
    {
      title: texts.overdue,
      items: input.overdue.map((task) => ({
        text: oneLine(task.title),
        detail: format({ day: 'numeric', month: 'short' }, task.due_date, task.due_time ?? '12:00'),
        link: link(task),
      })),
    },
    {
      title: texts.today,
      items: input.dueToday.map((task) => ({
        text: oneLine(task.title),
        ...(task.due_time ? { detail: format({ timeStyle: 'short' }, task.due_date, task.due_time) } : {}),
        link: link(task),
      })),
    },
  ].filter((section) => section.items.length);
  const hidden = input.counts.overdue + input.counts.today - input.overdue.length - input.dueToday.length;
  const more = hidden > 0 ? [texts.more(numbers.format(hidden))] : [];
  const todayLink = `${input.publicUrl}/dashboard?view=today`;
  const counts = [
    ...(input.counts.today ? [`${texts.today} ${numbers.format(input.counts.today)}`] : []),
    ...(input.counts.overdue ? [`${texts.overdue} ${numbers.format(input.counts.overdue)}`] : []),
  ];
  const subject = `${heading}: ${counts.join(' · ')}`;
  const text = [
    heading,
    ...sections.map(
      (section) =>
        `\n${section.title}\n${section.items.map((item) => `- ${item.text}${item.detail ? ` (${item.detail})` : ''}: ${item.link}`).join('\n')}`,
    ),
    ...more.map((line) => `\n${line}`),
    `\n${texts.action}: ${todayLink}`,
    `\n${texts.footer}`,
  ].join('\n');
  return {
    subject,
    text: `${text}\n`,
    html: notificationMailHtml({
      language,
      heading,
      paragraphs: more,
      sections,
      action: { label: texts.action, link: todayLink },
      footer: texts.footer,
    }),
  };
}
