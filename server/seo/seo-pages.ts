import type { PublicPageKey } from '../../common/public-pages.ts';

/** Public pages of the route table (spec §2): described, indexable, in the sitemap. */
export const PUBLIC_PAGES: ReadonlyArray<{ path: string; key: PublicPageKey; priority: string; changefreq: string }> = [
  { path: '/', key: 'home', priority: '1.0', changefreq: 'weekly' },
  { path: '/pricing', key: 'pricing', priority: '0.8', changefreq: 'monthly' },
  { path: '/signup', key: 'signup', priority: '0.7', changefreq: 'yearly' },
  { path: '/login', key: 'login', priority: '0.5', changefreq: 'yearly' },
  { path: '/contact', key: 'contact', priority: '0.5', changefreq: 'monthly' },
  { path: '/privacy', key: 'privacy', priority: '0.3', changefreq: 'yearly' },
  { path: '/terms', key: 'terms', priority: '0.3', changefreq: 'yearly' },
];

/** Signed-in pages: never indexed (spec §2). Every other path is answered the same way. */
export const PROTECTED_PATHS: readonly string[] = ['/dashboard', '/shared', '/labels', '/settings'];

export function publicPageAt(pathname: string) {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PUBLIC_PAGES.find((page) => page.path === normalized);
}

/** Open Graph locale of each language. */
export const OG_LOCALES = { en: 'en_US', hi: 'hi_IN', ar: 'ar_AR', es: 'es_ES', fr: 'fr_FR', de: 'de_DE' } as const;

/** The social preview image (web/public/og-image.png) and its size. */
export const SOCIAL_IMAGE = { path: '/og-image.png', width: 1200, height: 630 } as const;
