import { LANGUAGE_CODES } from '../../common/locales.ts';
import { escapeHtml } from './html-escape.ts';
import { PUBLIC_PAGES } from './seo-pages.ts';

/** robots.txt: everything public may be crawled; the API and the signed-in app are not worth it. */
export function renderRobotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /dashboard',
    'Disallow: /shared',
    'Disallow: /labels',
    'Disallow: /settings',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

/**
 * sitemap.xml: every public page in every language (`?lang=`) and its default address, each
 * entry listing all the others as alternates, as search engines expect.
 */
export function renderSitemap(origin: string, lastModified: string): string {
  const entries = PUBLIC_PAGES.flatMap((page) => {
    const url = `${origin}${page.path}`;
    const alternates = [
      ...LANGUAGE_CODES.map((code) => `    <xhtml:link rel="alternate" hreflang="${code}" href="${escapeHtml(`${url}?lang=${code}`)}"/>`),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeHtml(url)}"/>`,
    ];
    return [url, ...LANGUAGE_CODES.map((code) => `${url}?lang=${code}`)].map((loc) =>
      [
        '  <url>',
        `    <loc>${escapeHtml(loc)}</loc>`,
        `    <lastmod>${lastModified}</lastmod>`,
        `    <changefreq>${page.changefreq}</changefreq>`,
        `    <priority>${page.priority}</priority>`,
        ...alternates,
        '  </url>',
      ].join('\n'),
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}
