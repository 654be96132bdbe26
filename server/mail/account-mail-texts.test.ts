import { describe, expect, test } from 'vitest';
import { LANGUAGE_CODES, type LanguageCode } from '../../common/locales.ts';
import { ACCOUNT_MAIL_TEXTS, accountMail } from './account-mail-texts.ts';

/**
 * The verification, e-mail change and password reset mails (issue 18) in each of the six
 * languages: written in the account's language, carrying their link, laid out in the
 * language's direction, and safe whatever name the account has.
 */
const KINDS = Object.keys(ACCOUNT_MAIL_TEXTS) as Array<keyof typeof ACCOUNT_MAIL_TEXTS>;
const cases = KINDS.flatMap((kind) => LANGUAGE_CODES.map((language) => [kind, language] as const));

const link = 'https://taskaty.example/verify-email?token=Q2xvc2VkX2xpbmtfc2VjcmV0XzQzX2NoYXJzX2xvbmc';
/** Embeddings, overrides, isolates and the directional marks. */
const BIDI_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

/** Something each language's mail says in its own words or script (a check that it is not another's). */
const LOOKS_LIKE: Record<LanguageCode, RegExp> = {
  en: /\b(?:your|the)\b/i,
  hi: /\p{Script=Devanagari}/u,
  ar: /\p{Script=Arabic}/u,
  es: /\b(?:tu|correo|enlace)\b/i,
  fr: /\b(?:votre|vous|lien)\b/i,
  de: /\b(?:du|dein|deine)\b/i,
};

describe.each(cases)('the %s mail in %s', (kind, language) => {
  const texts = ACCOUNT_MAIL_TEXTS[kind][language];
  const english = ACCOUNT_MAIL_TEXTS[kind].en;
  const mail = accountMail(kind, { language, name: 'Priya', link });

  test('its subject and text are in that language', () => {
    expect(mail.subject).toBe(texts.subject);
    for (const part of [texts.greeting('Priya'), texts.body, texts.action, texts.expiry, texts.footer]) expect(mail.text).toContain(part);
    expect(mail.subject).toMatch(LOOKS_LIKE[language]);
    expect(mail.text).toMatch(LOOKS_LIKE[language]);
    if (language === 'en') return;
    expect(mail.subject).not.toBe(english.subject);
    for (const part of [english.greeting('Priya'), english.body, english.action, english.expiry, english.footer])
      expect(mail.text).not.toContain(part);
    // Nor another language's words by mistake: every text of this language is its own.
    for (const other of LANGUAGE_CODES.filter((code) => code !== language)) {
      const theirs = ACCOUNT_MAIL_TEXTS[kind][other];
      for (const key of ['subject', 'body', 'action', 'expiry', 'footer'] as const)
        expect(texts[key], `${key} as in ${other}`).not.toBe(theirs[key]);
    }
  });

  test('the link is in the text and is the button of the HTML', () => {
    expect(mail.text).toContain(`${texts.action}: ${link}`);
    expect(mail.html).toContain(`href="${link}"`);
  });

  test('the HTML has the language and its direction', () => {
    expect(mail.html).toContain(`<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">`);
  });

  test('a name with markup is escaped in the HTML and stays out of the subject', () => {
    const hostile = accountMail(kind, { language, name: '<script>alert(1)</script>', link });
    expect(hostile.html).not.toContain('<script');
    expect(hostile.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(hostile.subject).toBe(texts.subject);
    expect(hostile.text).toContain(texts.greeting('<script>alert(1)</script>'));
  });

  test('a name keeps to one line and puts no bidi control in the subject', () => {
    const mail = accountMail(kind, { language, name: 'Eve\r\nBcc: mallory@example.com \u202Egnp.exe', link });
    expect(mail.subject).toBe(texts.subject);
    expect(mail.subject).not.toMatch(BIDI_CONTROL);
    expect(mail.text.split('\n')[0]).toContain('Bcc: mallory@example.com');
  });

  // A name stored before the schemas stripped invisible characters keeps none in the mail (oneLine, mail-layout.ts).
  test('a name with a right-to-left override puts no bidi control in the text or HTML', () => {
    const mail = accountMail(kind, { language, name: 'Eve\u202Egnp.exe', link });
    expect(mail.text).not.toMatch(BIDI_CONTROL);
    expect(mail.html).not.toMatch(BIDI_CONTROL);
    expect(mail.text).toContain(texts.greeting('Evegnp.exe'));
  });
});
