import { stripInvisible } from '../../common/invisible-characters.ts';
import { isLanguageCode, type LanguageCode } from '../../common/locales.ts';
import { escapeHtml } from '../seo/html-escape.ts';

/** The language a mail is written in: the person's, or English when they chose none we know. */
export const mailLanguage = (language: string | null | undefined): LanguageCode => (language && isLanguageCode(language) ? language : 'en');

/**
 * A user-given text as a mail shows it on one line: without line breaks, bidi controls or
 * invisible characters (`\u202Eexe.pdf` reads as `fdp.exe`), even in text stored before the
 * schemas removed them. Header injection is impossible through nodemailer regardless.
 */
export const oneLine = (text: string) => stripInvisible(text).replace(/[\r\n]+/g, ' ');

/**
 * The HTML of a notification mail (issue 22): a heading, paragraphs, an optional list of linked
 * items, a button and a footer. Every text is escaped here; callers pass plain text.
 */
export function notificationMailHtml(input: {
  language: LanguageCode;
  heading: string;
  paragraphs: readonly string[];
  sections?: readonly { title: string; items: readonly { text: string; detail?: string; link: string }[] }[];
  action: { label: string; link: string };
  footer: string;
}): string {
  const dir = input.language === 'ar' ? 'rtl' : 'ltr';
  const paragraphs = input.paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('\n');
  const sections = (input.sections ?? [])
    .map(
      (section) =>
        `<h2 style="font-size:15px;margin:20px 0 6px">${escapeHtml(section.title)}</h2>\n<ul style="padding-inline-start:20px;margin:0">${section.items
          .map(
            (item) =>
              `<li style="margin:4px 0"><a href="${escapeHtml(item.link)}" style="color:#7e22ce">${escapeHtml(item.text)}</a>${
                item.detail ? ` <span style="color:#5c5870">· ${escapeHtml(item.detail)}</span>` : ''
              }</li>`,
          )
          .join('')}</ul>`,
    )
    .join('\n');
  return `<!doctype html><html lang="${input.language}" dir="${dir}"><body style="font-family:system-ui,sans-serif;color:#17151f">
<p style="font-size:18px;font-weight:600">${escapeHtml(input.heading)}</p>
${paragraphs}
${sections}
<p><a href="${escapeHtml(input.action.link)}" style="display:inline-block;background:#9333ea;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none">${escapeHtml(input.action.label)}</a></p>
<p style="color:#5c5870;font-size:12px">${escapeHtml(input.footer)}</p>
</body></html>`;
}
