import type { LanguageCode } from '../../common/locales.ts';
import type { NotificationKind } from '../../common/schemas/notification.schema.ts';
import { mailLanguage, notificationMailHtml, oneLine } from './mail-layout.ts';

/** The kinds a notification e-mail tells of (a reminder has its own mail, reminder-mail.ts). */
export type MailedNotificationKind = Exclude<NotificationKind, 'reminder'>;

interface NotificationMailTexts {
  /** The same sentences as the bell's (web/i18n/locales/<language>/notifications.json, compared by a test). */
  kinds: Record<MailedNotificationKind, string>;
  someone: string;
  action: string;
  footer: string;
  test: { subject: string; text: string; action: string };
}

/** E-mails of the notification centre in each product language (issue 22). */
export const NOTIFICATION_MAIL_TEXTS: Record<LanguageCode, NotificationMailTexts> = {
  en: {
    kinds: {
      comment: '{{name}} commented on “{{title}}”',
      reply: '{{name}} replied to your comment on “{{title}}”',
      mention: '{{name}} mentioned you on “{{title}}”',
      share_accepted: '{{name}} accepted “{{title}}”',
      share_declined: '{{name}} declined “{{title}}”',
      occurrence: '{{name}} completed “{{title}}”; the next one is on your list',
    },
    someone: 'Someone',
    action: 'Open the task',
    footer: 'You receive these e-mails because they are turned on in your Taskaty notification settings.',
    test: {
      subject: 'Taskaty: test notification',
      text: 'This is a test. Taskaty’s e-mail notifications reach you at this address.',
      action: 'Open notification settings',
    },
  },
  hi: {
    kinds: {
      comment: '{{name}} ने “{{title}}” पर टिप्पणी की',
      reply: '{{name}} ने “{{title}}” पर आपकी टिप्पणी का जवाब दिया',
      mention: '{{name}} ने “{{title}}” पर आपका उल्लेख किया',
      share_accepted: '{{name}} ने “{{title}}” स्वीकार किया',
      share_declined: '{{name}} ने “{{title}}” अस्वीकार किया',
      occurrence: '{{name}} ने “{{title}}” पूरा किया; अगला आपकी सूची में है',
    },
    someone: 'कोई',
    action: 'कार्य खोलें',
    footer: 'आपको ये ईमेल इसलिए मिलते हैं क्योंकि आपकी Taskaty सूचना सेटिंग में ये चालू हैं।',
    test: {
      subject: 'Taskaty: परीक्षण सूचना',
      text: 'यह एक परीक्षण है। Taskaty की ईमेल सूचनाएँ इस पते पर आप तक पहुँचती हैं।',
      action: 'सूचना सेटिंग खोलें',
    },
  },
  ar: {
    kinds: {
      comment: 'علّق {{name}} على «{{title}}»',
      reply: 'ردّ {{name}} على تعليقك على «{{title}}»',
      mention: 'أشار إليك {{name}} في «{{title}}»',
      share_accepted: 'قبل {{name}} «{{title}}»',
      share_declined: 'رفض {{name}} «{{title}}»',
      occurrence: 'أكمل {{name}} «{{title}}»، والمهمة التالية في قائمتك',
    },
    someone: 'شخص ما',
    action: 'افتح المهمة',
    footer: 'تصلك هذه الرسائل لأنها مفعّلة في إعدادات الإشعارات في Taskaty.',
    test: {
      subject: 'Taskaty: إشعار تجريبي',
      text: 'هذه رسالة تجريبية. تصلك إشعارات Taskaty بالبريد الإلكتروني على هذا العنوان.',
      action: 'افتح إعدادات الإشعارات',
    },
  },
  es: {
    kinds: {
      comment: '{{name}} comentó en «{{title}}»',
      reply: '{{name}} respondió a tu comentario en «{{title}}»',
      mention: '{{name}} te mencionó en «{{title}}»',
      share_accepted: '{{name}} aceptó «{{title}}»',
      share_declined: '{{name}} rechazó «{{title}}»',
      occurrence: '{{name}} completó «{{title}}»; la siguiente ya está en tu lista',
    },
    someone: 'Alguien',
    action: 'Abrir la tarea',
    footer: 'Recibes estos correos porque están activados en tu configuración de notificaciones de Taskaty.',
    test: {
      subject: 'Taskaty: notificación de prueba',
      text: 'Esto es una prueba. Las notificaciones por correo de Taskaty te llegan a esta dirección.',
      action: 'Abrir la configuración de notificaciones',
    },
  },
  fr: {
    kinds: {
      comment: '{{name}} a commenté « {{title}} »',
      reply: '{{name}} a répondu à votre commentaire sur « {{title}} »',
      mention: '{{name}} vous a mentionné dans « {{title}} »',
      share_accepted: '{{name}} a accepté « {{title}} »',
      share_declined: '{{name}} a refusé « {{title}} »',
      occurrence: '{{name}} a terminé « {{title}} » ; la suivante est dans votre liste',
    },
    someone: 'Quelqu’un',
    action: 'Ouvrir la tâche',
    footer: 'Vous recevez ces e-mails parce qu’ils sont activés dans vos paramètres de notification Taskaty.',
    test: {
      subject: 'Taskaty : notification de test',
      text: 'Ceci est un test. Les notifications par e-mail de Taskaty vous parviennent à cette adresse.',
      action: 'Ouvrir les paramètres de notification',
    },
  },
  de: {
    kinds: {
      comment: '{{name}} hat „{{title}}“ kommentiert',
      reply: '{{name}} hat auf deinen Kommentar zu „{{title}}“ geantwortet',
      mention: '{{name}} hat dich in „{{title}}“ erwähnt',
      share_accepted: '{{name}} hat „{{title}}“ angenommen',
      share_declined: '{{name}} hat „{{title}}“ abgelehnt',
      occurrence: '{{name}} hat „{{title}}“ erledigt; die nächste steht in deiner Liste',
    },
    someone: 'Jemand',
    action: 'Aufgabe öffnen',
    footer: 'Du erhältst diese E-Mails, weil sie in deinen Taskaty-Benachrichtigungseinstellungen aktiviert sind.',
    test: {
      subject: 'Taskaty: Testbenachrichtigung',
      text: 'Das ist ein Test. Die E-Mail-Benachrichtigungen von Taskaty erreichen dich unter dieser Adresse.',
      action: 'Benachrichtigungseinstellungen öffnen',
    },
  },
};

const fill = (template: string, values: { name: string; title: string }) =>
  template.replace('{{name}}', values.name).replace('{{title}}', values.title);

/** Subject, text and HTML of a notification e-mail: the bell's sentence, a comment's start, a link to the task. */
export function notificationMail(input: {
  language: string | null;
  kind: MailedNotificationKind;
  actorName: string | null;
  taskTitle: string;
  excerpt: string;
  link: string;
}) {
  const language = mailLanguage(input.language);
  const texts = NOTIFICATION_MAIL_TEXTS[language];
  const sentence = fill(texts.kinds[input.kind], {
    name: input.actorName ? oneLine(input.actorName) : texts.someone,
    title: oneLine(input.taskTitle),
  });
  const excerpt = oneLine(input.excerpt);
  return {
    subject: sentence,
    text: `${sentence}\n${excerpt ? `\n${excerpt}\n` : ''}\n${texts.action}: ${input.link}\n\n${texts.footer}\n`,
    html: notificationMailHtml({
      language,
      heading: sentence,
      paragraphs: excerpt ? [excerpt] : [],
      action: { label: texts.action, link: input.link },
      footer: texts.footer,
    }),
  };
}

/** The test from Settings → Notifications. */
export function testNotificationMail(input: { language: string | null; link: string }) {
  const language = mailLanguage(input.language);
  const texts = NOTIFICATION_MAIL_TEXTS[language];
  return {
    subject: texts.test.subject,
    text: `${texts.test.text}\n\n${texts.test.action}: ${input.link}\n`,
    html: notificationMailHtml({
      language,
      heading: texts.test.subject,
      paragraphs: [texts.test.text],
      action: { label: texts.test.action, link: input.link },
      footer: texts.footer,
    }),
  };
}
