import { z } from 'zod';
import { LANGUAGE_CODES } from './locales.ts';

/**
 * The public pages as the server sends them: the landing page (`/`), sign-in (`/login`) and
 * sign-up (`/signup`) as static HTML, and the head texts of every public page, per language.
 * `npm run build` renders them from the React components and the translations into
 * build/web/public-pages.json (scripts/render-public-pages.ts); the server reads that file at start.
 */
export const PUBLIC_PAGES_FILE = 'public-pages.json';

/** Page keys of the `meta` texts in the `public` namespace: the public pages the server describes. */
export const PUBLIC_PAGE_KEYS = ['home', 'privacy', 'terms', 'pricing', 'contact', 'login', 'signup'] as const;
export type PublicPageKey = (typeof PUBLIC_PAGE_KEYS)[number];

/** The public pages sent as static HTML rendered at build time (decisions 009 and 010). */
export const STATIC_PAGE_KEYS = ['home', 'login', 'signup'] as const satisfies readonly PublicPageKey[];
export type StaticPageKey = (typeof STATIC_PAGE_KEYS)[number];

export const PageMetaTexts = z.object({ title: z.string().min(1), description: z.string().min(1), keywords: z.string().min(1) });
export type PageMetaTexts = z.infer<typeof PageMetaTexts>;

export const LanguagePageTexts = z.object({
  imageAlt: z.string().min(1),
  pages: z.object(Object.fromEntries(PUBLIC_PAGE_KEYS.map((key) => [key, PageMetaTexts])) as Record<PublicPageKey, typeof PageMetaTexts>),
});
export type LanguagePageTexts = z.infer<typeof LanguagePageTexts>;

const perLanguage = <T extends z.ZodType>(schema: T) =>
  z.object(Object.fromEntries(LANGUAGE_CODES.map((code) => [code, schema])) as Record<(typeof LANGUAGE_CODES)[number], T>);

const StaticHtml = perLanguage(z.string().min(1));

export const PublicPages = z.object({
  html: z.object(Object.fromEntries(STATIC_PAGE_KEYS.map((key) => [key, StaticHtml])) as Record<StaticPageKey, typeof StaticHtml>),
  texts: perLanguage(LanguagePageTexts),
});
export type PublicPages = z.infer<typeof PublicPages>;

/** The head texts of one language from its `public` namespace (`meta.<page>` and `meta.imageAlt`). */
export function pageTextsOf(publicNamespace: unknown): LanguagePageTexts {
  const meta = (publicNamespace as { meta?: Record<string, unknown> } | undefined)?.meta ?? {};
  return LanguagePageTexts.parse({
    imageAlt: meta.imageAlt,
    pages: Object.fromEntries(PUBLIC_PAGE_KEYS.map((key) => [key, meta[key]])),
  });
}
