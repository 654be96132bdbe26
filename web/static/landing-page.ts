/**
 * The only script of the server-rendered landing page (`/`, decision 009; built into /landing.js
 * by vite.config.ts): the app's bundle loads from the first link into the app. It reveals "Go to
 * dashboard" for a stored session, reloads the page in the visitor's language, makes the
 * language selectors and the phone menu work, and keeps an explicit ?lang= on links into the app.
 */
import { readStoredCredentials } from '../lib/stored-session.ts';
import { followVisitorLanguage, keepLanguageOnLinks, pageLanguage, switchLanguageOnChange } from './page-language.ts';

function start(landing: HTMLElement) {
  const language = pageLanguage(landing.dataset.language ?? '');
  if (followVisitorLanguage(language)) return;

  // The page carries both variants (web/features/marketing/render-mode.tsx); the stored session picks one.
  const signedIn = readStoredCredentials() !== null;
  for (const element of document.querySelectorAll<HTMLElement>('[data-session]')) {
    element.hidden = (element.dataset.session === 'user') !== signedIn;
  }

  for (const select of document.querySelectorAll<HTMLSelectElement>('[data-language-picker] select')) switchLanguageOnChange(select);
  keepLanguageOnLinks(document, language);

  const menu = document.querySelector<HTMLDetailsElement>('details[data-menu]');
  if (menu) {
    // A click outside the open menu, or on one of its links, closes it; so does Escape.
    document.addEventListener('click', (event) => {
      const target = event.target as Element;
      if (menu.open && (!menu.contains(target) || target.closest('a'))) menu.open = false;
    });
    document.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape' || !menu.open) return;
      menu.open = false;
      menu.querySelector('summary')?.focus();
    });
  }
}

const landing = document.querySelector<HTMLElement>('[data-landing]');
if (landing) start(landing);
