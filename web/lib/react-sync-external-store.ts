/**
 * Stands in for the `use-sync-external-store/shim` package (vite.config.ts aliases it here): react-i18next
 * imports the shim to run on React 17, which has no useSyncExternalStore. React 19 has it, and
 * the shim's fallback code was 0.8 kB of the dashboard's first load (decision 025's budget).
 */
export { useSyncExternalStore } from 'react';
