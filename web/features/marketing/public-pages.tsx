import type { Resource } from 'i18next';
import { LANGUAGE_CODES } from '../../../common/locales.ts';
import { pageTextsOf, PublicPages } from '../../../common/public-pages.ts';
import { renderStaticLanding } from './static-landing.tsx';

const files = import.meta.glob<Record<string, unknown>>('../../i18n/locales/*/{common,public}.json', { eager: true, import: 'default' });

/** The `common` and `public` translations of every language, as i18next resources. */
export function publicResources(): Resource {
  const result: Resource = {};
  for (const [file, texts] of Object.entries(files)) {
    const [, language, namespace] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file)!;
    (result[language!] ??= {})[namespace!] = texts;
  }
  return result;
}

/**
 * Build-time only (scripts/render-public-pages.ts and tests, never the app bundle): the
 * landing page as static HTML and every public page's head texts, per language.
 */
export function renderPublicPages(): PublicPages {
  const resources = publicResources();
  return PublicPages.parse({
    landing: Object.fromEntries(LANGUAGE_CODES.map((language) => [language, renderStaticLanding(language, resources)])),
    texts: Object.fromEntries(LANGUAGE_CODES.map((language) => [language, pageTextsOf(resources[language]?.public)])),
  });
}
