import { STORAGE_KEYS } from '../../common/constants.ts';
import { storage } from '../lib/storage.ts';

/**
 * The language rules of the server-rendered pages (/, /login, /signup), which the app applies
 * through i18next: the server renders a page in its ?lang= or in English, /theme-init.js has
 * chosen the visitor's language (?lang=, then storage, then the browser), and a page rendered
 * in another one is fetched again in the right one.
 */
export interface PageLanguage {
  /** The language the page was rendered in. */
  rendered: string;
  /** The rendered language when the address asked for it with ?lang=, else null. */
  explicit: string | null;
}

export function pageLanguage(rendered: string): PageLanguage {
  const explicit = new URLSearchParams(location.search).get('lang') === rendered ? rendered : null;
  return { rendered, explicit };
}

/** This page in another language. */
export function inLanguage(code: string): string {
  const params = new URLSearchParams(location.search);
  params.set('lang', code);
  return `${location.pathname}?${params.toString()}${location.hash}`;
}

/** Reloads the page in the visitor's language when it was rendered in another one; true when it does. */
export function followVisitorLanguage({ rendered, explicit }: PageLanguage): boolean {
  const chosen = document.documentElement.lang;
  if (explicit || !chosen || chosen === rendered) return false;
  location.replace(inLanguage(chosen));
  return true;
}

/** `href` with the page's explicit ?lang=, so the app opens in the language the visitor asked for. */
export function keepLanguage(href: string, { explicit }: PageLanguage): string {
  if (!explicit) return href;
  const url = new URL(href, location.href);
  if (!url.searchParams.has('lang')) url.searchParams.set('lang', explicit);
  return url.pathname + url.search + url.hash;
}

/** Puts the explicit ?lang= on every link into the site under `root`. */
export function keepLanguageOnLinks(root: ParentNode, language: PageLanguage) {
  if (!language.explicit) return;
  for (const link of root.querySelectorAll<HTMLAnchorElement>('a[href^="/"]')) {
    link.setAttribute('href', keepLanguage(link.getAttribute('href')!, language));
  }
}

/** A language selector: remembers the choice, as the app does, and loads the page in it. */
export function switchLanguageOnChange(select: HTMLSelectElement) {
  select.addEventListener('change', () => {
    storage.set(STORAGE_KEYS.language, select.value);
    location.assign(inLanguage(select.value));
  });
}
