import type { Page } from '@playwright/test';
import { createAccount, expect, expectNoSeriousA11yViolations, localeTexts, setLanguage, setTheme, test, useSession } from './fixtures.ts';

const LANGUAGES = ['en', 'hi', 'ar', 'es', 'fr', 'de'] as const;

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
const escapeLikeReact = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
const PUBLIC_PAGES = [
  { path: '/', heading: /Get things done,/ },
  { path: '/privacy', heading: 'Privacy Policy' },
  { path: '/terms', heading: 'Terms of Service' },
  { path: '/pricing', heading: 'Pricing Plans' },
  { path: '/contact', heading: 'Contact Us' },
  { path: '/login', heading: 'Welcome back' },
  { path: '/signup', heading: 'Create your account' },
] as const;

/** A rendered i18n key (e.g. "hero.title") would mean a missing text. */
async function expectNoRawKeys(page: Page) {
  const text = await page.locator('body').innerText();
  expect(text).not.toMatch(
    /(?:^|\s)(?:meta|nav|hero|figures|features|beta|testimonials|cta|footer|pricing|contact|privacy|terms|actions|language)\.[a-zA-Z]+/,
  );
}

test.describe('route table of the public site', () => {
  for (const { path, heading } of PUBLIC_PAGES) {
    test(`${path} is public and shows its page`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveURL(new RegExp(`${path === '/' ? '/$' : `${path}$`}`));
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectNoRawKeys(page);
    });
  }

  test('a signed-in visitor stays on the landing page and is offered the dashboard', async ({ page, request }) => {
    await useSession(page, await createAccount(request));
    await page.goto('/');
    await expect(page).toHaveURL(/\/$/);
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Go to dashboard' })).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Get started' })).toBeHidden();
    await expect(banner.getByRole('link', { name: 'Sign in' })).toBeHidden();
    await banner.getByRole('link', { name: 'Go to dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('landing page', () => {
  test('has every section of the spec: top bar, hero, six features, figures, beta, testimonials, call to action, footer', async ({
    page,
  }) => {
    await page.goto('/');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Features' })).toHaveAttribute('href', '#features');
    await expect(banner.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', /\/pricing$/);
    await expect(banner.getByLabel('Language').first()).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', /\/login$/);
    await expect(banner.getByRole('link', { name: 'Get started' })).toHaveAttribute('href', /\/signup$/);

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Get things done, with AI at your side');
    await expect(page.getByRole('link', { name: 'Start for free' })).toHaveAttribute('href', /\/signup$/);
    await expect(page.getByText('Free sign-up · No credit card required')).toBeVisible();

    const features = page.locator('#features');
    for (const title of [
      'Smart task management',
      'AI enhancement',
      'Powerful labels',
      'Mobile first',
      'Secure and private',
      'Team ready',
    ]) {
      await expect(features.getByRole('heading', { level: 3, name: title })).toBeVisible();
    }
    await expect(features.getByRole('listitem')).toHaveCount(6);

    const figures = page.getByRole('region', { name: 'Taskaty in numbers' });
    for (const [value, label] of [
      ['50K+', 'Active users'],
      ['1M+', 'Tasks managed'],
      ['99.9%', 'Uptime'],
      ['4.9', 'Average rating'],
    ] as const) {
      await expect(figures.getByText(value, { exact: true })).toBeVisible();
      await expect(figures.getByText(label, { exact: true })).toBeVisible();
    }

    const beta = page.getByRole('region', { name: 'Every enterprise feature is free during the beta' });
    for (const item of ['AI writing and rewriting', 'Unlimited team members and sharing', 'Priority support']) {
      await expect(beta.getByText(item)).toBeVisible();
    }

    const testimonials = page.getByRole('region', { name: "People who plan with Taskaty don't go back" });
    await expect(testimonials.getByRole('figure')).toHaveCount(3);
    for (const name of ['Sarah Chen', 'Marcus Johnson', 'Priya Sharma']) await expect(testimonials.getByText(name)).toBeVisible();

    await expect(page.getByRole('heading', { name: 'Ready to get organized?' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create your free account' })).toHaveAttribute('href', /\/signup$/);

    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('heading', { name: 'Product' })).toBeVisible();
    await expect(footer.getByRole('heading', { name: 'Legal' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', /\/privacy$/);
    await expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', /\/terms$/);
    await expect(footer.getByLabel('Language')).toBeVisible();
    await expect(footer.getByText('© 2024 Taskaty. All rights reserved.')).toBeVisible();
  });

  test('the Features link scrolls to the features section', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Features' }).click();
    await expect(page).toHaveURL(/#features$/);
    await expect(page.getByRole('heading', { name: 'Everything you need to stay on top of your work' })).toBeInViewport();
  });

  test('is complete without the app: only two small scripts load, far under 60 kB', async ({ page }) => {
    const scripts: string[] = [];
    let bytes = 0;
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push(new URL(response.url()).pathname);
      bytes += Number(response.headers()['content-length'] ?? (await response.body()).length);
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    expect(scripts.sort()).toEqual(['/landing.js', '/theme-init.js']);
    expect(bytes).toBeLessThan(60 * 1024);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('on a phone the menu holds Features, Pricing, Sign in and the language', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Get started' })).toBeVisible();
    await banner.getByLabel('Menu').click();
    await expect(banner.getByRole('link', { name: 'Pricing' })).toBeVisible();
    await banner.getByRole('link', { name: 'Features' }).click();
    await expect(page).toHaveURL(/#features$/);
    await expect(banner.getByRole('link', { name: 'Pricing' })).toBeHidden();
  });

  test('inside the app, going home renders the same landing page live', async ({ page, request }) => {
    await useSession(page, await createAccount(request));
    await page.goto('/pricing');
    await page.getByRole('banner').getByRole('link', { name: 'Taskaty home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Get things done, with AI at your side');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Go to dashboard' })).toBeVisible();
    await expect(page).toHaveTitle('Taskaty – Smart task management with AI');
  });
});

test.describe('legal pages', () => {
  test('the privacy policy has every section, the date and the way home', async ({ page }) => {
    await page.goto('/privacy');
    await expect(page).toHaveTitle('Privacy Policy | Taskaty');
    await expect(page.getByText('Last updated: January 2024')).toBeVisible();
    const article = page.getByRole('article');
    const sections = [
      'Introduction',
      'Information We Collect',
      'How We Use Your Information',
      'Information Sharing and Disclosure',
      'Data Security',
      'Data Retention',
      'Your Rights',
      'Changes to This Privacy Policy',
    ];
    for (const [index, title] of sections.entries()) {
      await expect(article.getByRole('heading', { level: 2, name: `${index + 1}. ${title}` })).toBeVisible();
    }
    for (const sub of ['Personal information', 'Usage information', 'Cookies and tracking technologies']) {
      await expect(article.getByRole('heading', { level: 3, name: sub })).toBeVisible();
    }
    for (const term of [
      'Service providers',
      'Legal requirements',
      'Business transfers',
      'Access',
      'Correction',
      'Deletion',
      'Restriction',
      'Portability',
      'Objection',
    ]) {
      await expect(article.getByText(term, { exact: true })).toBeVisible();
    }
    await expect(article).toContainText('no method of electronic storage is completely secure');
    await expect(article).toContainText('connected cloud drive');
    await expect(article).toContainText('progress tracking and analytics');
    await expect(article).toContainText('web and mobile apps');
    await expect(article).toContainText('a file sync service, a team chat service and a task import service are coming soon');
    await page.getByRole('button', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the terms have every section, the date and the way home', async ({ page }) => {
    await page.goto('/terms');
    await expect(page).toHaveTitle('Terms of Service | Taskaty');
    await expect(page.getByText('Last updated: January 2024')).toBeVisible();
    const article = page.getByRole('article');
    const sections = [
      'Agreement to Terms',
      'Description of Service',
      'User Accounts',
      'Acceptable Use',
      'Intellectual Property',
      'AI-Powered Features',
      'Privacy',
      'Service Availability',
      'Disclaimers',
      'Limitation of Liability',
      'Governing Law',
      'Changes to Terms',
      'Severability',
      'Entire Agreement',
    ];
    for (const [index, title] of sections.entries()) {
      await expect(article.getByRole('heading', { level: 2, name: `${index + 1}. ${title}`, exact: true })).toBeVisible();
    }
    await expect(article).toContainText('close your account by contacting us');
    await expect(article).toContainText('You keep full ownership');
    await expect(article).toContainText('licence');
    await expect(article).toContainText('courts located in California');
    await expect(article).toContainText('at least 30 days');
    await expect(article).toContainText('cloud drive integration');
    await expect(article).toContainText(
      'a file sync service, a cloud drive, a team chat service and a task import service are coming soon',
    );
    await article.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await page.goBack();
    await page.getByRole('button', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the contents list links to each section', async ({ page }) => {
    await page.goto('/terms');
    await page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: '11. Governing Law' }).click();
    await expect(page).toHaveURL(/#law$/);
    await expect(page.getByRole('heading', { level: 2, name: '11. Governing Law' })).toBeInViewport();
  });
});

test('pricing is the Coming Soon page of the spec', async ({ page }) => {
  await page.goto('/pricing');
  await expect(page).toHaveTitle('Pricing Plans | Taskaty');
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing Plans' })).toBeVisible();
  await expect(page.getByText('Coming Soon')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Beta Launch Special' })).toBeVisible();
  await expect(page.getByText('$0', { exact: true })).toBeVisible();
  for (const title of ['AI Features', 'Team Collaboration', 'Premium Support', 'Flexible Plans', 'Enterprise Ready', 'Always Improving']) {
    await expect(page.getByRole('heading', { level: 3, name: title })).toBeVisible();
  }
  await expect(page.getByText('Pricing plans launching: Q2 2024')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  await page.getByRole('button', { name: 'Start Free Today' }).click();
  await expect(page).toHaveURL(/\/signup$/);
});

test('contact is a Coming Soon page titled Contact Us', async ({ page }) => {
  await page.goto('/contact');
  await expect(page).toHaveTitle('Contact Us | Taskaty');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  await expect(page.getByText('Coming Soon')).toBeVisible();
  await page.getByRole('button', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test.describe('metadata in the HTML the server sends (no browser)', () => {
  const meta = (html: string, attribute: 'name' | 'property', key: string) =>
    new RegExp(`<meta ${attribute}="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(html)?.[1];

  for (const language of LANGUAGES) {
    test(`every public page in ${language} is described, indexable and linked to its other languages`, async ({ request, baseURL }) => {
      const t = await localeTexts(language, 'public');
      const keys = {
        '/': 'home',
        '/privacy': 'privacy',
        '/terms': 'terms',
        '/pricing': 'pricing',
        '/contact': 'contact',
        '/login': 'login',
        '/signup': 'signup',
      } as const;
      for (const [path, key] of Object.entries(keys)) {
        const response = await request.get(`${path}?lang=${language}`);
        expect(response.status()).toBe(200);
        const html = await response.text();
        const title = t(`meta.${key}.title`);
        const fullTitle = title.includes('Taskaty') ? title : `${title} | Taskaty`;
        expect(html).toContain(`<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">`);
        expect(html).toContain(`<title>${escapeAttribute(fullTitle)}</title>`);
        expect(meta(html, 'name', 'description')).toBe(escapeAttribute(t(`meta.${key}.description`)));
        expect(meta(html, 'name', 'keywords')).toBeTruthy();
        expect(meta(html, 'name', 'robots')).toBe('index, follow');
        expect(html).toContain(`<link rel="canonical" href="${baseURL}${path}?lang=${language}" />`);
        for (const code of LANGUAGES)
          expect(html).toContain(`<link rel="alternate" hreflang="${code}" href="${baseURL}${path}?lang=${code}" />`);
        expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${baseURL}${path}" />`);
        for (const property of ['og:title', 'og:description', 'og:url', 'og:image', 'og:type', 'og:locale'])
          expect(meta(html, 'property', property)).toBeTruthy();
        for (const name of ['twitter:card', 'twitter:title', 'twitter:description', 'twitter:image'])
          expect(meta(html, 'name', name)).toBeTruthy();
        expect(meta(html, 'property', 'og:image')).toBe(`${baseURL}/og-image.png`);
      }
    });
  }

  test('/ carries the JSON-LD and the visible landing content, per language', async ({ request }) => {
    for (const language of LANGUAGES) {
      const t = await localeTexts(language, 'public');
      const html = await (await request.get(`/?lang=${language}`)).text();
      const json = /<script type="application\/ld\+json">(.+?)<\/script>/.exec(html)?.[1];
      expect(JSON.parse(json!)).toMatchObject({
        '@type': 'SoftwareApplication',
        offers: { price: '0', priceCurrency: 'USD' },
        aggregateRating: { ratingValue: '4.9', ratingCount: '1250' },
      });
      const root = html.slice(html.indexOf('<div id="root">'));
      for (const key of [
        'hero.title',
        'hero.titleHighlight',
        'features.smartTasks.title',
        'features.team.title',
        'testimonials.title',
        'cta.title',
      ]) {
        expect(root).toContain(escapeLikeReact(t(key)));
      }
    }
  });

  test('signed-in pages are noindex, nofollow; robots.txt, sitemap, icons, manifest and social image are served', async ({ request }) => {
    for (const path of ['/dashboard', '/shared', '/labels', '/settings']) {
      expect(await (await request.get(path)).text()).toContain('<meta name="robots" content="noindex, nofollow" />');
    }
    const robots = await request.get('/robots.txt');
    expect(await robots.text()).toMatch(/Sitemap: http.*\/sitemap\.xml/);
    const sitemap = await (await request.get('/sitemap.xml')).text();
    expect(sitemap).toContain('hreflang="ar"');
    expect(sitemap.match(/<url>/g)).toHaveLength(49);
    for (const [path, type] of [
      ['/og-image.png', 'image/png'],
      ['/apple-touch-icon.png', 'image/png'],
      ['/icon-192.png', 'image/png'],
      ['/icon-512.png', 'image/png'],
      ['/favicon.svg', 'image/svg+xml'],
      ['/favicon.ico', 'image/'],
      ['/manifest.webmanifest', 'application/manifest+json'],
    ]) {
      const response = await request.get(path!);
      expect(response.status(), path).toBe(200);
      expect(response.headers()['content-type'], path).toContain(type);
    }
    const manifest = await (await request.get('/manifest.webmanifest')).json();
    expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  });
});

test.describe('languages', () => {
  test('choosing a language on the landing page reloads it in that language, right to left for Arabic, and remembers it', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByTestId('language-select').selectOption('ar');
    await expect(page).toHaveURL(/\?lang=ar/);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('أنجز أكثر، والذكاء الاصطناعي إلى جانبك');
    expect(await page.evaluate(() => localStorage.getItem('taskaty_language'))).toBe('ar');

    // The app keeps the language: links carry it and the stored choice applies.
    await page.getByRole('banner').getByRole('link', { name: 'الأسعار' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'خطط الأسعار' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  });

  test('a stored language is applied to the landing page', async ({ page }) => {
    await setLanguage(page, 'fr');
    await page.goto('/');
    await expect(page).toHaveURL(/\?lang=fr$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Avancez plus vite, avec l'IA à vos côtés");
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  });

  test('?lang= selects the language of a public page in the app, and switching there changes dir and lang in place', async ({ page }) => {
    await page.goto('/pricing?lang=ar');
    await expect(page.getByRole('heading', { level: 1, name: 'خطط الأسعار' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    // A flag is shown beside a language's name only where the browser draws it as one glyph; else
    // it would read as two letters or boxes (web/lib/flag-emoji.ts).
    const flagDrawn = await page.evaluate(() => {
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = '32px sans-serif';
      return (
        context.measureText('\u{1F1F8}\u{1F1E6}').width <
        0.75 * (context.measureText('\u{1F1F8}').width + context.measureText('\u{1F1E6}').width)
      );
    });
    const arabic = page.getByRole('contentinfo').getByTestId('language-select').locator('option[value="ar"]');
    await expect(arabic).toHaveText(flagDrawn ? '🇸🇦 العربية' : 'العربية');
    await page.getByRole('contentinfo').getByTestId('language-select').selectOption('de');
    await expect(page.getByRole('heading', { level: 1, name: 'Preispläne' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page).toHaveTitle('Preispläne | Taskaty');
    expect(await page.evaluate(() => localStorage.getItem('taskaty_language'))).toBe('de');
  });

  for (const language of LANGUAGES) {
    test(`every public page reads in ${language} without raw keys`, async ({ page }) => {
      const t = await localeTexts(language, 'public');
      const legal = await localeTexts(language, 'legal');
      await setLanguage(page, language);
      for (const [path, heading] of [
        ['/', t('hero.titleHighlight')],
        ['/pricing', t('pricing.title')],
        ['/contact', t('contact.title')],
        ['/privacy', legal('privacy.title')],
        ['/terms', legal('terms.title')],
      ]) {
        await page.goto(path!);
        await expect(page.getByRole('heading', { level: 1 })).toContainText(heading!);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expectNoRawKeys(page);
      }
    });
  }
});

test.describe('themes', () => {
  test('a stored dark theme applies before the landing page paints, with the dark theme colour', async ({ page }) => {
    await setTheme(page, 'dark');
    await page.goto('/');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#1f2937');
  });

  test('the system theme follows the device', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/pricing');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#9333ea');
  });
});

test.describe('accessibility', () => {
  for (const language of ['en', 'ar'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      for (const { path } of PUBLIC_PAGES) {
        test(`${path} in ${language}, ${theme}: no serious or critical axe violations`, async ({ page }) => {
          await setLanguage(page, language);
          await setTheme(page, theme);
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
          await expectNoSeriousA11yViolations(page);
        });
      }
    }
  }
});
