import { isLanguageCode, languageOf, DEFAULT_LANGUAGE, type LanguageCode } from '../../common/locales.ts';
import type { PublicPages, StaticPageKey } from '../../common/public-pages.ts';
import { renderPageHead } from './page-head.ts';
import { publicPageAt } from './seo-pages.ts';

export interface PageRequest {
  pathname: string;
  /** The `lang` query parameter, if any. */
  lang: string | undefined;
  origin: string;
}

export interface RenderedPage {
  html: string;
  language: LanguageCode;
}

const HTML_TAG = /<html\b[^>]*>/i;
const VIEWPORT_META = /<meta\s+name="viewport"[^>]*>/i;
const TITLE = /\s*<title>[\s\S]*?<\/title>/i;
const DESCRIPTION = /\s*<meta\s+name="description"[\s\S]*?>/i;
const APP_ENTRY = /\s*<script\s+type="module"[^>]*\bsrc="[^"]*"[^>]*><\/script>/gi;
const MODULE_PRELOAD = /\s*<link\s+rel="modulepreload"[^>]*>/gi;
/** The address of an app entry script or module preload. */
const SCRIPT_URL = /\b(?:src|href)="([^"]*)"/i;
const EMPTY_ROOT = '<div id="root"></div>';
/**
 * The pages sent as static HTML rendered at build time, and the small script each gets instead
 * of the app's bundle (built from web/static/): the landing page (decision 009), sign-in and sign-up (010).
 */
export const STATIC_PAGE_SCRIPTS: Record<StaticPageKey, string> = { home: '/landing.js', login: '/auth.js', signup: '/auth.js' };
const isStaticPage = (key: string | undefined): key is StaticPageKey => key !== undefined && Object.hasOwn(STATIC_PAGE_SCRIPTS, key);
/**
 * Static pages that lead straight into the app: they prefetch the app's scripts at idle
 * priority, so the dashboard after signing in starts from the cache instead of the network.
 */
const PREFETCHES_APP: ReadonlySet<StaticPageKey> = new Set(['login', 'signup']);
/** Icons browsers look for besides the SVG favicon of index.html. */
const ICONS = [
  { href: '/favicon.ico', tag: '<link rel="icon" href="/favicon.ico" sizes="32x32" />' },
  { href: '/apple-touch-icon.png', tag: '<link rel="apple-touch-icon" href="/apple-touch-icon.png" />' },
];

/**
 * Turns the built index.html into the page for one path and language: the localized head
 * (see page-head.ts) for every path, and for `/`, `/login` and `/signup` the whole page as
 * static HTML with its small script in place of the app's bundle (the bundle loads from the
 * first link into the app).
 */
export function createPageRenderer(indexHtml: string, pages: PublicPages) {
  const base = indexHtml.replace(TITLE, '').replace(DESCRIPTION, '');
  const canInjectHead = VIEWPORT_META.test(base) && HTML_TAG.test(base);
  const canServeStaticPages = canInjectHead && base.includes(EMPTY_ROOT) && base.includes('</body>');
  const missingIcons = ICONS.filter((icon) => !base.includes(`href="${icon.href}"`)).map((icon) => icon.tag);

  return function renderPage({ pathname, lang, origin }: PageRequest): RenderedPage {
    const explicitLanguage = isLanguageCode(lang);
    const language: LanguageCode = explicitLanguage ? lang : DEFAULT_LANGUAGE;
    if (!canInjectHead) return { html: indexHtml, language };

    const head = [renderPageHead({ pathname, language, explicitLanguage, origin, texts: pages.texts[language] }), ...missingIcons].join(
      '\n    ',
    );
    const dir = languageOf(language).rtl ? 'rtl' : 'ltr';
    let html = base
      .replace(HTML_TAG, () => `<html lang="${language}" dir="${dir}">`)
      .replace(VIEWPORT_META, (viewport) => `${viewport}\n    ${head}`);

    const key = publicPageAt(pathname)?.key;
    if (canServeStaticPages && isStaticPage(key)) {
      const prefetch = PREFETCHES_APP.has(key);
      const toPrefetch = (tag: string) => {
        const url = prefetch ? SCRIPT_URL.exec(tag)?.[1] : undefined;
        return url ? `\n    <link rel="prefetch" href="${url}" crossorigin />` : '';
      };
      html = html
        .replace(APP_ENTRY, toPrefetch)
        .replace(MODULE_PRELOAD, toPrefetch)
        .replace(EMPTY_ROOT, () => `<div id="root">${pages.html[key][language]}</div>`)
        .replace('</body>', () => `  <script src="${STATIC_PAGE_SCRIPTS[key]}"></script>\n  </body>`);
    }
    return { html, language };
  };
}
