import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiPort = process.env.API_PORT ?? '3001';

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../build/web',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // The theme is set by /theme-init.js; nothing inline, so the CSP can stay strict.
    assetsInlineLimit: 0,
    rollupOptions: {
      output: {
        // zod-config.ts must run after zod loads and before any module builds a schema; in zod's own
        // chunk it does, whichever chunks the schemas land in (see web/zod-config.ts).
        manualChunks: (id) => (id.includes('/node_modules/zod/') || id.endsWith('/web/zod-config.ts') ? 'zod' : undefined),
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
});
