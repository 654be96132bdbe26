import type { Resource } from 'i18next';
import type { LanguageCode } from '../../../common/locales.ts';
import { renderStaticMarkup } from '../../lib/static-render.tsx';
import { LandingContent } from './landing-content.tsx';
import { StaticMarkupProvider } from './render-mode.tsx';

/**
 * Build-time only (through web/app/public-pages.tsx, never by the app): renders the landing
 * page to static HTML per language. The server sends that HTML for `/`, so the page is
 * complete before, and without, any script: crawlers read it, and visitors get it with a
 * 2 kB script (/landing.js) instead of the app's bundle.
 */
export function renderStaticLanding(language: LanguageCode, resources: Resource): string {
  return renderStaticMarkup(
    <StaticMarkupProvider value>
      <LandingContent />
    </StaticMarkupProvider>,
    { language, resources, namespaces: ['common', 'public'] },
  );
}
