import { createInstance, type Resource } from 'i18next';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type LanguageCode } from '../../common/locales.ts';
import { SessionProvider } from './session.tsx';

/**
 * Build-time only (scripts/render-public-pages.ts and tests, never the app bundle): the pages
 * the server sends as static HTML (`/`, `/login`, `/signup`) are rendered from the app's own
 * components, per language, with the providers those components expect.
 */

/** i18next resources from an `import.meta.glob` of `locales/<language>/<namespace>.json` files. */
export function resourcesOf(files: Record<string, Record<string, unknown>>): Resource {
  const result: Resource = {};
  for (const [file, texts] of Object.entries(files)) {
    const [, language, namespace] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file)!;
    (result[language!] ??= {})[namespace!] = texts;
  }
  return result;
}

/** Renders `element` to static HTML in `language`: i18n (`common` by default), a router at `path`, an empty session. */
export function renderStaticMarkup(
  element: ReactElement,
  { language, resources, namespaces, path = '/' }: { language: LanguageCode; resources: Resource; namespaces: string[]; path?: string },
): string {
  const i18n = createInstance();
  void i18n.init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGE_CODES],
    resources,
    ns: namespaces,
    defaultNS: 'common',
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>
        <SessionProvider>{element}</SessionProvider>
      </MemoryRouter>
    </I18nextProvider>,
  );
}
