import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { build, defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const apiPort = process.env.API_PORT ?? '3001';

/**
 * The only scripts of the server-rendered pages (decisions 009, 010), outside the app's bundle:
 * web/static/<entry>.ts → build/web/<file>. Each is one classic script with nothing to load after
 * it (an IIFE: the pages include it with a plain <script src>), so it stays a few kB.
 */
const STATIC_PAGE_SCRIPTS = { 'landing.js': 'landing-page.ts', 'auth.js': 'auth-page.ts' };

/** After the app's build, in the same `vite build`: one small build per static page script. */
function staticPageScripts(): Plugin {
  let outDir = '';
  return {
    name: 'taskaty-static-page-scripts',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle(error) {
      if (error) return;
      for (const [file, entry] of Object.entries(STATIC_PAGE_SCRIPTS)) {
        await build({
          configFile: false,
          publicDir: false,
          logLevel: 'info',
          build: {
            outDir,
            emptyOutDir: false,
            target: 'es2022',
            sourcemap: false,
            rolldownOptions: {
              input: path.resolve(import.meta.dirname, 'web/static', entry),
              output: { format: 'iife', entryFileNames: file },
            },
          },
        });
      }
    },
  };
}

/** Names this build for the app's offline copy of its data (web/lib/offline/offline-cache.ts): another build starts afresh. */
const BUILD_ID = `${Date.now().toString(36)}`;

export default defineConfig({
  root: 'web',
  define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(BUILD_ID) },
  resolve: {
    // React 19 has what this compatibility package adds to React 17 (web/lib/react-sync-external-store.ts).
    alias: [
      { find: /^use-sync-external-store\/shim$/, replacement: path.resolve(import.meta.dirname, 'web/lib/react-sync-external-store.ts') },
    ],
  },
  publicDir: 'public',
  plugins: [
    react(),
    tailwindcss(),
    staticPageScripts(),
    // The service worker (web/service-worker/sw.ts, decision 032) is built with the list of the files it
    // keeps for offline use. The manifest is ours (web/public/manifest.webmanifest) and the app
    // registers the worker itself once signed in (web/lib/service-worker.ts).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'service-worker',
      filename: 'sw.ts',
      manifest: false,
      injectRegister: false,
      injectManifest: {
        // The signed-in app and what it shows: its scripts, styles, the Arabic and Devanagari fonts
        // (woff2; every browser that runs a service worker reads it), icons and the manifest. Not
        // the static pages' own scripts nor the social image: those pages are never served offline.
        globPatterns: ['index.html', 'theme-init.js', 'manifest.webmanifest', 'favicon.svg', 'icon-*.png', 'assets/*.{js,css,woff2}'],
        maximumFileSizeToCacheInBytes: 1024 * 1024,
      },
    }),
  ],
  build: {
    outDir: '../build/web',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // The theme is set by /theme-init.js; nothing inline, so the CSP can stay strict.
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // zod-config.ts must run after zod loads and before any module builds a schema; in zod's own
            // chunk it does, whichever chunks the schemas land in (see web/zod-config.ts).
            { name: 'zod', test: (id) => id.includes('/node_modules/zod/') || id.endsWith('/web/zod-config.ts') },
            // Everything the app's entry loads statically is one file. Left to itself, the bundler cuts
            // what the entry shares with each lazy screen into its own small file, and every new lazy
            // screen (quick add's parser, Today, the palette) cut it again: 13 kB more for the same code.
            { name: 'app', tags: ['$initial'] },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
});
