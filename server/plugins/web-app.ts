import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isLanguageCode } from '../../common/locales.ts';
import { PUBLIC_PAGES_FILE, PublicPages } from '../../common/public-pages.ts';
import { ownedBytes } from '../cache/owned-bytes.ts';
import { createPageRenderer } from '../seo/html-document.ts';
import { publicPageAt } from '../seo/seo-pages.ts';
import { renderRobotsTxt, renderSitemap } from '../seo/sitemap.ts';

export interface WebAppOptions {
  /**
   * The public origin (config.publicUrl) for canonical URLs, social tags, robots.txt and the
   * sitemap. Without it the request's own origin is used.
   */
  publicUrl?: string;
}

type Encoding = 'br' | 'gzip';

/** The best encoding the client accepts (q=0 means refused), brotli first. */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    if (q && Number(q.slice(2)) <= 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

/** The rendered public pages of the build; a build without them is incomplete, and says so. */
function readPublicPages(file: string): PublicPages {
  let raw: string;
  try {
    raw = fs.readFileSync(file, 'utf8');
  } catch {
    throw new Error(`${file} is missing: the web build is incomplete. Run \`npm run build\`.`);
  }
  return PublicPages.parse(JSON.parse(raw));
}

const SAFE_HOST = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

/** A bounded memo of compressed pages: a page depends only on path kind, language and origin. */
function createCompressedCache(limit = 256) {
  const entries = new Map<string, Buffer>();
  return (key: string, html: string, encoding: Encoding): Buffer => {
    const cacheKey = `${encoding}|${key}`;
    const hit = entries.get(cacheKey);
    if (hit) return hit;
    // zlib hands a small result as a view into its 16 kB output buffer: keep only the bytes.
    const body = ownedBytes(
      encoding === 'br'
        ? zlib.brotliCompressSync(html, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
          })
        : zlib.gzipSync(html, { level: 9 }),
    );
    if (entries.size >= limit) entries.delete(entries.keys().next().value!);
    entries.set(cacheKey, body);
    return body;
  };
}

/**
 * Serves the built React app: hashed assets cached forever, and for every other non-API path
 * index.html with that page's localized head (server/seo), or for `/` the whole landing page
 * as static HTML. Also robots.txt and sitemap.xml. Text responses are compressed.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string, options: WebAppOptions = {}) {
  const indexFile = path.join(webDistDir, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  const indexHtml = hasBuild ? fs.readFileSync(indexFile, 'utf8') : undefined;
  const pages = hasBuild ? readPublicPages(path.join(webDistDir, PUBLIC_PAGES_FILE)) : undefined;
  const renderPage = indexHtml && pages ? createPageRenderer(indexHtml, pages) : undefined;
  const builtOn = (hasBuild ? fs.statSync(indexFile).mtime : new Date()).toISOString().slice(0, 10);
  const compressed = createCompressedCache();
  const publicUrl = options.publicUrl?.replace(/\/+$/, '');

  const originOf = (request: FastifyRequest) => {
    if (publicUrl) return publicUrl;
    const host = SAFE_HOST.test(request.host) ? request.host : 'localhost';
    return `${request.protocol}://${host}`;
  };

  // Its own scope, so compression applies to these files and not to the API's answers.
  await app.register(async (web) => {
    await web.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
    if (hasBuild) {
      await web.register(fastifyStatic, {
        root: webDistDir,
        // One route that looks files up when asked: a route per built file (~145) cost ~40 ms of
        // every cold start. A path with no file goes on to the not-found handler below.
        wildcard: true,
        index: false,
        // Otherwise send's own 'public, max-age=0' replaces the policy set below.
        cacheControl: false,
        setHeaders(res, file) {
          const hashed = file.includes(`${path.sep}assets${path.sep}`);
          // The service worker is looked at on every visit, so a new one reaches browsers at once.
          const worker = path.basename(file) === 'sw.js';
          res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : worker ? 'no-cache' : 'public, max-age=3600');
        },
      });
    }
    // `/` is a page, not a directory of the build: the same handler as every other page.
    if (hasBuild) web.get('/', { schema: { hide: true } }, (_request, reply) => reply.callNotFound());
    web.get('/robots.txt', { schema: { hide: true } }, (request, reply) =>
      reply
        .header('Cache-Control', 'public, max-age=3600')
        .type('text/plain; charset=utf-8')
        .send(renderRobotsTxt(originOf(request))),
    );
    web.get('/sitemap.xml', { schema: { hide: true } }, (request, reply) =>
      reply
        .header('Cache-Control', 'public, max-age=3600')
        .type('application/xml; charset=utf-8')
        .send(renderSitemap(originOf(request), builtOn)),
    );
  });

  app.setNotFoundHandler((request, reply) => {
    const [pathname = '/', query = ''] = request.url.split('?');
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ message: `Route ${request.method} ${pathname} not found` });
    }
    // A missing file (an old hashed asset, /favicon.png…) is a 404, not the app's HTML.
    if (/\.[a-z0-9]+$/i.test(pathname.slice(pathname.lastIndexOf('/') + 1))) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    }
    if (!renderPage) {
      return reply.code(404).type('text/plain').send('The web app is not built. Run `npm run build` (npm start does it for you).');
    }
    const lang = new URLSearchParams(query).get('lang') ?? undefined;
    const origin = originOf(request);
    const { html, language } = renderPage({ pathname, lang, origin });
    reply
      .header('Cache-Control', 'no-cache')
      .header('Content-Language', language)
      .header('Vary', 'Accept-Encoding')
      .type('text/html; charset=utf-8');
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(html);
    // Every non-public path gets the same page, so the memo stays small whatever is asked.
    const key = `${origin}|${publicPageAt(pathname)?.path ?? '*'}|${isLanguageCode(lang) ? lang : ''}`;
    return reply.header('Content-Encoding', encoding).send(compressed(key, html, encoding));
  });
}
