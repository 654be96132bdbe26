/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Set by vite.config.ts for each build: what the offline copy of the data was saved by (web/lib/offline/offline-cache.ts). */
  readonly VITE_BUILD_ID?: string;
}
