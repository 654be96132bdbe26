import { createInstance, type Resource } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type LanguageCode } from '../../../common/locales.ts';
import { SessionProvider } from '../../lib/session.tsx';
import { LandingContent } from './landing-content.tsx';
import { StaticMarkupProvider } from './render-mode.tsx';

/**
 * Build-time only (through public-pages.tsx, never by the app): renders the landing
 * page to static HTML per language. The server sends that HTML for `/`, so the page is
 * complete before, and without, any script: crawlers read it, and visitors get it with a
 * 2 kB script (/landing.js) instead of the app's bundle.
 */
export function renderStaticLanding(language: LanguageCode, resources: Resource): string {
  const i18n = createInstance();
  void i18n.init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGE_CODES],
    resources,
    ns: ['common', 'public'],
    defaultNS: 'common',
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <SessionProvider>
          <StaticMarkupProvider value>
            <LandingContent />
          </StaticMarkupProvider>
        </SessionProvider>
      </MemoryRouter>
    </I18nextProvider>,
  );
}
