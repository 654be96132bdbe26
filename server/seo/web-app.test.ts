import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PUBLIC_PAGES_FILE } from '../../common/public-pages.ts';
import { renderPublicPagesWithVite } from '../../scripts/render-public-pages.ts';
import { negotiateEncoding, registerWebApp } from '../plugins/web-app.ts';

/** The shape of the index.html Vite builds (see web/index.html). */
const INDEX_HTML = `<!doctype html>
<html lang="en" dir="ltr">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Taskaty – Smart task management with AI</title>
    <meta
      name="description"
      content="Build-time description."
    />
    <meta name="theme-color" content="#9333ea" />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <script src="/theme-init.js"></script>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-def456.js">
    <link rel="stylesheet" crossorigin href="/assets/index-789.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

let app: FastifyInstance;
let webDir: string;

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'taskaty-web-'));
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(path.join(webDir, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(webDir, 'assets', 'index-789.css'), 'body{color:red}'.repeat(200));
  // What `npm run build` writes next to index.html, rendered from the real components and texts.
  fs.writeFileSync(path.join(webDir, PUBLIC_PAGES_FILE), JSON.stringify(await renderPublicPagesWithVite()));
  app = Fastify({ logger: false });
  await registerWebApp(app, webDir, { publicUrl: 'https://taskaty.example/' });
  await app.ready();
}, 60_000);
afterAll(async () => {
  await app.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

describe('pages served from the built index.html', () => {
  test('/ is the whole landing page as HTML, without the app bundle, before any script runs', async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).not.toContain('Build-time description.');
    expect(html).toContain('<link rel="canonical" href="https://taskaty.example/" />');
    expect(html).toContain('<script type="application/ld+json">');
    // The visible content: hero, the six features, proof and footer.
    for (const text of [
      'Get things done,',
      'Smart task management',
      'AI enhancement',
      'Powerful labels',
      'Mobile first',
      'Secure and private',
      'Team ready',
      '50K+',
      '© 2024 Taskaty.',
    ]) {
      expect(html).toContain(text);
    }
    expect(html).not.toContain('/assets/index-abc123.js');
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('<script src="/landing.js"></script>');
    expect(html).toContain('/assets/index-789.css');
    expect(html).toContain('<script src="/theme-init.js"></script>');
  });

  test('?lang= picks the language of the document, its head and its content', async () => {
    const html = (await get('/?lang=ar')).body;
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('<title>Taskaty – إدارة ذكية للمهام بالذكاء الاصطناعي</title>');
    expect(html).toContain('data-language="ar"');
    expect(html).toContain('<link rel="canonical" href="https://taskaty.example/?lang=ar" />');
    const de = await get('/pricing?lang=de');
    expect(de.headers['content-language']).toBe('de');
    expect(de.body).toContain('<title>Preispläne | Taskaty</title>');
    // An unknown language falls back to English with the default address as canonical.
    expect((await get('/?lang=xx')).body).toContain('<link rel="canonical" href="https://taskaty.example/" />');
  });

  test('/login and /signup are the React pages as static HTML with /auth.js instead of the app bundle, per language', async () => {
    for (const [url, title, heading] of [
      ['/login', '<title>Sign in | Taskaty</title>', 'Welcome back'],
      ['/signup', '<title>Create your free account | Taskaty</title>', 'Create your account'],
      ['/login?lang=ar', '<title>تسجيل الدخول | Taskaty</title>', 'مرحبًا بعودتك'],
    ] as const) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      const html = response.body;
      expect(html, url).toContain(title);
      expect(html, url).toContain('<meta name="robots" content="index, follow" />');
      expect(html, url).toContain(heading);
      expect(html, url).toContain(`data-auth-page="${url.slice(1, url.indexOf('?') === -1 ? undefined : url.indexOf('?'))}"`);
      expect(html, url).toMatch(/<form[^>]*method="post"/);
      // The app's scripts are only prefetched, for after signing in; nothing runs but /auth.js.
      expect(html, url).not.toContain('<script type="module"');
      expect(html, url).not.toContain('modulepreload');
      expect(html, url).toContain('<link rel="prefetch" href="/assets/index-abc123.js" crossorigin />');
      expect(html, url).toContain('<link rel="prefetch" href="/assets/vendor-def456.js" crossorigin />');
      expect(html, url).not.toContain('landing.js');
      expect(html.match(/<script src="\/auth\.js"><\/script>/g), url).toHaveLength(1);
      expect(html, url).toContain('/assets/index-789.css');
      expect(html, url).toContain('<script src="/theme-init.js"></script>');
    }
    expect((await get('/login?lang=ar')).body).toContain('<html lang="ar" dir="rtl">');
    // A trailing slash is the same page.
    expect((await get('/signup/')).body).toContain('data-auth-page="signup"');
  });

  test('other public pages keep the app bundle and get their own head', async () => {
    const html = (await get('/privacy')).body;
    expect(html).toContain('<title>Privacy Policy | Taskaty</title>');
    expect(html).toContain('<meta name="robots" content="index, follow" />');
    expect(html).toContain('/assets/index-abc123.js');
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png" />');
  });

  test('signed-in pages are noindex, nofollow', async () => {
    const html = (await get('/settings')).body;
    expect(html).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect(html).toContain('/assets/index-abc123.js');
  });

  test('HTML and static files are compressed for clients that accept it', async () => {
    const page = await get('/', { 'accept-encoding': 'gzip, br' });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers.vary).toContain('Accept-Encoding');
    expect(zlib.brotliDecompressSync(page.rawPayload).toString()).toContain('Get things done,');
    const gzip = await get('/terms', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toContain('Terms of Service | Taskaty');
    const css = await get('/assets/index-789.css', { 'accept-encoding': 'br' });
    expect(css.headers['content-encoding']).toBe('br');
    expect(css.headers['cache-control']).toContain('immutable');
  });

  test('a missing file is a 404, not the app; an unknown API path is a JSON 404', async () => {
    const asset = await get('/assets/index-old.js');
    expect(asset.statusCode).toBe(404);
    expect(asset.headers['content-type']).toContain('text/plain');
    const api = await get('/api/nothing-here');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Route GET /api/nothing-here not found' });
  });
});

describe('robots.txt and sitemap.xml', () => {
  test('robots.txt allows the public site and points at the sitemap', async () => {
    const response = await get('/robots.txt');
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toContain('User-agent: *');
    expect(response.body).toContain('Disallow: /api/');
    expect(response.body).toContain('Sitemap: https://taskaty.example/sitemap.xml');
  });

  test('the sitemap lists every public page in every language with its alternates', async () => {
    const response = await get('/sitemap.xml');
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const xml = response.body;
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toHaveLength(7 * 7);
    for (const page of ['/', '/pricing', '/signup', '/login', '/contact', '/privacy', '/terms']) {
      expect(locations).toContain(`https://taskaty.example${page}`);
      expect(locations).toContain(`https://taskaty.example${page}?lang=ar`);
    }
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="hi" href="https://taskaty.example/terms?lang=hi"/>');
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="https://taskaty.example/contact"/>');
    expect(xml).not.toContain('/dashboard');
  });
});

test('without a configured public URL, addresses use the request origin (and a safe host only)', async () => {
  const local = Fastify({ logger: false });
  await registerWebApp(local, webDir);
  const html = (await local.inject({ method: 'GET', url: '/terms', headers: { host: 'tasks.example.org:8080' } })).body;
  expect(html).toContain('<link rel="canonical" href="http://tasks.example.org:8080/terms" />');
  const hostile = (await local.inject({ method: 'GET', url: '/terms', headers: { host: 'evil.example"><script>' } })).body;
  expect(hostile).toContain('<link rel="canonical" href="http://localhost/terms" />');
  await local.close();
});

test('encoding negotiation honours q=0 and prefers brotli', () => {
  expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
  expect(negotiateEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
  expect(negotiateEncoding('identity')).toBeUndefined();
  expect(negotiateEncoding(undefined)).toBeUndefined();
});
