import { createContext, useContext } from 'react';
import type { LanguageCode } from '../../../common/locales.ts';
import { useSession } from '../../lib/session.tsx';

/**
 * The landing page is rendered twice: live in the app, and once per language into static
 * HTML the server sends for `/` (see static-landing.tsx). The static copy cannot know who is
 * signed in, so it carries both variants and /landing.js reveals the right one.
 */
const StaticMarkupContext = createContext(false);
export const StaticMarkupProvider = StaticMarkupContext.Provider;

export function useStaticMarkup(): boolean {
  return useContext(StaticMarkupContext);
}

/** Who the page is for: a guest, a signed-in user, or both (static HTML, decided in the browser). */
export type Audience = 'guest' | 'user' | 'both';

export function useAudience(): Audience {
  const staticMarkup = useStaticMarkup();
  const { session } = useSession();
  if (staticMarkup) return 'both';
  return session.status === 'authenticated' ? 'user' : 'guest';
}

/**
 * Marks an element for /landing.js: `data-session="user"` starts hidden and is shown when a
 * session is stored; `data-session="guest"` is hidden then.
 */
export function audienceProps(audience: Audience, target: 'guest' | 'user') {
  if (audience !== 'both') return {};
  return target === 'user' ? { 'data-session': 'user', hidden: true } : { 'data-session': 'guest' };
}

/**
 * The static copy is written in one language, but /theme-init.js may switch <html lang> to the
 * visitor's stored language before /landing.js reloads the page in it; these hide the copy
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
