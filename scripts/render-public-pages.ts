/**
 * Part of `npm run build`: renders the landing, sign-in and sign-up pages to static HTML and
 * collects every public page's head texts, per language, into build/web/public-pages.json,
 * which the server reads at start (server/seo). The components use Vite features (import.meta.glob), so they load
 * through Vite's SSR module loader rather than plain Node.
 *
 *   tsx scripts/render-public-pages.ts [output directory, default build/web]
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createServer } from 'vite';
import { PUBLIC_PAGES_FILE, PublicPages } from '../common/public-pages.ts';

const root = path.resolve(import.meta.dirname, '..');

/** Renders the public pages from the current components and translations. */
export async function renderPublicPagesWithVite(): Promise<PublicPages> {
  const vite = await createServer({
    configFile: path.join(root, 'vite.config.ts'),
    appType: 'custom',
    logLevel: 'error',
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const module = (await vite.ssrLoadModule('/app/public-pages.tsx')) as { renderPublicPages(): unknown };
    return PublicPages.parse(module.renderPublicPages());
  } finally {
    await vite.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const outDir = path.resolve(root, process.argv[2] ?? 'build/web');
  const pages = await renderPublicPagesWithVite();
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, PUBLIC_PAGES_FILE), JSON.stringify(pages));
  console.log(`public pages rendered into ${path.relative(root, path.join(outDir, PUBLIC_PAGES_FILE))}`);
}
