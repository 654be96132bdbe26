import type { LanguageCode } from '../../common/locales.ts';

/**
 * The pages the server sends as static HTML (`/`, `/login`, `/signup`, see static-render.tsx)
 * are written in one language, but /theme-init.js may switch <html lang> to the visitor's
 * stored language before the page's script reloads it in that language; these hide the copy
 * meanwhile instead of flashing the wrong language. Literal strings, so Tailwind generates them.
 */
export const HIDDEN_UNLESS_LANGUAGE: Record<LanguageCode, string> = {
  en: '[html:not([lang=en])_&]:invisible',
  hi: '[html:not([lang=hi])_&]:invisible',
  ar: '[html:not([lang=ar])_&]:invisible',
  es: '[html:not([lang=es])_&]:invisible',
  fr: '[html:not([lang=fr])_&]:invisible',
  de: '[html:not([lang=de])_&]:invisible',
};
