import { beforeAll, describe, expect, test } from 'vitest';
import type { PublicPages } from '../../common/public-pages.ts';
import { renderPublicPagesWithVite } from '../../scripts/render-public-pages.ts';
import { MARKETING } from '../../common/marketing.ts';
import { jsonForScript } from './html-escape.ts';
import { fullTitle, renderPageHead } from './page-head.ts';

const origin = 'https://taskaty.example';
// The texts the build renders, from the real translations.
let pages: PublicPages;
beforeAll(async () => {
  pages = await renderPublicPagesWithVite();
}, 60_000);
const head = (pathname: string, language: 'en' | 'ar' | 'de' = 'en', explicitLanguage = false) =>
  renderPageHead({ pathname, language, explicitLanguage, origin, texts: pages.texts[language] });
const attribute = (html: string, selector: RegExp) => selector.exec(html)?.[1];

describe('the head of a public page', () => {
  test('the landing page has title, description, keywords, robots, canonical and social tags', () => {
    const html = head('/');
    expect(html).toContain('<title>Taskaty – Smart task management with AI</title>');
    expect(attribute(html, /<meta name="description" content="([^"]+)"/)).toMatch(/^Plan, share and finish your work/);
    expect(attribute(html, /<meta name="keywords" content="([^"]+)"/)).toContain('task management');
    expect(html).toContain('<meta name="robots" content="index, follow" />');
    expect(html).toContain(`<link rel="canonical" href="${origin}/" />`);
    expect(html).toContain(`<meta property="og:url" content="${origin}/" />`);
    expect(html).toContain(`<meta property="og:image" content="${origin}/og-image.png" />`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain('<meta property="og:locale" content="en_US" />');
  });

  test('alternate links name every language with ?lang= and the default address as x-default', () => {
    const html = head('/pricing');
    for (const code of ['en', 'hi', 'ar', 'es', 'fr', 'de']) {
      expect(html).toContain(`<link rel="alternate" hreflang="${code}" href="${origin}/pricing?lang=${code}" />`);
    }
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${origin}/pricing" />`);
  });

  test('a page asked for in a language is described in it and is its own canonical address', () => {
    const html = head('/privacy', 'ar', true);
    expect(html).toContain(`<title>${fullTitle('سياسة الخصوصية')}</title>`);
    expect(html).toContain('<title>سياسة الخصوصية | Taskaty</title>');
    expect(html).toContain(`<link rel="canonical" href="${origin}/privacy?lang=ar" />`);
    expect(html).toContain('<meta property="og:locale" content="ar_AR" />');
    expect(head('/terms', 'de', true)).toContain('<title>Nutzungsbedingungen | Taskaty</title>');
  });

  test('only the landing page carries the SoftwareApplication JSON-LD, with the configured offer and rating', () => {
    const html = head('/');
    const json = attribute(html, /<script type="application\/ld\+json">(.+?)<\/script>/);
    const data = JSON.parse(json!);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'SoftwareApplication',
      name: 'Taskaty',
      offers: { '@type': 'Offer', price: '0', priceCurrency: 'USD' },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: '4.9', ratingCount: '1250' },
    });
    expect(data.aggregateRating.ratingValue).toBe(String(MARKETING.structuredData.ratingValue));
    expect(head('/pricing')).not.toContain('application/ld+json');
  });

  test('signed-in and unknown pages are kept out of search results', () => {
    for (const pathname of ['/dashboard', '/shared', '/labels', '/settings', '/somewhere']) {
      const html = head(pathname);
      expect(html).toContain('<meta name="robots" content="noindex, nofollow" />');
      expect(html).not.toContain('rel="canonical"');
    }
  });
});

test('JSON in a script block cannot close the element', () => {
  expect(jsonForScript({ text: '</script><script>alert(1)</script>' })).not.toContain('</script>');
  expect(JSON.parse(jsonForScript({ text: '</script>\u2028' }))).toEqual({ text: '</script>\u2028' });
});
