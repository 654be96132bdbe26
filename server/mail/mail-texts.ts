import { stripInvisible } from '../../common/invisible-characters.ts';
import type { LanguageCode } from '../../common/locales.ts';
import { escapeHtml } from '../seo/html-escape.ts';

interface ShareMailTexts {
  subject: (sharer: string, title: string) => string;
  intro: (sharer: string) => string;
  action: string;
  footer: string;
}

/** The share invitation in each product language (issue 4: in the recipient's language when known). */
export const SHARE_MAIL_TEXTS: Record<LanguageCode, ShareMailTexts> = {
  en: {
    subject: (sharer, title) => `${sharer} shared a task with you: ${title}`,
    intro: (sharer) => `${sharer} shared a task with you on Taskaty.`,
    action: 'Open Taskaty to accept it',
    footer: 'You received this e-mail because someone shared a task with this address on Taskaty.',
  },
  hi: {
    subject: (sharer, title) => `${sharer} ने आपके साथ एक कार्य साझा किया: ${title}`,
    intro: (sharer) => `${sharer} ने Taskaty पर आपके साथ एक कार्य साझा किया है।`,
    action: 'स्वीकार करने के लिए Taskaty खोलें',
    footer: 'आपको यह ईमेल इसलिए मिला क्योंकि किसी ने Taskaty पर इस पते के साथ एक कार्य साझा किया है।',
  },
  ar: {
    subject: (sharer, title) => `شارك ${sharer} مهمة معك: ${title}`,
    intro: (sharer) => `شارك ${sharer} مهمة معك على Taskaty.`,
    action: 'افتح Taskaty لقبولها',
    footer: 'وصلتك هذه الرسالة لأن أحدهم شارك مهمة مع هذا العنوان على Taskaty.',
  },
  es: {
    subject: (sharer, title) => `${sharer} compartió una tarea contigo: ${title}`,
    intro: (sharer) => `${sharer} compartió una tarea contigo en Taskaty.`,
    action: 'Abre Taskaty para aceptarla',
    footer: 'Recibes este correo porque alguien compartió una tarea con esta dirección en Taskaty.',
  },
  fr: {
    subject: (sharer, title) => `${sharer} a partagé une tâche avec vous : ${title}`,
    intro: (sharer) => `${sharer} a partagé une tâche avec vous sur Taskaty.`,
    action: 'Ouvrez Taskaty pour l’accepter',
    footer: 'Vous recevez cet e-mail parce que quelqu’un a partagé une tâche avec cette adresse sur Taskaty.',
  },
  de: {
    // Informal "du", like the German app and public pages.
    subject: (sharer, title) => `${sharer} hat eine Aufgabe mit dir geteilt: ${title}`,
    intro: (sharer) => `${sharer} hat auf Taskaty eine Aufgabe mit dir geteilt.`,
    action: 'Öffne Taskaty, um sie anzunehmen',
    footer: 'Du erhältst diese E-Mail, weil jemand auf Taskaty eine Aufgabe mit dieser Adresse geteilt hat.',
  },
};

/** Subject, plain text and HTML of a share invitation; every user-given text is escaped in the HTML. */
export function shareMail(input: { language: LanguageCode; sharerName: string; taskTitle: string; link: string }) {
  const texts = SHARE_MAIL_TEXTS[input.language];
  // Header injection is impossible through nodemailer, but keep subjects on one line, and free of
  // bidi controls and invisible characters (`\u202Eexe.pdf` reads as `fdp.exe`), even in a title
  // or name stored before the schemas removed them.
  const title = stripInvisible(input.taskTitle).replace(/[\r\n]+/g, ' ');
  const sharer = stripInvisible(input.sharerName).replace(/[\r\n]+/g, ' ');
  const dir = input.language === 'ar' ? 'rtl' : 'ltr';
  return {
    subject: texts.subject(sharer, title),
    text: `${texts.intro(sharer)}\n\n“${title}”\n\n${texts.action}: ${input.link}\n\n${texts.footer}\n`,
    html: `<!doctype html><html lang="${input.language}" dir="${dir}"><body style="font-family:system-ui,sans-serif;color:#17151f">
<p>${escapeHtml(texts.intro(sharer))}</p>
<p style="font-size:18px;font-weight:600">${escapeHtml(title)}</p>
<p><a href="${escapeHtml(input.link)}" style="display:inline-block;background:#9333ea;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none">${escapeHtml(texts.action)}</a></p>
<p style="color:#5c5870;font-size:12px">${escapeHtml(texts.footer)}</p>
</body></html>`,
  };
}
