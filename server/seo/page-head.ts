import { LANGUAGE_CODES, type LanguageCode } from '../../common/locales.ts';
import { softwareApplicationJsonLd } from '../../common/marketing.ts';
import type { LanguagePageTexts } from '../../common/public-pages.ts';
import { escapeHtml, jsonForScript } from './html-escape.ts';
import { OG_LOCALES, publicPageAt, SOCIAL_IMAGE } from './seo-pages.ts';

export interface HeadRequest {
  pathname: string;
  language: LanguageCode;
  /** Whether the address named the language (`?lang=`); then the canonical URL keeps it. */
  explicitLanguage: boolean;
  /** `https://taskaty.example` (no trailing slash). */
  origin: string;
  /** The head texts of `language` (build/web/public-pages.json). */
  texts: LanguagePageTexts;
}

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
const link = (rel: string, href: string, extra = '') => `<link rel="${rel}"${extra} href="${escapeHtml(href)}" />`;

/** Same rule as the web app's usePageMeta: the product name is appended unless the title has it. */
export function fullTitle(title: string): string {
  return title.includes('Taskaty') ? title : `${title} | Taskaty`;
}

/**
 * The <head> tags of a page as the server sends them (spec §2): title, description, keywords,
 * robots, canonical, alternate languages (`?lang=`), Open Graph, Twitter and, for `/`, JSON-LD.
 */
export function renderPageHead({ pathname, language, explicitLanguage, origin, texts }: HeadRequest): string {
  const page = publicPageAt(pathname);
  if (!page) {
    // Signed-in and unknown paths: a plain title, and kept out of search results.
    const home = texts.pages.home;
    return [
      `<title>${escapeHtml(home.title)}</title>`,
      meta('name', 'description', home.description),
      meta('name', 'robots', 'noindex, nofollow'),
    ].join('\n    ');
  }

  const { title, description, keywords } = texts.pages[page.key];
  const pageUrl = `${origin}${page.path}`;
  const canonical = explicitLanguage ? `${pageUrl}?lang=${language}` : pageUrl;
  const image = `${origin}${SOCIAL_IMAGE.path}`;
  const heading = fullTitle(title);
  const tags = [
    `<title>${escapeHtml(heading)}</title>`,
    meta('name', 'description', description),
    meta('name', 'keywords', keywords),
    meta('name', 'robots', 'index, follow'),
    link('canonical', canonical),
    ...LANGUAGE_CODES.map((code) => link('alternate', `${pageUrl}?lang=${code}`, ` hreflang="${code}"`)),
    link('alternate', pageUrl, ' hreflang="x-default"'),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', 'Taskaty'),
    meta('property', 'og:title', heading),
    meta('property', 'og:description', description),
    meta('property', 'og:url', canonical),
    meta('property', 'og:image', image),
    meta('property', 'og:image:width', String(SOCIAL_IMAGE.width)),
    meta('property', 'og:image:height', String(SOCIAL_IMAGE.height)),
    meta('property', 'og:image:alt', texts.imageAlt),
    meta('property', 'og:locale', OG_LOCALES[language]),
    ...LANGUAGE_CODES.filter((code) => code !== language).map((code) => meta('property', 'og:locale:alternate', OG_LOCALES[code])),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', heading),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image),
    meta('name', 'twitter:image:alt', texts.imageAlt),
  ];
  if (page.key === 'home') {
    const data = softwareApplicationJsonLd({ url: canonical, image, description, language });
    // A data block, not a script: the strict CSP (script-src 'self') does not apply to it.
    tags.push(`<script type="application/ld+json">${jsonForScript(data)}</script>`);
  }
  return tags.join('\n    ');
}
