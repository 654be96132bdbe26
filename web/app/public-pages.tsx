import type { Resource } from 'i18next';
import type { ReactElement } from 'react';
import { LANGUAGE_CODES, type LanguageCode } from '../../common/locales.ts';
import { pageTextsOf, PublicPages } from '../../common/public-pages.ts';
import { StaticAuthPage } from '../features/auth/static-auth-page.tsx';
import { renderStaticLanding } from '../features/marketing/static-landing.tsx';
import { renderStaticMarkup, resourcesOf } from '../lib/static-render.tsx';
import LoginPage from '../pages/login-page.tsx';
import SignupPage from '../pages/signup-page.tsx';
import { paths } from './paths.ts';

const files = import.meta.glob<Record<string, unknown>>('../i18n/locales/*/{common,public,auth,server}.json', {
  eager: true,
  import: 'default',
});

/** The `common`, `public`, `auth` and `server` translations of every language, as i18next resources. */
export function publicResources(): Resource {
  return resourcesOf(files);
}

/** The sign-in or sign-up page as the app draws it, wrapped for its static copy (see StaticAuthPage). */
function renderStaticAuthPage(page: 'login' | 'signup', language: LanguageCode, resources: Resource): string {
  const element: ReactElement = page === 'login' ? <LoginPage /> : <SignupPage />;
  return renderStaticMarkup(<StaticAuthPage page={page}>{element}</StaticAuthPage>, {
    language,
    resources,
    namespaces: ['common', 'auth'],
    path: paths[page],
  });
}

const perLanguage = <T,>(render: (language: LanguageCode) => T) =>
  Object.fromEntries(LANGUAGE_CODES.map((language) => [language, render(language)])) as Record<LanguageCode, T>;

/**
 * Build-time only (scripts/render-public-pages.ts and tests, never the app bundle): the pages
 * the server sends as static HTML (`/`, `/login`, `/signup`) and every public page's head
 * texts, per language. See docs/decisions/009 and 010.
 */
export function renderPublicPages(): PublicPages {
  const resources = publicResources();
  return PublicPages.parse({
    html: {
      home: perLanguage((language) => renderStaticLanding(language, resources)),
      login: perLanguage((language) => renderStaticAuthPage('login', language, resources)),
      signup: perLanguage((language) => renderStaticAuthPage('signup', language, resources)),
    },
    texts: perLanguage((language) => pageTextsOf(resources[language]?.public)),
  });
}
